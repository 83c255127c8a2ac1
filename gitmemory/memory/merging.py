"""Three-way merge of two versions of a branch memory file (docs/design.md, "Team sharing").

Git calls this (through ``gitmemory merge-file``) when both sides changed the
same memory file.  The merge is section by section: items are matched by
their normalised content, an item one side removed and the other left alone
stays removed, an item both sides added (in the same or in other words,
:func:`gitmemory.memory.similar.same_item`) appears once with the union of its
refs and the clearer wording, and hand-written prose and extra sections from
both sides are kept (:mod:`gitmemory.memory.prose`).
The result is always a complete memory file without conflict markers.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from gitmemory.memory import suffix
from gitmemory.memory.evidence import union_paths
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory, generate, parse
from gitmemory.memory.prose import merge_extra, merge_lines
from gitmemory.memory.similar import Finder, clearer, normal_key

IsAncestor = Callable[[str, str], bool]
_MARKERS = ("<<<<<<<", ">>>>>>>")


class Unmergeable(Exception):
    """Why two versions cannot be merged here; git's own merge takes over."""


def merge(base: str | None, ours: str, theirs: str,
          is_ancestor: IsAncestor | None = None) -> str | None:
    """The merged file, or None when a side cannot be parsed or the sides' titles differ."""
    try:
        return merge_or_explain(base, ours, theirs, is_ancestor)
    except Unmergeable:
        return None


def merge_or_explain(base: str | None, ours: str, theirs: str,
                     is_ancestor: IsAncestor | None = None) -> str:
    """Like :func:`merge`, but raise :class:`Unmergeable` saying why instead of None."""
    old, mine, other = _sides(base, ours, theirs)
    return generate(merge_memories(old, mine, other, is_ancestor))


def _sides(base: str | None, ours: str, theirs: str) -> tuple[Memory, Memory, Memory]:
    """The base and the two sides, parsed (a base of another branch, or none, is empty);
    :class:`Unmergeable` when a side does not parse or the sides are of two branches."""
    mine, other = _parse_side(ours), _parse_side(theirs)
    if mine is None or other is None:
        raise Unmergeable("cannot parse a side")
    if mine.branch != other.branch:
        raise Unmergeable(f"the sides belong to different branches ({mine.branch!r} and "
                          f"{other.branch!r})")
    old = _parse_side(base) if base else None
    if old is None or old.branch != mine.branch:
        old = Memory(mine.branch)
    return old, mine, other


def union(base: str | None, ours: str, theirs: str) -> str:
    """The merge by sections' fallback, linear in the sides (docs/design.md, "Team
    sharing"): each section holds our items, then theirs, an item with exactly the same
    text as one before it folded into it (its refs and paths united), an item the base
    held that a side removed left out; prose and extra sections merged as by
    :func:`merge_or_explain`.  No item is compared with another for its meaning, so two
    wordings of one point both stay: a later merge or memorize folds them."""
    old, mine, other = _sides(base, ours, theirs)
    merged = Memory(mine.branch, updated=_later(mine.updated, other.updated),
                    through=newer_through(mine, other),
                    fields=_merge_fields(old.fields, mine.fields, other.fields),
                    format=max(old.format, mine.format, other.format))
    for sid in SECTION_IDS:
        merged.sections[sid] = _united(old.sections[sid], mine.sections[sid],
                                       other.sections[sid])
    for sid in ("", *SECTION_IDS):
        lines = merge_lines(old.notes.get(sid, []), mine.notes.get(sid, []),
                            other.notes.get(sid, []))
        if lines:
            merged.notes[sid] = lines
    merged.extra = merge_extra(old.extra, mine.extra, other.extra)
    return generate(merged)


def _united(base: list[Item], ours: list[Item], theirs: list[Item]) -> list[Item]:
    had = {item.text for item in base}
    kept_by = ({item.text for item in ours}, {item.text for item in theirs})
    out: dict[str, Item] = {}
    for item in (*ours, *theirs):
        if item.text in had and not all(item.text in side for side in kept_by):
            continue  # the base had it and a side removed it
        first = out.get(item.text)
        out[item.text] = item if first is None else Item(
            first.text, union_refs(first.refs, item.refs),
            union_paths(first.paths, item.paths), suffix.union(first.extra, item.extra))
    return list(out.values())


