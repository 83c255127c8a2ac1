"""``gitmemory merge-file %O %A %B %P``: git's merge driver for memory files.

See docs/design.md, "Team sharing".

Git runs it from the top of the work tree, inside a merge, rebase or
cherry-pick, with ``GIT_DIR`` and friends set; the git commands here target
that same repository, so they keep the inherited environment.  The result
replaces ``%A``.  When a side cannot be merged, git's own line merge writes
into ``%A`` instead, conflict markers and all, and the exit status says
"conflict" when it left any.
"""

from __future__ import annotations

import os
import tempfile

from gitmemory import files, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.memory.merging import Unmergeable, merge_or_explain

_HEX = frozenset("0123456789abcdefABCDEF")


def run(base: str, ours: str, theirs: str, path: str = "") -> int:
    """Merge into ``ours``; 0 when merged, 1 when left as a normal conflict."""
    where = path or ours
    old = _read(base)
    mine, other = _read(ours), _read(theirs)
    try:
        if mine is None or other is None:
            raise Unmergeable("cannot parse a side")
        merged = merge_or_explain(old or None, mine, other, is_ancestor)
    except Unmergeable as why:
        if _line_merge(base if old is not None else None, ours, theirs):
            output.note(f"{where}: {why}, left as a normal conflict")
            return 1
        output.note(f"{where}: {why}, merged line by line")
        return 0
    files.atomic_write(ours, merged)
    return 0


def _read(path: str) -> str | None:
    if not path or not os.path.isfile(path):
        return None
    return files.read_text(path)


def is_ancestor(older: str, newer: str) -> bool:
    """Whether commit ``older`` is an ancestor of ``newer`` in the repository git is merging."""
    if not (_is_sha(older) and _is_sha(newer)):
        return False
    return git.run_status(["merge-base", "--is-ancestor", older, newer])[0] == 0


def _is_sha(text: str) -> bool:
    return 4 <= len(text) <= 64 and set(text) <= _HEX


def _line_merge(base: str | None, ours: str, theirs: str) -> int:
    """git's normal three-way merge of the files, conflict markers and all, into ``ours``;
    the number of conflicts."""
    with tempfile.TemporaryDirectory(prefix="gitmemory-merge-") as tmp:
        if base is None:
            base = os.path.join(tmp, "empty")
            open(base, "wb").close()
        code, _ = git.run_status(["merge-file", "-L", "ours", "-L", "base", "-L", "theirs",
                                  ours, base, theirs])
    if code < 0 or code > 127:
        raise GitmemoryError(f"git merge-file failed on {ours} (exit code {code})")
    return code
