"""The form a check in the tree enforces on commit messages or pull request titles
(docs/design.md, "Sources"): a workflow step running a pull request title linter
(``amannn/action-semantic-pull-request``, which takes Conventional Commits by default),
commitlint's action or its settings extending the conventional preset.  A rule CI
enforces is a rule whatever share of the history follows it: the history may predate the
check, and a squash merge takes the title as the commit's subject.

A check the repository ships itself is named by its path: a workflow step whose name
says it checks commit messages or pull request titles ("Check commit messages") and runs
a script of the tree (``tools/commitlint $RANGE``) says which script checks them, so an
agent runs it before pushing; the form is the script's, unread.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Iterator

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.ci_steps import WORKFLOWS, job_steps
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Title checks",)
# commitlint's settings files (the ones a repository keeps at the top)
FILES = ("commitlint.config.js", "commitlint.config.cjs", "commitlint.config.mjs",
         "commitlint.config.ts", ".commitlintrc", ".commitlintrc.json", ".commitlintrc.yml",
         ".commitlintrc.yaml", ".commitlintrc.js", ".commitlintrc.cjs")
# Actions that check a pull request's title as Conventional Commits, by default.
_TITLE_ACTIONS = ("amannn/action-semantic-pull-request",)
_COMMIT_ACTIONS = ("wagoid/commitlint-github-action",)
_FORM = "Conventional Commits (`type(scope): summary`)"


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    said: list[str] = []
    paths: list[str] = []
    for path in sorted(p for p in snapshot.texts if p.startswith(WORKFLOWS)):
        uses = _uses(snapshot.yaml(path))
        name = posixpath.basename(path)
        title = next((a for a in _TITLE_ACTIONS if a in uses), "")
        if title and not any("title" in s for s in said):
            said.append(f"pull request titles must follow {_FORM}: the {name} workflow "
                        f"checks them ({title})")
            paths.append(path)
        lint = next((a for a in _COMMIT_ACTIONS if a in uses), "")
        if lint and _conventional(snapshot) and not any("messages" in s for s in said):
            said.append(f"commit messages must follow {_FORM}: the {name} workflow checks "
                        f"them ({lint})")
            paths.append(path)
    if not any("messages" in s for s in said):
        for path, step, script in _own_checks(snapshot):
            said.append(f"commit messages are checked by the tree's own `{script}`: the "
                        f"{posixpath.basename(path)} workflow's step \"{step}\" runs it")
            paths += [path, script]
            break
    config = next((f for f in FILES if snapshot.has(f)), "")
    if config and _conventional(snapshot) and not any("messages" in s for s in said):
        said.append(f"commit messages must follow {_FORM}: commitlint checks them ({config})")
        paths.append(config)
    if said:
        text = "; ".join(said)
        yield "conventions", f"Title checks: {text[0].upper()}{text[1:]}", paths


def _conventional(snapshot: Snapshot) -> bool:
    """commitlint's settings extend the conventional preset (or there are none to say
    otherwise: its action's default)."""
    texts = [snapshot.text(f) or "" for f in FILES if snapshot.has(f)]
    return not texts or any("config-conventional" in t for t in texts)


def _uses(doc: object) -> set[str]:
    """The actions a workflow's steps use, without their versions."""
    return {step["uses"].split("@")[0] for step in job_steps(doc)
            if isinstance(step.get("uses"), str)}


# A step's name that says it checks commit messages or pull request titles: "Check commit
# messages", "Lint commits", "Validate PR title".
_CHECKS_MESSAGES = lazy_regex(
    r"\b(?:check|lint|verif|validat|enforc)\w*\b.*\b(?:commit(?:s| messages?)|"
    r"(?:pr|pull request) titles?)\b|\b(?:commit(?:s| messages?)|(?:pr|pull request) "
    r"titles?)\b.*\b(?:check|lint|verif|validat)\w*|\bcommitlint\b", re.I)


def _own_checks(snapshot: Snapshot) -> Iterator[tuple[str, str, str]]:
    """(workflow, step name, script) per step named for checking commit messages that
    runs a file of the tree (``tools/commitlint $RANGE``; not in a comment)."""
    for path in sorted(p for p in snapshot.texts if p.startswith(WORKFLOWS)):
        for step in job_steps(snapshot.yaml(path)):
            if not isinstance(step.get("name"), str) or not isinstance(step.get("run"), str) \
                    or not _CHECKS_MESSAGES.search(step["name"]):
                continue
            script = _script_run(snapshot, step["run"])
            if script:
                yield path, " ".join(step["name"].split()), script


# What may stand before the program a line runs: a shell keyword, an operator, or the
# interpreter that runs a script (`python3 scripts/check_commits.py`).
_BEFORE_PROGRAM = frozenset(("then", "do", "else", "||", "|", "!", "bash", "sh", "pwsh",
                             "python", "python3", "node", "ruby", "perl"))


def _script_run(snapshot: Snapshot, run: str) -> str:
    """The first file of the tree a step's lines run, by its path (``tools/commitlint``,
    ``./scripts/check-commits.sh``, ``python3 scripts/x.py``), or ""."""
    for line in run.splitlines():
        words = line.split("#", 1)[0].replace(";", " ").replace("&&", " ").split()
        for at, word in enumerate(words):
            if at and words[at - 1] not in _BEFORE_PROGRAM:
                continue
            name = posixpath.normpath(word.strip("'\"")) if "/" in word else ""
            if name and not name.startswith("..") and snapshot.has(name):
                return name
    return ""
