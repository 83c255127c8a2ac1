"""How to set up, test, lint, format, type-check, document and build: the commands the
repository defines, and what each one runs.

Sources, most specific first: ``scripts/`` (or ``bin/``, ``tools/``) wrappers, the
Makefile, the justfile, nox sessions, tox environments, ``pyproject.toml`` task
tables (hatch, pdm, poe, taskipy), ``package.json`` scripts, then the ``run:``
steps of the CI workflows.  One item per purpose, naming the command to type
and, when it wraps others, what it runs.
"""

from __future__ import annotations

from collections.abc import Iterable

from gitmemory.offline.bootstrap import runners
from gitmemory.offline.bootstrap.purposes import purpose, tool_purpose
from gitmemory.offline.bootstrap.shell import MAX_ITEM, Task
from gitmemory.offline.bootstrap.snapshot import Snapshot

SLOTS = ("Setup", "Tests", "Lint", "Format", "Type checks", "Docs", "Build")
ORDER = ("setup", "test", "lint", "format", "typecheck", "docs", "build")
_LABEL = dict(zip(ORDER, SLOTS, strict=True))
_MAX_RUNS = 4
# How a repository with this lock file and no setup task of its own is set up.
_LOCKS = (("uv.lock", "uv sync"), ("poetry.lock", "poetry install"), ("pdm.lock", "pdm install"),
          ("Pipfile.lock", "pipenv install --dev"), ("pnpm-lock.yaml", "pnpm install"),
          ("yarn.lock", "yarn install"), ("package-lock.json", "npm ci"))


def picks(snapshot: Snapshot) -> dict[str, Task]:
    """The task to name for each purpose.

    A task named for the purpose wins (``make test``, ``tox -e typing``), most
    specific source first; a purpose no task is named for goes to a task that
    runs the purpose's tool and is not named already; CI steps come last.  With
    no setup task, the lock file says how to install (``uv.lock``: ``uv sync``).
    """
    tasks = runners.all_tasks(snapshot)
    chosen: dict[str, Task] = {}
    for task in tasks:
        aim = task.purpose if task.ci else (task.purpose or purpose(task.name))
        if aim and aim not in chosen:
            chosen[aim] = task
    named = {t.command for t in chosen.values()}
    for task in tasks:
        if task.ci or task.command in named:
            continue
        for aim in dict.fromkeys(tool_purpose(r) for r in task.runs):
            if aim and aim not in chosen:
                chosen[aim] = task
                named.add(task.command)
    if "setup" not in chosen:
        lock = next(((path, how) for path, how in _LOCKS if snapshot.has(path)), None)
        if lock:
            chosen["setup"] = Task("setup", lock[1], (), lock[0], purpose="setup")
    return chosen


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    """(section, text, paths) per purpose, in a fixed order."""
    chosen = picks(snapshot)
    in_ci = runners.ci_runs(snapshot)
    said: set[str] = set()
    for aim in ORDER:
        task = chosen.get(aim)
        if task is None or (task.command in said and not task.ci):
            continue
        said.add(task.command)
        text = f"{_LABEL[aim]}: `{task.command}`" + _runs(task)
        if not task.ci and task.command in in_ci:
            text += "; CI runs it too"
        elif task.ci:
            text += " (as CI runs it)"
        yield "conventions", _fit(text), [task.source]


def _runs(task: Task) -> str:
    """" runs `pytest --cov`, `coverage report`" for a wrapper; "" when it is the tool."""
    shown = [r for r in task.runs if r != task.command][:_MAX_RUNS]
    return " runs " + ", ".join(f"`{r}`" for r in shown) if shown else ""


def _fit(text: str) -> str:
    """Whole code spans only: cut before the span that would pass the limit."""
    while len(text) > MAX_ITEM and ", `" in text:
        text = text[:text.rindex(", `")]
    return text[:MAX_ITEM]
