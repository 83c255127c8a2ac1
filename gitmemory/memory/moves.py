"""Items that follow their files when a commit renames them (docs/design.md, "Memory").

After ``git mv`` and a commit, an item about the moved file cites a path that
is gone: the checkout would leave it out as stale until the next memorize
followed the rename.  So the commit hook notes the move, cheaply: every
commit costs one ``lstat`` per path the branch's memory (its own and the
inherited) cites; only a commit after which one of them is gone costs one
``git log -1 -M`` that names what it renamed, kept in the local ``renames``
file (:mod:`gitmemory.journal`).  The checkout reads that small file when an
item's paths are all gone, and shows the item under its file's new name
(:func:`gitmemory.memory.evidence.followed`: paths, and the path its text
names); memorize writes the move into the memory file.  Stdlib only.
"""

from __future__ import annotations

import os

from gitmemory import git, journal
from gitmemory.memory import read
from gitmemory.memory.evidence import followed, stale
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config


def cited(*memories: Memory | None) -> list[str]:
    """Every path the items of ``memories`` cite, once each."""
    return list(dict.fromkeys(path for memory in memories if memory for sid in SECTION_IDS
                              for item in memory.sections[sid] for path in item.paths))


def note_commit(info: git.RepoInfo, cfg: Config, sha: str) -> bool:
    """After commit ``sha`` on the checked-out branch: record what it renamed when a path
    the branch's memory cites is gone now; True when a recorded move concerns one."""
    top, branch = info.toplevel, info.branch
    if top is None or branch is None:
        return False
    own = read.in_work_tree(top, branch)
    default = read.default_branch(info, cfg) if cfg.inherit_default_branch else None
    base = read.in_work_tree(top, default) if default and default != branch else None
    gone = [p for p in cited(own.memory if own else None, base.memory if base else None)
            if not os.path.lexists(os.path.join(top, p.rstrip("/")))]
    if gone:
        known = journal.recorded_renames(info.state_dir)
        gone = [p for p in gone if p not in known]
    if not gone:
        return False
    moves = git.renames([sha, "-1"], top)
    journal.record_renames(info.state_dir, sha, sorted(moves.items()))
    return any(p in moves or (p.endswith("/") and any(o.startswith(p) for o in moves))
               for p in gone)


class Follower:
    """Follows the renames this clone's commits made, read once and only when an item
    needs it."""

    __slots__ = ("_moves", "state_dir", "toplevel")

    def __init__(self, toplevel: str, state_dir: str | None) -> None:
        self.toplevel, self.state_dir = toplevel, state_dir
        self._moves: dict[str, str] | None = None

    def moved(self, item: Item) -> Item | None:
        """``item``, or, when a rename this clone's commits made names one of its paths,
        the item as :meth:`live` shows it (None: stale all the same).  Items no rename
        concerns cost no ``lstat`` here: a checkout checks those only when a file takes
        them (:mod:`gitmemory.outputs.render`)."""
        moves = self._renames()
        if not moves or not any(path in moves or (path.endswith("/") and any(
                old.startswith(path) for old in moves)) for path in item.paths):
            return item
        return self.live(item)

    def _renames(self) -> dict[str, str]:
        if self._moves is None:
            self._moves = journal.recorded_renames(self.state_dir) if self.state_dir else {}
        return self._moves

    def live(self, item: Item) -> Item | None:
        """``item`` as the work tree shows it: itself, the item under its files' new names
        when they moved, or None when it is stale."""
        if not stale(item, self.toplevel):
            return item
        if not self._renames():
            return None
        moved = followed(item, self._renames())
        return moved if moved is not item and not stale(moved, self.toplevel) else None
