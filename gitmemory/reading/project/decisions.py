"""The decisions the repository records: its architecture decision records (ADRs).

A directory of numbered records (``adr/0012-final-classes-over-final-docblock.md``,
``docs/decisions/0003-use-postgres.md``) is where a team writes down what it chose and
why, one decision a file, in Nygard's form (``## Status``, ``## Context``, ``## Decision``)
or MADR's (``Status: accepted``, ``## Decision Outcome``).  Each accepted record gives
one item in its own words: the title, then the first sentences of its decision, which
an agent needs and would not open a dozen files to find.  A record whose status says
it no longer holds (superseded, deprecated, rejected) or does not hold yet (proposed,
draft) gives nothing, nor does the template or the index (docs/design.md, "Sources").
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from gitmemory.fences import Fence
from gitmemory.lazy_regex import lazy_regex
from gitmemory.reading.project import history_files
from gitmemory.reading.project.guide_rules import MAX_LINE, _plain
from gitmemory.reading.project.snapshot import Snapshot

SLOTS = ("Decision",)  # one slot, one item in it for each record
# a numbered record in a directory named for them, at most three levels down
RECORD = lazy_regex(r"^(?:(?:docs?|documentation)/)?(?:architecture/)?(?:adrs?|decisions|"
                    r"decision-records|architecture-decisions)/(?:\d{1,5}[-_. ][^/]+)\.(?:md|"
                    r"markdown)$", re.I)
MAX_RECORDS = 12  # the newest: an old record is more often overtaken
_TEMPLATE = lazy_regex(r"(?:^|[-_.])template(?:[-_.]|$)", re.I)
# "## Status\n\nAccepted", "* Status: accepted", "status: superseded by ..." (front matter)
_STATUS_LINE = lazy_regex(r"^\s*(?:[-*]\s+)?\**status\**\s*:\s*\**\s*(.+)$", re.I)
_HOLDS_NOT = lazy_regex(r"\b(?:supersed\w*|deprecat\w*|reject\w*|proposed|draft|withdrawn|"
                        r"obsolete|replaced|abandoned|declined)\b", re.I)
_STATUS = lazy_regex(r"^status$", re.I)
_FRONT_MATTER = lazy_regex(r"\A---\r?\n.*?\r?\n---\r?\n", re.S)
_DECISION = lazy_regex(r"^(?:the\s+)?decision(?:\s+outcome)?s?$|^(?:what\s+we\s+decided|"
                       r"outcome)$", re.I)
_NUMBER = lazy_regex(r"^(\d+)")
_SENTENCE_END = lazy_regex(r"(?<=[.!?])\s+(?=[A-Z`\"'(])")


def wanted(paths: list[str]) -> list[str]:
    """The newest records of the tree, by their number."""
    found = [p for p in paths if RECORD.match(p) and not _TEMPLATE.search(posixpath.basename(p))]
    return sorted(found, key=_number, reverse=True)[:MAX_RECORDS]


def items(snapshot: Snapshot) -> Iterable[tuple[str, str, list[str]]]:
    for path in wanted(snapshot.paths):
        said = _decision(snapshot.text(path) or "")
        if said:
            title, sentences = said
            line = f"Decision: {title}"  # the record's path is the item's evidence
            room = MAX_LINE - len(path) - 12  # the item's paths follow it
            for n, sentence in enumerate(sentences):
                longer = f"{line} \u2014 {sentence}" if n == 0 else f"{line} {sentence}"
                if len(longer) > room:
                    break
                line = longer
            yield "architectural-decisions", line, [path]


def _number(path: str) -> int:
    found = _NUMBER.match(posixpath.basename(path))
    return int(found.group(1)) if found else -1


def _decision(text: str) -> tuple[str, list[str]] | None:
    """The title and the decision's sentences of an accepted record; None for one that
    does not hold, has no title or states no decision."""
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    stated = [m.group(1) for m in map(_STATUS_LINE.match, text.splitlines()) if m]
    text = _FRONT_MATTER.sub("", text)  # its `---` would underline a line as a title
    heads = history_files._headings(history_files._lines(text))
    title = next((head.title for head in heads if head.level == 1), "")
    status = " ".join([line for _, body in history_files.sections(text, _STATUS)
                       for line in body] + stated)
    if not title or _HOLDS_NOT.search(status):
        return None
    decided = _prose(next((body for _, body in history_files.sections(text, _DECISION)), ()))
    if not decided:
        return None
    title = _plain(_NUMBERED_TITLE.sub("", title), False).strip().rstrip(".")
    return title, _SENTENCE_END.split(decided)


_NUMBERED_TITLE = lazy_regex(r"^(?:ADR[-\s]?)?\d+[.:)\s-]+\s*", re.I)


def _prose(body: tuple[str, ...]) -> str:
    """The body's prose, its code blocks (:class:`gitmemory.fences.Fence`) and tables left
    out, on one line."""
    kept = []
    fence = Fence()
    for line in body:
        if fence.step(line) or fence.inside or line.lstrip().startswith("|"):
            continue
        kept.append(re.sub(r"^\s*[-*+]\s+", "", line).strip())
    return " ".join(_plain(" ".join(w for w in kept if w), False).split())
