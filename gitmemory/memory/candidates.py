"""Knowledge on its way into a memory file: what a provider found, and how memory changed.

Plain values shared by every provider, the deterministic merge and the
pipeline; the checks that turn a model's JSON answer into them live in
:mod:`gitmemory.providers.answers`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gitmemory.memory.markdown import Item


@dataclass(frozen=True)
class Extraction:
    section: str
    content: str
    confidence: float
    refs: tuple[str, ...] = ()
    # What the item is about, relative to the top of the tree; None: not said, so memorize
    # derives them from the commits in ``refs`` and the paths the content names.
    paths: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Change:
    action: str
    section: str
    content: str


@dataclass
class Evolution:
    """A full set of sections and the change log that produced it."""

    sections: dict[str, list[Item]]
    changes: list[Change] = field(default_factory=list)
