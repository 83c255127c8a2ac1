"""Explicit knowledge in commit messages: ``Memory-Fact:`` and friends.

See docs/design.md, "Data flow".

They are taken as written, confidence 1.0, whichever provider runs, so the
pipeline calls :func:`trailer_extractions` itself and providers leave them alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import merge_refs
from gitmemory.memory.similar import dedupe_key

TRAILER_SECTIONS = {
    "memory-fact": "facts",
    "memory-facts": "facts",
    "memory-decision": "architectural-decisions",
    "memory-decisions": "architectural-decisions",
    "memory-architectural-decision": "architectural-decisions",
    "memory-convention": "conventions",
    "memory-conventions": "conventions",
    "memory-bug": "bug-patterns",
    "memory-bugs": "bug-patterns",
    "memory-bug-pattern": "bug-patterns",
}


def trailer_section(key: str) -> str | None:
    """The section a ``Memory-*`` key names, or None for any other key."""
    return TRAILER_SECTIONS.get(key.strip().lower())


def memory_lines(commit: Commit) -> Iterable[tuple[str, str]]:
    """(section, text) for each Memory-* trailer, and each ``Memory-*:`` body line
    (a trailer written above a blank line is still meant as one)."""
    pairs = list(commit.trailers)
    for line in commit.body.splitlines():
        key, sep, value = line.strip().partition(":")
        if sep and trailer_section(key):
            pairs.append((key, value))
    for key, value in pairs:
        section = trailer_section(key)
        text = " ".join(value.split())
        if section and text:
            yield section, text


def trailer_extractions(commits: Iterable[Commit]) -> list[Extraction]:
    """Every Memory-* trailer as an extraction (confidence 1.0), repeats merged into one
    with the refs of all the commits that state it."""
    found: dict[tuple[str, str], Extraction] = {}
    for commit in commits:
        for section, text in memory_lines(commit):
            key = (section, dedupe_key(text))
            prior = found.get(key)
            refs = merge_refs(prior.refs if prior else (), (commit.short,))
            found[key] = Extraction(section, prior.content if prior else text, 1.0, refs)
    return list(found.values())
