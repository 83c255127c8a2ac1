"""How a release is made (docs/design.md, "Data flow", step 5): the document that says it
(``RELEASING.md``, ``docs/release-process.md``), the project's release scripts
(``tools/scripts/patchRelease.py``) and what the release workflow runs on what
(``the release workflow, on a push to `main`, runs `npm run release```).

No slot's command: a release, a publish or a deploy never fills one ("Commands that
run").  One item, in what the tree says: the workflow's own steps, the scripts by their
paths, the document by its name; nothing when the tree says none of them.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import choose
from gitmemory.reading.project.ci_steps import WORKFLOWS
from gitmemory.reading.project.purposes import releases
from gitmemory.reading.project.snapshot import Snapshot
from gitmemory.reading.project.task import CI, RUNNER, Task, TaskBook
from gitmemory.reading.project.tool_roles import releasing

SLOTS = ("Releases",)
# A document on how to release, at the top or under docs/ (a level deeper at most).
_DOC = lazy_regex(r"^(?:(?:\.github|docs?|documentation)/(?:[^/]+/)?)?"
                  r"(?:releas(?:e|ing)(?:[-_ ]?(?:process|guide|checklist|instructions))?|"
                  r"how[-_]to[-_]release)\.(?:md|rst|txt|adoc)$", re.I)
# A script named for making a release (`patchRelease.py`, `scripts/release.sh`,
# `bump-version`), in the directories scripts are kept in.
_SCRIPT = lazy_regex(r"^(?:tools/scripts|scripts?|tools|bin|dev|ci)/(?:[\w-]*[Rr]elease|"
                     r"[Rr]elease(?:[-_][\w-]+)?|bump[-_]?version[\w-]*)(?:\.\w+)?$")
# A workflow that publishes the docs, not the project.
_DOCS = lazy_regex(r"\b(?:docs?|documentation|site|pages|website)\b", re.I)
# A package manager running a package script (`npm run release` where yarn.lock names yarn).
_PACKAGE_SCRIPT = lazy_regex(r"^(?:npm|pnpm|yarn|bun) (?:run )?([\w:.-]+)$")
_MAX_SCRIPTS = 3
_MAX_RUNS = 2


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    said: list[str] = []
    paths: list[str] = []
    doc = next((p for p in sorted(snapshot.paths, key=lambda p: (p.count("/"), p))
                if _DOC.match(p)), "")
    if doc:
        said.append(f"{doc} says how")
        paths.append(doc)
    scripts = sorted(p for p in snapshot.paths if _SCRIPT.match(p) and
                     not p.endswith((".md", ".txt", ".json", ".yml", ".yaml")))[:_MAX_SCRIPTS]
    if scripts:
        said.append("release scripts " + ", ".join(f"`{p}`" for p in scripts))
        paths += scripts
    workflow = _workflow(snapshot)
    if workflow:
        said.append(workflow[0])
        paths += workflow[1]
    if said:
        text = "Releases: " + "; ".join(said)
        yield "conventions", text[0].upper() + text[1:], paths


def _workflow(snapshot: Snapshot) -> tuple[str, list[str]] | None:
    """"the release workflow (on a push to `main`) runs `npm run release` (`semantic-release
    --branches main`)" for the first workflow named for releasing whose steps release."""
    book = choose.catalog_of(snapshot)
    for path in sorted(p for p in snapshot.texts if p.startswith(WORKFLOWS)):
        doc = snapshot.yaml(path)
        named = f"{posixpath.basename(path).rsplit('.', 1)[0]} {doc.get('name') or ''}" \
            if isinstance(doc, dict) else ""
        if not releases(named.lower()) or _DOCS.search(named):
            continue
        runs: list[str] = []
        for task in book.tasks:
            if task.origin != CI or task.source != path or task.scope:
                continue
            inner = book.called(task.command) or _package_script(book, task.command)
            if inner is not None and inner.origin == RUNNER and (releases(inner.name) or any(
                    releasing(list(words)) for words in inner.tools)):
                shown = f"`{task.command}`" + (f" (`{inner.runs[0]}`)" if inner.runs else "")
            elif task.tools and releasing(list(task.tools[0])):
                shown = f"`{task.command}`"
            else:
                continue
            runs.append(shown)
        if runs:
            when = _trigger(doc.get("on", doc.get(True)))
            name = posixpath.basename(path)
            return (f"the {name} workflow{f' ({when})' if when else ''} runs " +
                    ", ".join(runs[:_MAX_RUNS]), [path])
    return None


def _package_script(book: TaskBook, command: str) -> Task | None:
    """The package script a package manager runs, whichever manager the lock file names."""
    found = _PACKAGE_SCRIPT.match(command)
    return next((t for t in book.tasks if t.origin == RUNNER and not t.scope and
                 t.source == "package.json" and t.name == found[1]), None) if found else None


def _trigger(on: Any) -> str:
    """When the workflow runs: on a pushed tag, a push to a branch, a published release."""
    if isinstance(on, str):
        on = {on: None}
    if isinstance(on, list):
        on = dict.fromkeys(on)
    if not isinstance(on, dict):
        return ""
    push = on.get("push")
    if isinstance(push, dict) and push.get("tags") is not None:
        return "on a pushed tag"
    if isinstance(push, dict) and isinstance(push.get("branches"), list) and push["branches"]:
        return "on a push to " + ", ".join(f"`{b}`" for b in push["branches"][:2])
    if "release" in on:
        return "when a GitHub release is published"
    if set(on) == {"workflow_dispatch"}:
        return "run by hand"
    return ""
