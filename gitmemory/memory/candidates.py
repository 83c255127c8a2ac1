"""Knowledge on its way into a memory file: what a provider found, and how memory changed.

A :class:`Lesson` is what a provider found in an agent session's digest: like a commit's
extraction, plus the session it came from and, when the person stated it, their words
(``said``).

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

    def cited_at(self, order: dict[str, int]) -> int:
        """Where in a run the latest commit the item cites stands (``order``: a commit's
        short id -> its place, oldest first), -1 when it cites none of them."""
        return max((order.get(ref, -1) for ref in self.refs), default=-1)


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


class Lesson:
    """What a session taught: a section, one line, how sure, the session's short id, the
    person's words when they stated it, and the paths it is about (None: not said)."""

    __slots__ = ("confidence", "content", "paths", "said", "section", "session")

    def __init__(self, section: str, content: str, confidence: float, session: str, *,
                 said: str | None = None, paths: tuple[str, ...] | None = None) -> None:
        self.section = section
        self.content = content
        self.confidence = confidence
        self.session = session
        self.said = said
        self.paths = paths

    def __repr__(self) -> str:
        return f"Lesson({self.section!r}, {self.content!r}, session={self.session!r}, " \
            f"said={self.said!r}, paths={self.paths!r})"
