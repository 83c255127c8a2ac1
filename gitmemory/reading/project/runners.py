"""The tasks of the generic task runners: ``scripts/`` wrappers, Makefile, justfile and
Taskfile.  Each recipe becomes a :class:`~gitmemory.reading.project.task.Task` named
by what a person types (``make test``), with what it runs: its prerequisites and its
lines, the Makefile's own literal variables substituted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from gitmemory.reading.project.purposes import purpose
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import Task, make_task

MAKEFILES = ("GNUmakefile", "Makefile", "makefile")
JUSTFILES = ("justfile", "Justfile", ".justfile")
TASKFILES = ("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml")
SCRIPT_DIRS = ("scripts/", "script/", "bin/", "tools/")


def tasks(snapshot: Snapshot) -> list[Task]:
    """Every task of the generic runners, most specific first."""
    return [*_scripts(snapshot), *make(snapshot), *_just(snapshot), *_taskfile(snapshot)]


def _scripts(snapshot: Snapshot) -> Iterable[Task]:
    """Scripts named for a purpose (``scripts/test``, ``script/bootstrap``, ``bin/lint``)."""
    for path, text in sorted(snapshot.texts.items()):
        if path.startswith(SCRIPT_DIRS) and path.count("/") == 1:
            name = path.split("/")[1]
            if purpose(name.rsplit(".", 1)[0] if "." in name else name):
                yield make_task(name, path, _body(text), path, script=True)


def _body(text: str) -> list[str]:
    """A script's lines without its shebang and comments."""
    return [line for line in text.splitlines() if line.strip() and
            not line.lstrip().startswith("#")]


_MAKE_VAR = re.compile(r"^(?:export\s+|override\s+)?([A-Za-z_][\w]*)\s*(?:\?|:|::|\+)?=\s*(.*)$")
_MAKE_TARGET = re.compile(r"^([A-Za-z0-9][\w./-]*(?:\s+[A-Za-z0-9][\w./-]*)*)\s*:(?![=:])\s*"
                          r"([^=;#]*?)\s*(?:;.*)?(?:#.*)?$")


def make(snapshot: Snapshot) -> list[Task]:
    """``make <target>`` for each rule of the first Makefile at the top of the tree."""
    path = next((n for n in MAKEFILES if snapshot.text(n) is not None), None)
    return [] if path is None else makefile_tasks(snapshot.text(path) or "", path)


def makefile_tasks(text: str, path: str, scope: str = "") -> list[Task]:
    env = {"MAKE": "make"}
    rules: list[tuple[str, list[str], list[str]]] = []
    for line in _logical(text.splitlines()):
        if line.startswith("\t"):
            if rules:
                rules[-1][2].append(line[1:])
            continue
        var = _MAKE_VAR.match(line)
        if var and ":" not in var.group(1):
            value = var.group(2).strip()
            if "$" not in value and "`" not in value:
                env.setdefault(var.group(1), value.strip("\"'"))
            continue
        target = _MAKE_TARGET.match(line)
        if target and not line.startswith((".", " ")):
            for name in target.group(1).split():
                rules.append((name, target.group(2).split(), []))
        elif line.strip() and not line.lstrip().startswith(("#", "ifeq", "ifneq", "ifdef",
                                                            "ifndef", "else", "endif")):
            rules.append(("", [], []))  # a directive ends the rule before it
    names = {name for name, _, _ in rules if name}
    return [make_task(name, f"make {name}" if not scope else f"make -C {scope} {name}", body,
                      path, env=env, scope=scope,
                      calls=[f"make {d}" for d in deps if d in names])
            for name, deps, body in rules if name and "%" not in name and "/" not in name]


def _logical(lines: list[str]) -> list[str]:
    """Lines joined where a non-recipe line ends in ``\\``."""
    out: list[str] = []
    for line in lines:
        if out and out[-1].endswith("\\") and not out[-1].startswith("\t"):
            out[-1] = out[-1][:-1] + " " + line.strip()
        else:
            out.append(line)
    return out


_JUST_RECIPE = re.compile(r"^@?([A-Za-z0-9][\w-]*)((?:\s+[^:=]*?)?)\s*:(?!=)\s*(.*)$")
_JUST_VAR = re.compile(r"^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(.*)$")
_JUST_DEP = re.compile(r"\(\s*([\w-]+)[^)]*\)|([\w-]+)")


def _just(snapshot: Snapshot) -> list[Task]:
    path = next((n for n in JUSTFILES if snapshot.text(n) is not None), None)
    if path is None:
        return []
    env: dict[str, str] = {}
    recipes: list[tuple[str, list[str], list[str]]] = []
    aliases: dict[str, str] = {}
    for line in (snapshot.text(path) or "").splitlines():
        if line[:1] in (" ", "\t"):
            if recipes and line.strip() and not line.strip().startswith("#"):
                recipes[-1][2].append(line.strip())
            continue
        if line.startswith(("[", "#", "set ", "import ", "mod ")) or not line.strip():
            continue
        alias = re.match(r"^alias\s+([\w-]+)\s*:=\s*([\w-]+)", line)
        var = _JUST_VAR.match(line)
        recipe = _JUST_RECIPE.match(line)
        if alias:
            aliases[alias.group(1)] = alias.group(2)
        elif var:
            value = var.group(2).strip().strip("\"'")
            if "{{" not in value and "`" not in value:
                env[var.group(1)] = value
        elif recipe:
            deps = [m.group(1) or m.group(2) for m in _JUST_DEP.finditer(recipe.group(3))]
            recipes.append((recipe.group(1), deps, []))
    names = {name for name, _, _ in recipes}
    return [make_task(name, f"just {name}", body, path, env=env,
                      calls=[f"just {d}" for d in deps if d in names])
            for name, deps, body in recipes]


def _taskfile(snapshot: Snapshot) -> list[Task]:
    path = next((n for n in TASKFILES if snapshot.text(n) is not None), None)
    doc = snapshot.yaml(path) if path else None
    found = doc.get("tasks") if isinstance(doc, dict) else None
    if not isinstance(found, dict) or path is None:
        return []
    out = []
    for name, spec in found.items():
        if not isinstance(name, str) or name.startswith("_"):
            continue
        lines, calls = _task_commands(spec)
        out.append(make_task(name, f"task {name}", lines, path,
                             calls=[f"task {c}" for c in calls if c in found]))
    return out


def _task_commands(spec: Any) -> tuple[list[str], list[str]]:
    """(shell lines, tasks called) of a Taskfile task in any of its shapes."""
    if isinstance(spec, str):
        return [spec], []
    if isinstance(spec, list):
        spec = {"cmds": spec}
    if not isinstance(spec, dict):
        return [], []
    lines: list[str] = []
    calls = [d if isinstance(d, str) else str(d.get("task", "")) for d in spec.get("deps") or []
             if isinstance(d, (str, dict))]
    for cmd in spec.get("cmds") or []:
        if isinstance(cmd, str):
            lines.append(cmd)
        elif isinstance(cmd, dict) and isinstance(cmd.get("cmd"), str):
            lines.append(cmd["cmd"])
        elif isinstance(cmd, dict) and isinstance(cmd.get("task"), str):
            calls.append(cmd["task"])
    return lines, calls