def _parse_side(text: str) -> Memory | None:
    """A side's memory; None when it has no title or still holds conflict markers."""
    if any(line.startswith(_MARKERS) for line in text.splitlines()):
        return None
    return parse(text)


def merge_memories(base: Memory, ours: Memory, theirs: Memory,
                   is_ancestor: IsAncestor | None = None) -> Memory:
    """Merge parsed memories of the same branch (``base`` may be empty)."""
    merged = Memory(ours.branch, updated=_later(ours.updated, theirs.updated),
                    through=newer_through(ours, theirs, is_ancestor),
                    fields=_merge_fields(base.fields, ours.fields, theirs.fields),
                    format=max(base.format, ours.format, theirs.format))
    keys = _Keys()
    placed: dict[str, list[tuple[Item, str]]] = {}
    for sid in SECTION_IDS:
        placed[sid] = merge_items(base.sections[sid], ours.sections[sid], theirs.sections[sid],
                                  keys)
    merged.sections = _drop_moved_twice(placed, keys)
    for sid in ("", *SECTION_IDS):
        lines = merge_lines(base.notes.get(sid, []), ours.notes.get(sid, []),
                            theirs.notes.get(sid, []))
        if lines:
            merged.notes[sid] = lines
    merged.extra = merge_extra(base.extra, ours.extra, theirs.extra)
    return merged


# -- items -------------------------------------------------------------------

class _Keys(dict[str, str]):
    """Normalised texts (:func:`gitmemory.memory.similar.normal_key`), each worked out
    once in a merge."""

    def __missing__(self, text: str) -> str:
        key = self[text] = normal_key(text)
        return key


def merge_items(base: list[Item], ours: list[Item], theirs: list[Item],
                keys: _Keys | None = None) -> list[tuple[Item, str]]:
    """One section's items, each with where it came from: "ours", "theirs" or "both".

    Items are matched by what they say (:func:`gitmemory.memory.similar.same_item`): the
    same point in other words on both sides is one item, not two.  Items all three
    versions hold alike are matched with the others, never with each other: a merge
    changes only what a side changed."""
    keys = _Keys() if keys is None else keys
    cluster = _clusters([*ours, *theirs, *base], _unchanged(keys, base, ours, theirs), keys)
    old, mine, other = (_by_key(items, cluster, keys) for items in (base, ours, theirs))
    out: list[tuple[Item, str]] = []
    for key in [*mine, *(k for k in other if k not in mine)]:
        o, t, b = mine.get(key), other.get(key), old.get(key)
        if o is not None and t is not None:
            out.append((_combine(b, o, t), "both"))
        elif o is not None and not (b is not None and _same(o, b)):
            out.append((o, "ours"))
        elif t is not None and not (b is not None and _same(t, b)):
            out.append((t, "theirs"))
    return out


def _unchanged(keys: _Keys, *versions: list[Item]) -> set[str]:
    """Normalised texts every version holds: what neither side changed."""
    return set.intersection(*({keys[item.text] for item in items} for items in versions))


def _clusters(items: list[Item], kept: set[str], keys: _Keys) -> dict[str, str]:
    """Normalised text -> the key of the first item (in ``items`` order) that says the
    same thing, among the pairs of which one at least is not ``kept``: equal texts at
    once, the others through a :class:`Finder` of the changed texts."""
    texts: dict[str, str] = {}  # normalised text -> the first item's wording
    for item in items:
        texts.setdefault(keys[item.text], item.text)
    changed = [key for key in texts if key not in kept]
    finder = Finder(texts[key] for key in changed)
    for key in changed:
        finder.add(texts[key])
    related: dict[str, list[str]] = {key: [] for key in texts}
    for key, text in texts.items():
        for number in finder.matches(text):
            if changed[number] != key:
                related[key].append(changed[number])
                if key in kept:  # the changed text never asks about the kept ones
                    related[changed[number]].append(key)
    order = {key: n for n, key in enumerate(texts)}
    out: dict[str, str] = {}
    for key in texts:
        firsts = [k for k in related[key] if out.get(k) == k]  # earlier cluster heads
        out[key] = min(firsts, key=order.__getitem__) if firsts else key
    return out


