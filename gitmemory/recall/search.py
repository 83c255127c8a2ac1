"""Ranked search over the memory of every branch (docs/design.md, "Recall").

The corpus is every item of every branch's memory (:mod:`gitmemory.memory.catalog`);
an item a branch shares with a source listed before it (the same branch on
a remote, a merged branch's file) is shown once.  Items
are ranked with BM25 (:mod:`gitmemory.recall.rank`); the best ones are
judged (neutralised, held back or not, stale or not) until ``limit`` hits
are found.  Held-back items that ranked among them are returned apart, so
no caller shows them as hits.
"""

from __future__ import annotations

from gitmemory.errors import GitmemoryError
from gitmemory.memory.catalog import Entry
from gitmemory.memory.markdown import SECTION_IDS, Item
from gitmemory.memory.similar import dedupe_key
from gitmemory.outputs.grounds import Grounds
from gitmemory.recall import rank
from gitmemory.recall.entries import (
    ShownItem,
    awaits_evidence,
    confirm,
    grounds_for,
    mark_stale,
    shown_label,
)


class Hit:
    """An entry, its rank among the hits (from 1) and its score."""

    __slots__ = ("entry", "place", "score", "source")

    def __init__(self, entry: ShownItem, source: Entry, score: float, place: int) -> None:
        self.entry = entry
        self.source = source
        self.score = score
        self.place = place

    def as_dict(self, toplevel: str, *, with_text: bool = True) -> dict[str, object]:
        out = self.entry.as_dict(with_text=with_text)
        out.update(score=round(self.score, 3), ref=self.source.ref and shown_label(self.source.ref),
                   kind=self.source.kind, file=shown_label(self.source.where(toplevel)))
        if self.place:
            out["rank"] = self.place
        return out


class Searched:
    """What a search found: ``hits`` best first, ``held_back`` (matches kept from
    agents, in rank order), and how much was searched."""

    __slots__ = ("branches", "held_back", "hits", "items", "query")

    def __init__(self, query: str, hits: list[Hit], held_back: list[Hit], branches: int,
                 items: int) -> None:
        self.query = query
        self.hits = hits
        self.held_back = held_back
        self.branches = branches
        self.items = items


def search(sources: list[Entry], query: str, repo_dir: str, *, branches: list[str] | None = None,
           sections: list[str] | None = None, limit: int = 10,
           state_dir: str | None = None) -> Searched:
    """The ``limit`` best hits for ``query`` among ``sources`` picked by ``branches``
    (labels or branch names) and ``sections``."""
    terms = rank.query_terms(query)
    if not terms:
        raise GitmemoryError("the query has no words to search for",
                             hint='search for words, e.g. gitmemory search "session cache"')
    if limit < 1:
        raise GitmemoryError("--limit must be at least 1")
    picked = [source for source in sources if source.matches(branches or [])]
    if branches and not picked:
        raise GitmemoryError(f"no memory for branch {', '.join(map(repr, branches))}",
                             hint="gitmemory search --remote also reads remote-tracking branches;"
                                  " gitmemory list shows what exists")
    docs = corpus(picked, sections or list(SECTION_IDS))
    index = rank.Index([_document(item) for _, _, item in docs])
    hits: list[Hit] = []
    held: list[Hit] = []
    said: set[tuple[str, str, str]] = set()
    batch: list[Hit] = []
    judged = _Judged(repo_dir, state_dir)
    for score, number in [*index.scores(terms), (0.0, -1)]:
        if number == -1 or len(hits) + len(batch) == limit:
            # the evidence rule, for the batch the gate let by: one lookup per branch
            judged.confirm(batch)
            for hit in batch:
                (held if hit.entry.held_back else hits).append(hit)
            batch = []
            if number == -1 or len(hits) == limit:
                break
        source, section, item = docs[number]
        key = (source.branch, section, dedupe_key(item.text))
        if key in said:  # the same item on a branch and its remote-tracking ref
            continue
        said.add(key)
        entry = ShownItem(source.label, source.branch, section, item)
        # held by the gate (a download piped into a shell: judged again with the evidence)
        (held if entry.held_back and not awaits_evidence(entry) else batch).append(
            Hit(entry, source, score, 0))
    for place, hit in enumerate(hits, 1):
        hit.place = place
    mark_stale([(hit.entry, hit.source.found) for hit in hits + held], repo_dir)
    return Searched(query, hits, held, len(picked), len(docs))


class _Judged:
    """The evidence rule for hits, each branch's file against its own tip."""

    def __init__(self, repo_dir: str, state_dir: str | None) -> None:
        self.repo_dir, self.state_dir = repo_dir, state_dir
        self.grounds: dict[int, Grounds] = {}

    def confirm(self, batch: list[Hit]) -> None:
        by_source: dict[int, list[Hit]] = {}
        for hit in batch:
            by_source.setdefault(id(hit.source), []).append(hit)
        for group in by_source.values():
            found = group[0].source.found
            grounds = self.grounds.get(id(group[0].source))
            if grounds is None:
                grounds = self.grounds[id(group[0].source)] = grounds_for(
                    self.repo_dir, found, self.state_dir)
            confirm([hit.entry for hit in group], grounds)


def corpus(sources: list[Entry], sections: list[str]) -> list[tuple[Entry, str, Item]]:
    """(source, section, item) for every item of ``sources`` in ``sections``; a file
    seen before for the same branch (a remote that is up to date) is read once."""
    seen: set[tuple[str, str]] = set()
    out: list[tuple[Entry, str, Item]] = []
    for source in sources:
        key = (source.branch, source.found.text)
        if key in seen:
            continue
        seen.add(key)
        out += [(source, section, item) for section in sections
                for item in source.found.memory.sections[section]]
    return out


def _document(item: Item) -> str:
    return f"{item.text} {' '.join(item.paths)}"
