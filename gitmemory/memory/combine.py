"""Merging new knowledge into a branch memory without a model (docs/design.md, "Data flow").

This is the offline provider's evolution and the fallback when a model's
evolution answer is invalid: append, de-duplicate, merge refs, cap.  It is
deterministic (same input, same output) and it never loses what a person
wrote: items without refs are taken as hand-written and are neither edited
nor evicted by the cap.  Over the cap, the items with the least evidence (fewest
commits behind them) go first, so a fact that run after run confirms is not
pushed out by one-off items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from gitmemory.memory import suffix
from gitmemory.memory.candidates import Change, Evolution, Extraction
from gitmemory.memory.evidence import union_paths
from gitmemory.memory.markdown import HISTORY, SECTION_IDS, Item, Memory, collapsed
from gitmemory.memory.similar import clearer, dedupe_key, detail_changed, same_item

MAX_REFS = 5  # per item: the first commit (where it came from) and the newest ones

# (old wording, new wording) -> the wording to keep when both state the same item (a
# provider's own templates: "Code for `bump` lives in X"), else None.
SameItem = Callable[[str, str], str | None]


def merge_refs(*groups: Iterable[str]) -> tuple[str, ...]:
    """Refs in first-seen order, duplicates (also prefixes of one another) dropped, capped."""
    out: list[str] = []
    for raw in (r for group in groups for r in group):
        ref = raw.strip().lower()
        if not ref:
            continue
        same = next((i for i, r in enumerate(out) if r.startswith(ref) or ref.startswith(r)),
                    None)
        if same is None:
            out.append(ref)
        elif len(ref) < len(out[same]):
            out[same] = ref  # keep the short form the file shows
    return cap_refs(out)


def cap_refs(refs: Sequence[str], limit: int = MAX_REFS) -> tuple[str, ...]:
    """The first ref (the origin) and the newest ``limit - 1``."""
    if len(refs) <= limit:
        return tuple(refs)
    return (refs[0], *refs[len(refs) - limit + 1:])


@dataclass
class _Slot:
    item: Item
    key: str
    status: str  # kept | updated | added

    @property
    def hand_written(self) -> bool:
        """No evidence at all: a person wrote it (generated items carry refs or paths)."""
        return not self.item.refs and not self.item.paths


def deterministic_merge(existing: Memory, new: list[Extraction],
                        max_items_per_section: int, same: SameItem | None = None) -> Evolution:
    """``existing`` with ``new`` appended, duplicates merged, each section capped.

    Automatic items of ``existing`` that say the same thing
    (:func:`gitmemory.memory.similar.same_item`) are folded into one first.
    A new item equal to (or a near-duplicate of, or by ``same`` the same item
    as) an automatic item merges its refs into it until it holds
    ``MAX_REFS`` (then its refs stay, so a habit confirmed run after run does
    not rewrite its line every time); a near-duplicate that changes a detail
    replaces the old wording, one in other words keeps the clearer
    (:func:`gitmemory.memory.similar.clearer`); one equal to a hand-written
    item leaves that item alone.  Over the cap, automatic items with the fewest
    refs go first, and among those the oldest (untouched ones before
    reinforced ones, existing before new); hand-written items are never
    dropped.
    """
    sections: dict[str, list[Item]] = {}
    changes: list[Change] = []
    for sid in SECTION_IDS:
        slots, folded = _fold(existing.sections[sid])
        changes += [Change("removed", sid, item.text) for item in folded]
        for extraction in new:
            if extraction.section == sid:
                _absorb(slots, extraction, same)
        # the history record is capped by its own setting where its lines are written
        removed = [] if sid == HISTORY else _evict(slots, max_items_per_section)
        sections[sid] = [slot.item for slot in slots]
        changes += [Change(slot.status, sid, slot.item.text) for slot in slots]
        changes += [Change("removed", sid, item.text) for item in removed]
    return Evolution(sections, changes)


def _fold(items: list[Item]) -> tuple[list[_Slot], list[Item]]:
    """Slots for a section's items, automatic near-duplicates folded into the first of
    them (refs and paths united, the clearer wording kept); the items folded away."""
    slots: list[_Slot] = []
    folded: list[Item] = []
    for item in items:
        slot = _Slot(item, dedupe_key(item.text), "kept")
        match = None if slot.hand_written else next(
            (s for s in slots if not s.hand_written and same_item(s.item.text, item.text)), None)
        if match is None:
            slots.append(slot)
            continue
        folded.append(item)
        text = clearer(match.item.text, item.text)
        match.item = Item(text, merge_refs(match.item.refs, item.refs),
                          union_paths(match.item.paths, item.paths),
                          suffix.union(match.item.extra, item.extra))
        match.key, match.status = dedupe_key(text), "updated"
    return slots, folded


def _absorb(slots: list[_Slot], extraction: Extraction, same: SameItem | None) -> None:
    text = collapsed(extraction.content)
    key = dedupe_key(text)
    if not key:
        return
    match, newer = _match(slots, text, key, same)
    if match is None:
        slots.append(_Slot(Item(text, merge_refs(extraction.refs),
                                union_paths(extraction.paths or ())), key, "added"))
        return
    if match.hand_written:
        return
    refs = match.item.refs if len(match.item.refs) >= MAX_REFS else \
        merge_refs(match.item.refs, extraction.refs)  # full: the line stops changing
    item = match.item.replace(newer, refs, union_paths(match.item.paths, extraction.paths or ()))
    if item != match.item:
        match.item, match.key = item, dedupe_key(newer)
        if match.status == "kept":
            match.status = "updated"


def _match(slots: list[_Slot], text: str, key: str, same: SameItem | None
           ) -> tuple[_Slot | None, str]:
    """The slot ``text`` restates and the wording to keep: equal keys keep the old
    wording, ``same`` decides for the lines it knows (before :func:`same_item` can), a
    near-duplicate that changes a detail brings its newer wording, one that says the
    same in other words keeps the clearer of the two."""
    for slot in slots:
        if slot.key == key:
            return slot, slot.item.text
    if same is not None:
        for slot in slots:
            wording = same(slot.item.text, text)
            if wording is not None:
                return slot, wording
    for slot in slots:
        if same_item(slot.item.text, text):
            old = slot.item.text
            return slot, text if detail_changed(slot.key, key) else clearer(old, text)
    return None, text


def _evict(slots: list[_Slot], limit: int) -> list[Item]:
    """Evict automatic items until ``slots`` fits ``limit``; return the existing ones evicted.

    The weakest go first: fewest refs, then untouched before reinforced before
    new, then oldest."""
    excess = len(slots) - max(limit, 0)
    if excess <= 0:
        return []
    order = {"kept": 0, "updated": 1, "added": 2}
    candidates = sorted((i for i, s in enumerate(slots) if not s.hand_written),
                        key=lambda i: (len(slots[i].item.refs), order[slots[i].status], i))
    evict = set(candidates[:excess])
    removed = [slots[i].item for i in sorted(evict) if slots[i].status != "added"]
    slots[:] = [s for i, s in enumerate(slots) if i not in evict]
    return removed


def with_record(existing: list[Item], lines: Iterable[Extraction]) -> list[Item]:
    """The history record ``existing`` with ``lines`` after it, none of a commit it
    already has a line for (docs/design.md, "History"): its lines are kept as written,
    never merged or reworded."""
    known = {ref for item in existing for ref in item.refs}
    texts = {item.text for item in existing}
    added: list[Item] = []
    for line in lines:
        if known.intersection(line.refs) or line.content in texts:
            continue
        known.update(line.refs)
        texts.add(line.content)
        added.append(Item(line.content, line.refs, line.paths or ()))
    return [*existing, *added]