def _by_key(items: list[Item], cluster: dict[str, str], keys: _Keys) -> dict[str, Item]:
    """Items by what they say; duplicates within one side fold into the first."""
    out: dict[str, Item] = {}
    for item in items:
        key = cluster[keys[item.text]]
        first = out.get(key)
        out[key] = item if first is None else Item(clearer(first.text, item.text),
                                                   union_refs(first.refs, item.refs),
                                                   union_paths(first.paths, item.paths),
                                                   suffix.union(first.extra, item.extra))
    return out


def _same(item: Item, base: Item) -> bool:
    return item.text == base.text and set(item.refs) == set(base.refs) and \
        set(item.paths) == set(base.paths) and set(item.extra) == set(base.extra)


def _combine(base: Item | None, ours: Item, theirs: Item) -> Item:
    """The same item on both sides: the side that reworded it wins, else the clearer
    wording; evidence is united."""
    if ours == theirs:
        return ours
    if base is not None and ours.text == base.text:
        text = theirs.text
    elif base is not None and theirs.text == base.text:
        text = ours.text
    else:
        text = clearer(ours.text, theirs.text)
    return Item(text, union_refs(ours.refs, theirs.refs), union_paths(ours.paths, theirs.paths),
                suffix.union(ours.extra, theirs.extra))


def union_refs(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    """Refs of both, in order; two abbreviations of one sha count once (the longer kept)."""
    out: list[str] = []
    for ref in (*first, *second):
        low = ref.lower()
        for i, seen in enumerate(out):
            if seen.lower().startswith(low) or low.startswith(seen.lower()):
                if len(ref) > len(seen):
                    out[i] = ref
                break
        else:
            out.append(ref)
    return tuple(out)


def _drop_moved_twice(placed: dict[str, list[tuple[Item, str]]], keys: _Keys
                      ) -> dict[str, list[Item]]:
    """An item each side put in a different new section (both moved it, or both added it)
    appears once, where ours put it."""
    ours_keys: dict[str, str] = {}
    for sid, items in placed.items():
        for item, origin in items:
            if origin == "ours":
                ours_keys.setdefault(keys[item.text], sid)
    out: dict[str, list[Item]] = {}
    for sid, items in placed.items():
        out[sid] = [item for item, origin in items
                    if origin != "theirs" or ours_keys.get(keys[item.text], sid) == sid]
    return out


# -- header ------------------------------------------------------------------

def _merge_fields(base: list[tuple[str, str]], ours: list[tuple[str, str]],
                  theirs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Header fields this version does not know, by name: a side's change wins over the
    unchanged other (ours when both changed), a removal is honoured."""
    old, mine, other = dict(base), dict(ours), dict(theirs)
    out = []
    for name in [*mine, *(n for n in other if n not in mine)]:
        o, t, b = mine.get(name), other.get(name), old.get(name)
        value = t if o is None or (o == b and t is not None) else o
        if value is not None and not ((o is None or t is None) and value == b):
            out.append((name, value))
    return out


def newer_through(ours: Memory, theirs: Memory, is_ancestor: IsAncestor | None = None
                  ) -> str | None:
    """The newer ``Through:`` sha: the descendant if one contains the other, else the one
    from the more recently updated side (ours on a tie)."""
    a, b = ours.through, theirs.through
    if not a or not b or a == b:
        return a or b
    if a.lower().startswith(b.lower()) or b.lower().startswith(a.lower()):
        return a if len(a) >= len(b) else b
    if is_ancestor is not None:
        if is_ancestor(a, b):
            return b
        if is_ancestor(b, a):
            return a
    return b if _strictly_later(theirs.updated, ours.updated) else a


def _later(first: str | None, second: str | None) -> str | None:
    """The later of two ``Last updated:`` stamps (the first on a tie)."""
    if first is None or _strictly_later(second, first):
        return second
    return first


def _strictly_later(stamp: str | None, other: str | None) -> bool:
    """Whether ``stamp`` is later than ``other``; a stamp that does not parse is never later."""
    when, then = _when(stamp), _when(other)
    return when is not None and (then is None or when > then)


def _when(stamp: str | None) -> datetime | None:
    if not stamp:
        return None
    try:
        when = datetime.fromisoformat(stamp.strip())
    except ValueError:
        return None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when
