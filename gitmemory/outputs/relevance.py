"""Which items matter most on a branch: the files it changed (docs/design.md, "Outputs").

Memorize records, per branch, the files the branch changed against the
default branch (``relevance.cache`` in the local state directory, marshal).
Rendering reads that one small file and ranks each item by how many of its
paths the branch touched (a cited directory counts when a file under it
changed), then by recency: later items in a section are newer.  No git
process on the checkout path.  Stdlib only.
"""

from __future__ import annotations

import posixpath

from gitmemory import state

_CACHE = state.Cache(state.RELEVANCE)
_KEY = 1  # the table's shape
MAX_FILES = 5000  # per branch: a branch that changed more files is ranked on these
MAX_BRANCHES = 64  # branches remembered; the oldest entries go first


def store(state_dir: str, branch: str, changed: list[str]) -> None:
    """Remember the files ``branch`` changed (and their directories) for ranking."""
    table = _load_changed(state_dir)
    touched: set[str] = set()
    for path in changed[:MAX_FILES]:
        touched.add(path)
        parent = posixpath.dirname(path)
        while parent and parent not in touched:
            touched.add(parent)
            parent = posixpath.dirname(parent)
    table.pop(branch, None)
    table[branch] = sorted(touched)
    while len(table) > MAX_BRANCHES:
        table.pop(next(iter(table)))
    _CACHE.store(state_dir, _KEY, table)


def touched(state_dir: str | None, branch: str) -> frozenset[str]:
    """The files and directories ``branch`` changed, as last recorded (empty when unknown)."""
    if not state_dir:
        return frozenset()
    return frozenset(_load_changed(state_dir).get(branch, ()))


def overlap(paths: tuple[str, ...], changed: frozenset[str]) -> int:
    """How many of ``paths`` (files, or directories written ``dir/``) the branch changed."""
    return sum(1 for path in paths if path.rstrip("/") in changed) if changed else 0


def _load_changed(state_dir: str) -> dict[str, list[str]]:
    table = _CACHE.load(state_dir, _KEY)
    return table if isinstance(table, dict) else {}
