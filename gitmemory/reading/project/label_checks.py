"""The labels a check in the tree requires of every pull request (docs/design.md,
"Sources").

A workflow that fails a pull request without one of a set of labels (SwiftNIO's "PR label"
workflow: one of `⚠️ semver/major`, `🆕 semver/minor`, `🔨 semver/patch`, `semver/none`)
is a rule a change must follow, whatever the history shows: the label is not in any
commit.  Read where the check says its labels: the inputs of
``mheap/github-action-required-labels`` (``mode``, ``count``, ``labels``), or a step, of
the workflow or of a local composite action it uses, that reads the pull request's labels
with ``gh pr view --json labels`` and compares them with ``jq`` to strings it names.

Where the check is another repository's action (async-http-client's ``uses:
apple/swift-nio/.github/actions/pull_request_semver_label_checker@main``), the labels are
those GitHub's generated release notes group pull requests by (``.github/release.yml``'s
``changelog.categories``): the item names them and says a check requires one.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Iterator
from typing import Any

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.ci_steps import job_steps, workflows
from gitmemory.reading.project.snapshot import Snapshot, table

SLOTS = ("Pull request labels",)
RELEASE_NOTES = (".github/release.yml", ".github/release.yaml")
# another repository's action named for checking a pull request's labels
_LABEL_CHECKER = lazy_regex(r"/[^@:]*label[^@:]*(?:check|requir|verif|ensure)|"
                            r"/[^@:]*(?:check|requir|verif|ensure)[^@:]*label", re.I)
_REQUIRED_LABELS = "mheap/github-action-required-labels"
# a label a jq filter compares with: `. == "semver/none"`
_COMPARED = lazy_regex(r'==\s*"([^"\n]{1,60})"')
_MOST = 8  # labels named


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    for path in workflows(snapshot):
        for said in _checks(snapshot, snapshot.yaml(path)):
            yield "conventions", f"Pull request labels: {said} ({path})", [path]
            return
    notes = next((p for p in RELEASE_NOTES if snapshot.has(p)), "")
    labels = _categories(snapshot.yaml(notes)) if notes else []
    checked = next((path for path in workflows(snapshot) if any(
        _LABEL_CHECKER.search(str(step.get("uses") or ""))
        for step in job_steps(snapshot.yaml(path)))), "")
    if labels and checked:
        yield "conventions", (f"Pull request labels: CI fails a pull request without one of "
                              f"the labels {_listed(labels)}, by which the release notes "
                              f"group it ({checked}, {notes})"), [checked, notes]


def _categories(doc: Any) -> list[str]:
    """The labels of the release notes' categories, in order (GitHub's ``changelog:
    categories: - labels: [...]``); none for the catch-all ``*``."""
    found: list[str] = []
    for category in table(doc, "changelog").get("categories") or []:
        given = category.get("labels") if isinstance(category, dict) else None
        found += [str(x).strip() for x in given or [] if isinstance(given, list) and
                  str(x).strip() not in ("", "*")]
    return list(dict.fromkeys(found))


def _checks(snapshot: Snapshot, doc: Any) -> Iterator[str]:
    """What each label check of a workflow ``doc`` requires, in words."""
    for step in job_steps(doc):
        uses = step.get("uses")
        uses = uses.strip() if isinstance(uses, str) else ""
        if uses.split("@", 1)[0] == _REQUIRED_LABELS:
            said = _required(step.get("with"))
            if said:
                yield said
            continue
        if _LABEL_CHECKER.search(uses):
            said = _sets(step.get("with"))
            if said:
                yield said
            continue
        run = step.get("run")
        runs: list[str] = [run] if isinstance(run, str) else []
        if uses.startswith("./"):
            where = posixpath.normpath(uses)
            action = snapshot.yaml(posixpath.join(where, "action.yml")) or \
                snapshot.yaml(posixpath.join(where, "action.yaml"))
            composite = table(action, "runs").get("steps")
            runs += [s["run"] for s in composite if isinstance(s, dict) and
                     isinstance(s.get("run"), str)] if isinstance(composite, list) else []
        for text in runs:
            if "--json labels" in text and "jq" in text:
                labels = list(dict.fromkeys(_COMPARED.findall(text)))
                if labels:
                    yield "CI fails a pull request without one of the labels " + \
                        _listed(labels)


# a label checker's inputs that list labels (agilepathway/pull-request-label-checker's
# `one_of: major,breaking,feature`), in words
_SET_INPUTS = {"one_of": "without one of", "any_of": "without one of",
               "all_of": "without all of", "none_of": "that carries any of"}


def _sets(given: Any) -> str:
    """A label checker's inputs that list labels in words, or "" (knex's ensure-labels
    workflow, fresh34: one of eleven labels on every pull request)."""
    if not isinstance(given, dict):
        return ""
    said = []
    for key, words in _SET_INPUTS.items():
        raw = given.get(key)
        labels = [x.strip() for x in str(raw or "").replace("\n", ",").split(",") if x.strip()]
        if labels and "${{" not in str(raw):
            said.append(f"{words} the labels {_listed(labels)}")
    return "CI fails a pull request " + "; or ".join(said) if said else ""


def _required(given: Any) -> str:
    """mheap/github-action-required-labels' inputs in words, or ""."""
    if not isinstance(given, dict):
        return ""
    raw = given.get("labels")
    labels = [x.strip() for x in str(raw or "").replace("\n", ",").split(",") if x.strip()]
    mode = str(given.get("mode") or "").strip()
    count = str(given.get("count", "")).strip()  # `count: 0` is read as the number 0
    if not labels or not count.isdigit():
        return ""
    if mode == "maximum" and count == "0":
        return "CI fails a pull request that carries any of the labels " + _listed(labels)
    if mode in ("exactly", "minimum") and count != "0":
        many = "one" if count == "1" else count
        at = "exactly" if mode == "exactly" else "at least"
        return f"CI fails a pull request without {at} {many} of the labels " + \
            _listed(labels)
    return ""


def _listed(labels: list[str]) -> str:
    shown = ", ".join(f"`{label}`" for label in labels[:_MOST])
    return shown + (f" and {len(labels) - _MOST} more" if len(labels) > _MOST else "")
