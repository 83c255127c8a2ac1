"""The dev container: its image or Dockerfile and the command that sets it up
(``postCreateCommand``), from ``.devcontainer/devcontainer.json``; never a set-up that
installs onto the machine (``sudo apt-get install``, directly or in the script it runs).
"""

from __future__ import annotations

import re
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import ci_steps
from gitmemory.reading.project.snapshot import Snapshot, table
from gitmemory.reading.project.task import GUIDE, Task

SLOTS = ("Dev container",)
FILES = (".devcontainer/devcontainer.json", ".devcontainer.json")
SCRIPT = lazy_regex(r"^\.devcontainer/[\w.-]+\.(?:sh|bash)$")
_COMMENT = lazy_regex(r"^\s*//.*$", re.M)
# A command that installs onto the machine: the container's set-up, not the repository's.
_MACHINE = lazy_regex(r"(?:^|[\s;&|(])(?:sudo\s|(?:apt-get|apt|dnf|yum|zypper|apk|pacman|brew|"
                      r"port|choco|winget)\s+(?:-\S+\s+)*(?:install|add|-S)\b)", re.M)


def _container_config(snapshot: Snapshot) -> tuple[dict[str, Any], str]:
    import json

    for path in FILES:
        text = snapshot.text(path)
        if text:
            try:
                data = json.loads(_COMMENT.sub("", text))
            except ValueError:
                continue
            if isinstance(data, dict):
                return data, path
    return {}, ""


def tasks(snapshot: Snapshot) -> list[Task]:
    """The container's set-up command, as a setup task of the guide's rank."""
    data, path = _container_config(snapshot)
    for key in ("postCreateCommand", "onCreateCommand", "updateContentCommand"):
        value = data.get(key)
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        if isinstance(value, str) and value.strip():
            found = list(ci_steps.tasks_of([value], "devcontainer", path, {}))
            return [Task("setup", value.strip(), (), path, "setup", GUIDE)] if found and \
                len(value) <= 80 and not _onto_the_machine(snapshot, value) else []
    return []


def _onto_the_machine(snapshot: Snapshot, command: str) -> bool:
    """Whether the set-up command, or a script of the tree it runs, installs onto the
    machine (``sudo``, ``apt-get install``): it prepares the container, and run outside
    one it changes the developer's system."""
    scripts = [w.removeprefix("./") for w in command.split() if "/" in w]
    return any(_MACHINE.search(text) for text in (
        command, *(snapshot.text(p) or "" for p in scripts)))


def items(snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
    data, path = _container_config(snapshot)
    if not data:
        return []
    build = table(data, "build")
    image = data.get("image") or build.get("dockerfile") or data.get("dockerFile")
    compose = data.get("dockerComposeFile")
    what = f"image `{image}`" if data.get("image") else f"Dockerfile `{image}`" if image else \
        "Docker Compose" if compose else ""
    if not what:
        return []
    return [("conventions", f"Dev container: {what} ({path})", [path])]
