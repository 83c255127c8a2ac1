"""The static analyzers CI runs: a scan service (SonarQube, CodeQL, Coverity), or an
analyzer a step runs or turns on (``clang-tidy`` through a CMake option, ``cppcheck``).

They rarely have a command of their own to type (a scan needs the service's token), yet
a change that trips one fails or flags the pull request: the item names each analyzer
with the workflow that runs it.  An analyzer is recognised by the action a step uses or
by a word of a step's command, settings or environment values that only that analyzer
has; a name in passing (a comment, an env key such as ``SONAR_TOKEN`` alone) is not.  A
task of the repository's runners named for the analyzer (``make cppcheck``) is given
with it: the way to run it before CI does.  What the build itself enforces (warnings as
errors, the analyzers it turns on: :mod:`~gitmemory.reading.project.strictness`) is
said with them, or alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import choose, strictness
from gitmemory.reading.project.ci_steps import is_workflow
from gitmemory.reading.project.shellwords import MAX_ITEM
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import RUNNER, Task
from gitmemory.yaml_text import string_values

SLOTS = ("Static analysis",)
_NEVER = lazy_regex(r"(?!)")
# (name, in the action a step uses, in the text a step runs or passes)
_ANALYZERS = (
    ("SonarQube", lazy_regex(r"^sonarsource/", re.I),
     lazy_regex(r"sonar-scanner|sonar-maven-plugin|\bsonar:sonar\b|dotnet-sonarscanner|"
                r"\bgradlew?\b.*\bsonar(?:qube)?\b", re.I)),
    ("CodeQL", lazy_regex(r"^github/codeql-action/analyze\b", re.I),
     lazy_regex(r"\bcodeql database analyze\b", re.I)),
    ("Coverity", lazy_regex(r"coverity", re.I), lazy_regex(r"\bcov-build\b")),
    ("clang-tidy", lazy_regex(r"clang-tidy", re.I),
     lazy_regex(r"\b(?:run-)?clang-tidy\b|\bCLANG_TIDY\b|ENABLE_CLANG_TIDY", re.I)),
    ("cppcheck", lazy_regex(r"cppcheck", re.I), lazy_regex(r"(?<![\w-])cppcheck(?![\w-])")),
    ("scan-build", _NEVER, lazy_regex(r"(?<![\w-])scan-build(?![\w-])")),
    ("Semgrep", lazy_regex(r"semgrep", re.I), lazy_regex(r"(?<![\w-])semgrep\s+(?:scan|ci)\b")),
    ("Qodana", lazy_regex(r"^jetbrains/qodana-action", re.I), _NEVER),
    ("PVS-Studio", _NEVER, lazy_regex(r"pvs-studio-analyzer", re.I)),
)
_MAX = 4
_GITLAB = ".gitlab-ci.yml"


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    found: dict[str, list[str]] = {}  # workflow -> analyzers, in the order first met
    for path in sorted(snapshot.texts):
        if is_workflow(path):
            steps = list(_github_steps(snapshot.yaml(path)))
        elif path == _GITLAB:
            steps = [("", text) for text in string_values(snapshot.yaml(path))]
        else:
            continue
        named = [name for name, action, command in _ANALYZERS
                 if any(action.search(uses) or command.search(text) for uses, text in steps)]
        seen = {n for names in found.values() for n in names}
        if [n for n in named if n not in seen]:
            found[path] = [n for n in named if n not in seen]
    build, read = strictness.said(snapshot)
    if not found:
        if build:
            yield "conventions", f"Static analysis: {build}", read
        return
    own = {t.name.lower(): t for t in choose.catalog_of(snapshot).tasks
           if t.origin == RUNNER and not t.scope}
    said, count, paths = [], 0, list(found)
    for path, names in found.items():
        shown = names[:_MAX - count]
        if shown:
            said.append(", ".join(_with_task(n, own, paths) for n in shown) +
                        f" ({_workflow(path)})")
            count += len(shown)
    text = "Static analysis: CI runs " + ", ".join(said)
    if build and len(f"{text}; {build}") <= MAX_ITEM:
        text, paths = f"{text}; {build}", [*paths, *read]
    yield "conventions", text, paths


def _with_task(name: str, own: dict[str, Task], paths: list[str]) -> str:
    """``cppcheck (`make cppcheck`)`` where a runner's task is named for the analyzer: the
    command to run it before CI does (its file is cited too)."""
    task = own.get(name.lower())
    if task is None:
        return name
    paths.append(task.source)
    return f"{name} (`{task.command}`)"


def _workflow(path: str) -> str:
    """"the lint workflow" for ``.github/workflows/lint.yml`` (the item cites the file): a
    path in a code span would read as a command to confirm."""
    if path == _GITLAB:
        return "GitLab CI"
    return f"the {path.rsplit('/', 1)[-1].rsplit('.', 1)[0]} workflow"


def _github_steps(doc: Any) -> Iterator[tuple[str, str]]:
    """(the action a step uses, the text it runs or passes: ``run``, ``with`` and ``env``
    values) for each step of each job."""
    jobs = doc.get("jobs") if isinstance(doc, dict) else None
    if not isinstance(jobs, dict):
        return
    for job in jobs.values():
        if not isinstance(job, dict):
            continue
        if isinstance(job.get("uses"), str):  # a reusable workflow, called as a job
            yield job["uses"], ""
        for step in job.get("steps") or []:
            if isinstance(step, dict) and step.get("if") is not False:
                uses = step.get("uses")
                given = [step.get("run"), step.get("with"), step.get("env")]
                text = "\n".join(string_values(given))
                lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
                yield (uses if isinstance(uses, str) else ""), "\n".join(lines)
