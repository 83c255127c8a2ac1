"""How the workflows refer to the actions they run: pinned to a full commit SHA, or not.

A project that pins every ``uses:`` to a commit (``actions/checkout@de0f... # v6.0.2``,
as OpenSSF's scorecard asks) holds a new step to the same: an agent that adds
``uses: actions/setup-go@v5`` breaks the convention and the check that keeps it.  Said
when nearly every action a workflow of the tree uses (steps and reusable workflows,
local ones and Docker images aside) is pinned that way, with the count; the updater that
keeps the pins current is named when its settings cover GitHub Actions (Dependabot's
``package-ecosystem: github-actions``, Renovate's settings naming them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import ci_steps
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Actions",)
_PINNED = lazy_regex(r"^[^@\s]+@[0-9a-f]{40}$")
# a pinned `uses:` line with the version it stands for in a comment
_NOTED = lazy_regex(r"uses:\s*['\"]?[^@\s'\"]+@[0-9a-f]{40}['\"]?[ \t]+#", re.M)
_FEWEST = 5  # actions used, for a habit to show
_SHARE = 0.9
_DEPENDABOT = (".github/dependabot.yml", ".github/dependabot.yaml")
_RENOVATE = ("renovate.json", "renovate.json5", ".github/renovate.json", ".renovaterc",
             ".renovaterc.json", ".github/renovate.json5")


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    workflows = ci_steps.workflows(snapshot)
    used = [(path, ref) for path in workflows for ref in _uses(snapshot.yaml(path))]
    if len(used) < _FEWEST:
        return
    pinned = [path for path, ref in used if _PINNED.match(ref)]
    if len(pinned) < len(used) * _SHARE:
        return
    kept, updater = _updater(snapshot)
    noted = sum(len(_NOTED.findall(snapshot.text(path) or "")) for path in workflows)
    comment = ", the version in a comment after it" if noted >= len(pinned) * _SHARE else ""
    text = (f"Actions: each workflow pins the actions it uses to a full commit SHA{comment} "
            f"({len(pinned)} of {len(used)} `uses:`); a new step pins one too{kept}")
    paths = list(dict.fromkeys(pinned))[:3] + ([updater] if updater else [])
    yield "conventions", text, paths


def _uses(doc: Any) -> Iterator[str]:
    """Every action or reusable workflow ``doc`` uses, as written (``org/x@ref``)."""
    jobs = doc.get("jobs") if isinstance(doc, dict) else None
    for job in jobs.values() if isinstance(jobs, dict) else []:
        if isinstance(job, dict) and isinstance(job.get("uses"), str):
            yield job["uses"].strip()
    for step in ci_steps.job_steps(doc):
        ref = step.get("uses")
        if isinstance(ref, str) and not ref.startswith(("./", "docker://")):
            yield ref.strip()


def _updater(snapshot: Snapshot) -> tuple[str, str]:
    """("; Dependabot keeps the pins current", its settings file), or ("", "")."""
    for path in _DEPENDABOT:
        if "github-actions" in (snapshot.text(path) or ""):
            return "; Dependabot keeps the pins current", path
    for path in _RENOVATE:
        text = snapshot.text(path) or ""
        if "github-actions" in text or "helpers:pinGitHubActionDigests" in text:
            return "; Renovate keeps the pins current", path
    return "", ""
