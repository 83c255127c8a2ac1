"""Every branch's memory, for search and the MCP server (docs/design.md, "Recall").

The memory catalog (:mod:`gitmemory.memory.catalog`) reads it: local branches
from the work tree that has them checked out, else from their tips;
remote-tracking branches from their refs, with ``remote``; files of branches
that are not local from the work tree.  Each branch's file holds what that
branch learned, so an item the default branch holds is found once, as the
default branch's.
"""

from __future__ import annotations

from gitmemory.memory.catalog import Catalog, Entry

Source = Entry  # one branch's memory as found


def collect(toplevel: str, state_dir: str | None, *, remote: bool = False) -> list[Source]:
    """The memory of every local branch (and remote-tracking one, with ``remote``),
    then of branches known only from files in the work tree, in that order."""
    return Catalog(toplevel, state_dir, remote=remote).entries()
