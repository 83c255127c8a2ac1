"""The repository reading's items as its tests read them: the lines it writes for a tree
of files given in memory, and the one line of a slot."""

from __future__ import annotations

from gitmemory.reading.project import Snapshot, bootstrap_extractions


def lines(files: dict[str, str]) -> list[str]:
    """The text of every item the reading writes for ``files`` (path -> text)."""
    return [e.content for e in bootstrap_extractions(Snapshot(sorted(files), files, []))]


def slot(found: list[str], name: str) -> str:
    """The one line of ``found`` in the slot ``name`` (``Tests``), "" when there is none."""
    hits = [line for line in found if line.startswith(name + ":")]
    assert len(hits) <= 1, hits
    return hits[0] if hits else ""
