"""What an item rests on, and whether that still exists (docs/design.md, "Memory").

An item's evidence is the commits it came from (``refs``) and the paths it is
about (``paths``).  An item whose paths are all gone from a tree is *stale*: it
describes code that is no longer there.  Checking that is one ``lstat`` per
path and no git process, so the checkout hook can afford it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from gitmemory.memory.markdown import Item

MAX_PATHS = 8  # per item: enough to place it, short enough to read


def stale(item: Item, toplevel: str) -> bool:
    """Whether every path ``item`` cites is gone from the work tree at ``toplevel``.

    An item without paths is never stale: nothing says what it depends on.
    """
    return bool(item.paths) and not any(
        os.path.lexists(os.path.join(toplevel, path.rstrip("/"))) for path in item.paths)


def union_paths(*groups: Iterable[str]) -> tuple[str, ...]:
    """Paths in first-seen order, each once, at most :data:`MAX_PATHS`."""
    out: list[str] = []
    for path in (p for group in groups for p in group):
        if path not in out:
            out.append(path)
    return tuple(out[:MAX_PATHS])
