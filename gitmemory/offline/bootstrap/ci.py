"""What CI runs: the ``run:`` steps of GitHub workflows and GitLab's ``script:`` lines."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gitmemory.offline.bootstrap.purposes import tool_purpose
from gitmemory.offline.bootstrap.shell import Task, command
from gitmemory.offline.bootstrap.snapshot import Snapshot, strings


def steps(snapshot: Snapshot) -> list[Task]:
    """One task per command CI runs, in workflow order, each command once."""
    out: dict[str, Task] = {}
    for path, lines in _run_lines(snapshot):
        for line in lines:
            found = command(line)
            if found and found not in out:
                out[found] = Task("", found, (), path, purpose=tool_purpose(found), ci=True)
    return list(out.values())


def _run_lines(snapshot: Snapshot) -> Iterable[tuple[str, list[str]]]:
    for path in sorted(snapshot.texts):
        if path.startswith(".github/workflows/"):
            doc = snapshot.yaml(path)
            jobs = doc.get("jobs") if isinstance(doc, dict) else None
            for job in (jobs or {}).values() if isinstance(jobs, dict) else ():
                yield path, [line for step in _steps(job) for line in _lines(step.get("run"))]
        elif path == ".gitlab-ci.yml":
            doc = snapshot.yaml(path)
            for job in (doc or {}).values() if isinstance(doc, dict) else ():
                if isinstance(job, dict):
                    yield path, [line for entry in strings(job.get("script"))
                                 for line in entry.splitlines()]


def _steps(job: Any) -> list[dict[str, Any]]:
    found = job.get("steps") if isinstance(job, dict) else None
    return [s for s in found if isinstance(s, dict)] if isinstance(found, list) else []


def _lines(run: Any) -> list[str]:
    return run.splitlines() if isinstance(run, str) else []
