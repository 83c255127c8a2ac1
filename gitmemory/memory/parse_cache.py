"""Memory files by blob id, parsed, kept between runs (docs/design.md, "Memory").

Reading every branch's memory (``gitmemory search``, the MCP server) parses
hundreds of files that rarely change.  A blob never changes, so its text and
what it parses to are kept in ``parsed.cache`` in the local state directory,
keyed by blob id; the cache starts afresh when the parser's module changes.
:class:`gitmemory.memory.blobs.Blobs` consults and fills it.

Items are stored as one string per section (fields and items apart by ASCII
separators, which the parser never leaves in an item), so loading 50,000
items costs a few large strings rather than 200,000 small objects.
"""

from __future__ import annotations

import os

from gitmemory import state
from gitmemory.memory import markdown, suffix
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory

_CACHE = state.Cache(state.PARSED)
MAX_ENTRIES = 5_000  # blobs; past this the oldest half goes
_ITEM, _FIELD, _PART, _PAIR = "\x1e", "\x1f", "\x1d", "\x1c"

Cache = dict[str, tuple[str, Memory | None]]


def load(state_dir: str) -> Cache:
    """The cache in ``state_dir`` (empty when absent, unreadable or of another parser)."""
    table = _CACHE.load(state_dir, _parser_identity())
    if not isinstance(table, dict):
        return {}
    try:
        return {oid: (text, _unpack(packed) if packed else None)
                for oid, (text, packed) in table.items()}
    except (TypeError, ValueError):
        return {}


def store(state_dir: str, cache: Cache, before: int = -1) -> None:
    """Write ``cache`` back when it grew past ``before`` entries (the size it was loaded at)."""
    if len(cache) == before:
        return
    entries = list(cache.items())
    if len(entries) > MAX_ENTRIES:
        entries = entries[-MAX_ENTRIES // 2:]
    table = {oid: (text, _pack(memory) if memory else None) for oid, (text, memory) in entries}
    _CACHE.store(state_dir, _parser_identity(), table)


def _parser_identity() -> tuple[int, ...]:
    out: list[int] = []
    for module in (markdown, suffix):
        try:
            st = os.stat(module.__file__ or "")
        except OSError:
            return (0, 0)
        out += [st.st_mtime_ns, st.st_size]
    return tuple(out)


def _pack(memory: Memory) -> tuple[object, ...]:
    sections = tuple(_ITEM.join(f"{i.text}{_FIELD}{','.join(i.refs)}{_FIELD}"
                                f"{_PART.join(i.paths)}{_FIELD}"
                                f"{_PART.join(k + _PAIR + v for k, v in i.extra)}"
                                for i in memory.sections[sid])
                     for sid in SECTION_IDS)
    return (memory.branch, memory.updated, memory.through, sections, memory.notes,
            memory.extra, memory.fields, memory.format)


def _unpack(packed: tuple[object, ...]) -> Memory:
    branch, updated, through, sections, notes, extra, fields, version = packed
    assert isinstance(branch, str)
    assert isinstance(sections, tuple)
    assert isinstance(version, int)
    items = {sid: _parsed_items(rows) for sid, rows in zip(SECTION_IDS, sections, strict=True)}
    return Memory(branch, items, updated=updated, through=through,  # type: ignore[arg-type]
                  notes=notes, extra=extra, fields=fields,  # type: ignore[arg-type]
                  format=version)


def _parsed_items(rows: str) -> list[Item]:
    out = []
    for row in rows.split(_ITEM) if rows else ():
        text, refs, paths, extra = row.split(_FIELD)
        out.append(Item(text, tuple(refs.split(",")) if refs else (),
                        tuple(paths.split(_PART)) if paths else (),
                        tuple(_pair(pair) for pair in extra.split(_PART)) if extra else ()))
    return out


def _pair(packed: str) -> tuple[str, str]:
    key, _, value = packed.partition(_PAIR)
    return key, value
