""".NET: ``dotnet test`` and ``dotnet build`` where they run as written, the targets of a
build script (Nuke or Fallout's ``Target Test =>``, Cake's ``Task("Test")``), the SDK that
global.json pins, the target frameworks of the projects.

``dotnet test`` with no argument runs only where the top of the tree holds exactly one
project or solution file; with several there, the one solution is named; with none, the
solution one level down or the one test project.  A project in examples, samples or test
data is not the project's, and never makes a tree a .NET one.
"""

from __future__ import annotations

import json
import posixpath
import re

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.source_languages import OUTSIDE
from gitmemory.reading.project.task import IMPLIED, RUNNER, Task

_PROJECT = (".csproj", ".fsproj", ".vbproj")
_SOLUTION = (".sln", ".slnx")
_FRAMEWORKS = lazy_regex(r"<TargetFrameworks?(\s[^>]*)?>([^<]+)</TargetFrameworks?>")
_NUKE_TARGET = lazy_regex(r"^\s*(?:public\s+|private\s+|internal\s+)?Target\s+(\w+)\s*=>", re.M)
_CAKE_TASK = lazy_regex(r"""\bTask\(\s*"([\w-]+)"\s*\)""")
_SCRIPTS = ("build.sh", "build.ps1", "Build.ps1", "build.cmd")
# A project that is not the product: tests, benchmarks, samples (`Lib.Tests`, `benchmarks/`;
# not `BenchmarkDotNet`, whose name only starts with the word).
_AUXILIARY = lazy_regex(r"(?:^|[/._-])(?:tests?|specs?|bench(?:marks?)?|samples?|examples?|"
                        r"website|demos?|docs?)(?:[/._-]|$)", re.I)
_GLOBAL = lazy_regex(r"[\w./\\-]*global\.json")


def _own(path: str, depth: int) -> bool:
    return path.count("/") <= depth and not OUTSIDE.search(path)


def global_json(snapshot: Snapshot) -> str:
    """The global.json that pins the SDK: at the top of the tree, one level down
    (``src/global.json``), or where a build script installs the SDK from."""
    if snapshot.has("global.json"):
        return "global.json"
    nested = next((p for p in sorted(snapshot.paths) if p.endswith("/global.json") and
                   p.count("/") == 1), "")
    if nested:
        return nested
    for path, text in sorted(snapshot.texts.items()):
        if posixpath.basename(path).lower().split(".")[0] == "build":
            for named in _GLOBAL.findall(text):
                found = str(posixpath.normpath(named.replace("\\", "/").removeprefix("./")))
                if snapshot.has(found):
                    return found
    return ""


class Dotnet:
    name = "dotnet"

    def present(self, snapshot: Snapshot) -> bool:
        return any((p.endswith(_SOLUTION) and _own(p, 1)) or (p.endswith(_PROJECT) and
                   _own(p, 2)) for p in snapshot.paths)

    def tasks(self, snapshot: Snapshot) -> list[Task]:
        return [*_nuke(snapshot), *_cake(snapshot)]

    def implied(self, snapshot: Snapshot) -> list[Task]:
        found = []
        tests = _target(snapshot, tests=True)
        if tests is not None:
            found.append(Task("test", _with("dotnet test", tests[0]), (), tests[1], "test",
                              IMPLIED))
        build = _target(snapshot, tests=False)
        if build is not None:
            found += [Task("build", _with("dotnet build", build[0]), (), build[1], "build",
                           IMPLIED),
                      Task("setup", _with("dotnet restore", build[0]), (), build[1], "setup",
                           IMPLIED)]
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


def _with(command: str, target: str) -> str:
    return f"{command} {target}" if target else command


def _target(snapshot: Snapshot, *, tests: bool) -> tuple[str, str] | None:
    """(what to name after ``dotnet test``/``build``, the file it was read from): "" where
    the top holds one project or solution file; None where nothing runs as written."""
    top = sorted(p for p in snapshot.paths if "/" not in p and p.endswith((*_SOLUTION,
                                                                           *_PROJECT)))
    if len(top) == 1:
        return "", top[0]
    solutions = [p for p in top if p.endswith(_SOLUTION)]
    if solutions:
        return (solutions[0], solutions[0]) if len(solutions) == 1 else None
    nested = [p for p in snapshot.paths if p.endswith(_SOLUTION) and p.count("/") == 1 and
              _own(p, 1)]
    if len(nested) == 1:
        return nested[0], nested[0]
    projects = [p for p in snapshot.paths if p.endswith(_PROJECT) and _own(p, 2) and
                bool(re.search(r"tests?[./]", p, re.I)) == tests and
                not re.search(r"bench", p, re.I)]
    return (projects[0], projects[0]) if len(projects) == 1 else None


def _script(snapshot: Snapshot) -> str:
    return next((f"./{s}" for s in _SCRIPTS if snapshot.has(s)), "")


def _nuke(snapshot: Snapshot) -> list[Task]:
    """Nuke's (or Fallout's) targets, run by the build script: ``./build.sh Test``."""
    script = _script(snapshot)
    sources = [p for p in sorted(snapshot.texts) if p.endswith(".cs") and
               posixpath.dirname(p).lower() == "build"]
    if not script or not sources:
        return []
    names = dict.fromkeys(n for p in sources for n in _NUKE_TARGET.findall(snapshot.text(p) or ""))
    return [Task(name, f"{script} {name}", (), sources[0], origin=RUNNER) for name in names]


def _cake(snapshot: Snapshot) -> list[Task]:
    """Cake's tasks (build.cake), run by its bootstrapper: ``./build.sh --target=Test``."""
    text = snapshot.text("build.cake")
    if not text:
        return []
    script = _script(snapshot) or "dotnet cake"
    return [Task(name, f"{script} --target={name}", (), "build.cake", origin=RUNNER)
            for name in dict.fromkeys(_CAKE_TASK.findall(text))]


def _frameworks(snapshot: Snapshot) -> tuple[tuple[list[str], list[str]], str]:
    """The target frameworks of Directory.Build.props, else of the main project: the one
    named like the solution, else the shortest-named one that is not a test, benchmark,
    sample or website.  Every element counts (a list that extends another with
    ``$(TargetFrameworks);...`` adds to it); those set only under a ``Condition`` (the
    .NET Framework targets that build on Windows alone) are told apart."""
    solutions = [p for p in snapshot.paths if p.endswith(_SOLUTION) and _own(p, 1)]
    solution = posixpath.basename(solutions[0]).rsplit(".", 1)[0] if len(solutions) == 1 else ""
    props = sorted(p for p in snapshot.texts if posixpath.basename(p) == "Directory.Build.props")
    projects = sorted((p for p in snapshot.texts if p.endswith(_PROJECT) and
                       not _AUXILIARY.search(p)),
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
