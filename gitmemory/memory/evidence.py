"""What an item rests on, and whether that still exists (docs/design.md, "Memory").

An item's evidence is the commits it came from (``refs``) and the paths it is
about (``paths``).  An item whose paths are all gone from a tree is *stale*: it
describes code that is no longer there.  Checking that is one ``lstat`` per
path and no git process, so the checkout hook can afford it.

The rest are pure helpers of the memorize pipeline: the paths an item names
in its text, a short summary of the many files its commits touched, paths
carried through a model's evolution, renames applied, and items dropped with
the reason said.
"""

from __future__ import annotations

import os
import posixpath

from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.memory.suffix import valid_path

TYPE_CHECKING = False
if TYPE_CHECKING:  # the checkout hook imports this module: no collections.abc at run time
    from collections.abc import Callable, Container, Iterable, Mapping

MAX_PATHS = 8  # per item: enough to place it, short enough to read
_WORD_EDGES = "`'\"()[]{}<>,;:!?"


def stale(item: Item, toplevel: str) -> bool:
    """Whether every path ``item`` cites is gone from the work tree at ``toplevel``.

    An item without paths is never stale: nothing says what it depends on.
    """
    return bool(item.paths) and not any(
        os.path.lexists(os.path.join(toplevel, path.rstrip("/"))) for path in item.paths)


def union_paths(*groups: Iterable[str]) -> tuple[str, ...]:
    """Paths in first-seen order, each once, none inside a directory also cited, at most
    :data:`MAX_PATHS`."""
    out: list[str] = []
    for path in (p for group in groups for p in group):
        if path not in out:
            out.append(path)
    dirs = [p for p in out if p.endswith("/")]
    out = [p for p in out if not any(p != d and p.startswith(d) for d in dirs)]
    return tuple(out[:MAX_PATHS])


def mentioned(text: str) -> list[str]:
    """Words of ``text`` that read as repository paths (``src/api/``, `` `setup.cfg` ``):
    candidates only, the caller keeps those that exist."""
    found: list[str] = []
    for raw in text.split():
        word = raw.strip(_WORD_EDGES).removeprefix("./").rstrip(".")
        if "/" not in word and "." not in word[1:]:
            continue
        if "://" in raw or word.startswith(("@", "~")) or not valid_path(word):
            continue
        if word not in found:
            found.append(word)
    return found


def summarise(paths: Iterable[str], limit: int = MAX_PATHS) -> tuple[str, ...]:
    """At most ``limit`` paths standing for ``paths``: the deepest files give way to their
    directory (``src/api/``) until the list fits; files at the top stay files."""
    entries = list(dict.fromkeys(p for p in paths if p))
    while len(entries) > limit:
        depth = max(_depth(e) for e in entries)
        if depth == 0:
            break
        entries = list(dict.fromkeys(
            posixpath.dirname(e.rstrip("/")) + "/" if _depth(e) == depth else e
            for e in entries))
    return tuple(entries[:limit])


def _depth(path: str) -> int:
    return path.rstrip("/").count("/")


def renamed(paths: tuple[str, ...], moves: Mapping[str, str],
            present: Container[str] = ()) -> tuple[str, ...]:
    """``paths`` with each moved file (``old -> new``) and each directory whose files all
    moved to one other directory following the move; paths in ``present`` stay."""
    out = []
    for path in paths:
        if path in present:
            out.append(path)
        elif path in moves:
            out.append(moves[path])
        elif path.endswith("/"):
            out.append(_moved_dir(path, moves) or path)
        else:
            out.append(path)
    return union_paths(out)


def followed(item: Item, moves: Mapping[str, str], present: Container[str] = ()) -> Item:
    """``item`` after the renames ``moves`` (``old -> new``): its paths follow
    (:func:`renamed`), and so does each path its text names, written whole or, when the
    file's own name changed, by that name alone (``app.py`` -> ``main.py``)."""
    paths = renamed(item.paths, moves, present)
    if paths == item.paths:
        return item
    text = item.text
    for old, new in zip(item.paths, _aligned(item.paths, moves, present), strict=True):
        if new != old:
            if old.endswith("/"):  # a directory, named with its slash
                text = _swap(text, old, new)
            text = _swap(text, old.rstrip("/"), new.rstrip("/"))
            old_name, new_name = posixpath.basename(old.rstrip("/")), \
                posixpath.basename(new.rstrip("/"))
            if old_name != new_name and "." in old_name[1:]:
                text = _swap(text, old_name, new_name)
    return item.replace(text=text, paths=paths)


def _aligned(paths: tuple[str, ...], moves: Mapping[str, str], present: Container[str]
             ) -> list[str]:
    """Each path's new name (itself when it stays), one for one."""
    return [p if p in present else moves.get(p) or
            ((_moved_dir(p, moves) or p) if p.endswith("/") else p) for p in paths]


_PATH_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./")


def _swap(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` where it stands as a whole path (not as
    part of a longer one: ``src/app.py`` is not in ``src/app.pyc`` or ``xsrc/app.py``)."""
    out, at = [], 0
    while (found := text.find(old, at)) >= 0:
        end = found + len(old)
        before = text[found - 1] if found else " "
        after = text[end] if end < len(text) and not old.endswith("/") else " "
        whole = before not in _PATH_CHARS and (after not in _PATH_CHARS or (
            after == "." and (end + 1 >= len(text) or text[end + 1] not in _PATH_CHARS)))
        out.append(text[at:found] + (new if whole else old))
        at = end
    return "".join(out) + text[at:]


def _moved_dir(directory: str, moves: Mapping[str, str]) -> str | None:
    targets = set()
    for old, new in moves.items():
        if old.startswith(directory):
            rest = old[len(directory):]
            if not new.endswith("/" + rest):
                return None
            targets.add(new[:-len(rest)])
    return targets.pop() if len(targets) == 1 else None


def carried(items: Iterable[Item], sources: Iterable[tuple[str, tuple[str, ...],
                                                           tuple[str, ...]]],
            key: Callable[[str], str]) -> list[Item]:
    """``items`` (a model's evolution, which may drop paths) with the paths of the
    sources (text, refs, paths) they came from: the same text, or a shared ref."""
    sources = list(sources)
    by_text = {key(text): paths for text, _, paths in sources if paths}
    out = []
    for item in items:
        if item.paths:
            out.append(item)
            continue
        found = [by_text.get(key(item.text), ())]
        found += [paths for _, refs, paths in sources if set(refs) & set(item.refs)]
        out.append(item.replace(paths=union_paths(*found)))
    return out


class Dropped:
    """An item taken out of memory and why (one line of the change log)."""

    __slots__ = ("item", "reason", "section")

    def __init__(self, section: str, item: Item, reason: str) -> None:
        self.section = section
        self.item = item
        self.reason = reason

    def line(self) -> str:
        return f"removed ({self.reason}): {self.item.text}"


def without(memory: Memory, reason: Callable[[Item], str | None]) -> tuple[Memory, list[Dropped]]:
    """A copy of ``memory`` without the items ``reason`` has something against."""
    out = memory.copy()
    dropped: list[Dropped] = []
    for sid in SECTION_IDS:
        kept = []
        for item in out.sections[sid]:
            why = reason(item)
            if why is None:
                kept.append(item)
            else:
                dropped.append(Dropped(sid, item, why))
        out.sections[sid] = kept
    return out, dropped


def mapped(memory: Memory, change: Callable[[Item], Item]) -> Memory:
    """A copy of ``memory`` with ``change`` applied to every item."""
    out = memory.copy()
    for sid in SECTION_IDS:
        out.sections[sid] = [change(item) for item in out.sections[sid]]
    return out
