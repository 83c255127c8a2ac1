""".NET: ``dotnet test`` and ``dotnet build`` on the solution, the SDK that global.json
pins, the target frameworks of the projects.
"""

from __future__ import annotations

import json
import posixpath
import re

from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import IMPLIED, Task

_PROJECT = (".csproj", ".fsproj", ".vbproj")
_SOLUTION = (".sln", ".slnx")
_FRAMEWORKS = re.compile(r"<TargetFrameworks?(\s[^>]*)?>([^<]+)</TargetFrameworks?>")


def global_json(snapshot: Snapshot) -> str:
    """global.json at the top of the tree, or one level down (``src/global.json``)."""
    if snapshot.has("global.json"):
        return "global.json"
    return next((p for p in sorted(snapshot.paths) if p.endswith("/global.json") and
                 p.count("/") == 1), "")


class Dotnet:
    name = "dotnet"

    def present(self, snapshot: Snapshot) -> bool:
        return bool(_solution(snapshot)) or any(p.endswith(_PROJECT) for p in snapshot.paths)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return []

    def implied(self, snapshot: Snapshot) -> list[Task]:
        solution = _solution(snapshot)
        target = "" if not solution or "/" not in solution else f" {solution}"
        source = solution or next(p for p in sorted(snapshot.paths) if p.endswith(_PROJECT))
        found = [Task("build", f"dotnet build{target}", (), source, "build", IMPLIED),
                 Task("setup", f"dotnet restore{target}", (), source, "setup", IMPLIED)]
        if any(re.search(r"tests?[./]", p, re.I) and p.endswith(_PROJECT)
               for p in snapshot.paths):
            found.insert(0, Task("test", f"dotnet test{target}", (), source, "test", IMPLIED))
        return found

    def facts(self, snapshot: Snapshot) -> list[tuple[str, str, list[str]]]:
        parts: list[str] = []
        paths: list[str] = []
        where = global_json(snapshot)
        try:
            sdk = json.loads(snapshot.text(where) or "{}").get("sdk", {}) if where else {}
        except (ValueError, AttributeError):
            sdk = {}
        if isinstance(sdk, dict) and sdk.get("version"):
            roll = f", rollForward {sdk['rollForward']}" if sdk.get("rollForward") else ""
            parts.append(f"SDK {sdk['version']} ({where}{roll})")
            paths.append(where)
        (always, conditional), source = _frameworks(snapshot)
        if always or conditional:
            said = ", ".join(always[:5])
            if conditional:
                said += ("; " if said else "") + f"{', '.join(conditional[:3])} under a condition"
            parts.append(f"targets {said} ({source})")
            paths.append(source)
        return [("conventions", ".NET: " + "; ".join(parts), paths)] if parts else []


def _solution(snapshot: Snapshot) -> str:
    """The one solution file at the top (or one level down), "" when none or several."""
    for depth in (0, 1):
        found = [p for p in snapshot.paths if p.endswith(_SOLUTION) and p.count("/") == depth]
        if len(found) == 1:
            return found[0]
        if found:
            return ""
    return ""


def _frameworks(snapshot: Snapshot) -> tuple[tuple[list[str], list[str]], str]:
    """The target frameworks of Directory.Build.props, else of the main project: the one
    named like the solution, else the shortest-named one that is not a test, benchmark,
    sample or website.  Every element counts (a list that extends another with
    ``$(TargetFrameworks);...`` adds to it); those set only under a ``Condition`` (the
    .NET Framework targets that build on Windows alone) are told apart."""
    solution = posixpath.basename(_solution(snapshot)).rsplit(".", 1)[0]
    props = sorted(p for p in snapshot.texts if posixpath.basename(p) == "Directory.Build.props")
    projects = sorted((p for p in snapshot.texts if p.endswith(_PROJECT) and not re.search(
        r"test|bench|sample|example|website|demo|doc", p, re.I)),
        key=lambda p: (_stem(p) != solution, len(_stem(p)), p))
    for path in [*props, *projects]:
        always: list[str] = []
        conditional: list[str] = []
        for attributes, value in _FRAMEWORKS.findall(snapshot.text(path) or ""):
            into = conditional if "Condition" in (attributes or "") else always
            into += [f.strip() for f in value.split(";")
                     if f.strip() and "$" not in f and f.strip() not in always + conditional]
        if always or conditional:
            return (always, conditional), path
    return ([], []), ""


def _stem(path: str) -> str:
    return posixpath.basename(path).rsplit(".", 1)[0]
