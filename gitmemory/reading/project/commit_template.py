"""The commit message template the tree keeps (docs/design.md, "Sources").

A template for commit messages (``.gitmessage``, async-http-client's
``dev/git.commit.template``, enabled with ``git config commit.template <file>``) is the
form the team asks of every message: a summary line, then the sections it heads
(``Motivation:``, ``Modifications:``, ``Result:``).  Said once, with the file and the
command that enables it; the template's own prompts ("Explain here the context ...")
are not rules, and are not repeated.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Commit template",)
# `.gitmessage`, `.gitmessage.txt`, `dev/git.commit.template`, `.github/commit-template.txt`
_NAME = lazy_regex(r"^(?:\.?gitmessage|\.?git[-_.]?commit[-_.]?(?:msg[-_.]?)?template|"
                   r"commit[-_.]?(?:msg[-_.]?|message[-_.]?)?template)(?:\.(?:txt|md))?$", re.I)
_DEPTH = 2  # directories above the file, at most (`dev/`, `.github/`)
# a line that heads a section of the body, alone before a blank line: "Motivation:"
_SECTION = lazy_regex(r"^([A-Z][A-Za-z -]{2,30}?)\s*:$")
_MOST = 6
_MOST_LINES = 60


def wanted(paths: list[str]) -> list[str]:
    """The template the reading opens: the shallowest file named as one."""
    return sorted((p for p in paths if p.count("/") <= _DEPTH and
                   _NAME.match(posixpath.basename(p))), key=lambda p: (p.count("/"), p))[:1]


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    for path in wanted(snapshot.paths):
        lines = [line.strip() for line in (snapshot.text(path) or "").splitlines()[:_MOST_LINES]]
        heads = list(dict.fromkeys(
            found.group(1).strip() for n, line in enumerate(lines)
            if (found := _SECTION.match(line)) and (n + 1 == len(lines) or not lines[n + 1])
        ))[:_MOST]
        if len(heads) < 2:
            return
        yield "conventions", (f"Commit template: `{path}` (`git config commit.template "
                              f"{path}`): a one-line summary, then " +
                              ", ".join(f"`{head}:`" for head in heads)), [path]
