"""Where a branch's memory lives (docs/design.md, "Memory").

A branch checked out in some worktree keeps its memory in that worktree's
file; any other branch keeps it in its tip's tree, and is updated by a
memory commit on the branch (:mod:`gitmemory.memory.committer`).  Stdlib
only: the checkout hook asks where memory is.
"""

from __future__ import annotations

import os

from gitmemory import files, git, worktrees
from gitmemory.memory import filenames
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import read_title

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.graph import Snapshot


class Location:
    """Where a branch's memory is written: ``rel_path`` in ``worktree``, or in the tip of
    ``branch`` (a memory commit) when ``worktree`` is None.  ``exists`` says whether the
    branch has memory there now; ``legacy`` names its current file when an older naming
    rule gave it another name (the writer moves it)."""

    __slots__ = ("branch", "busy", "exists", "legacy", "rel_path", "worktree")

    def __init__(self, branch: str, rel_path: str, worktree: str | None, exists: bool,
                 busy: str | None = None, *, legacy: str | None = None) -> None:
        self.branch = branch
        self.rel_path = rel_path
        self.worktree = worktree
        self.exists = exists
        self.busy = busy  # "a rebase", "a merge" ... under way on the branch: no writes
        self.legacy = legacy

    def describe(self) -> str:
        where = "work tree" if self.worktree else f"branch {self.branch} (memory commit)"
        return f"{self.rel_path} in the {where}"


class Worktrees:
    """Which branches are checked out where and which are busy, asked once for many;
    with a ``snapshot``, the memory files in every branch tip too."""

    __slots__ = ("busy", "checked_out", "snapshot")

    def __init__(self, repo_dir: str, snapshot: Snapshot | None = None) -> None:
        self.checked_out = worktrees.checked_out(repo_dir)
        self.busy = worktrees.busy(repo_dir)
        self.snapshot = snapshot


def locate(repo_dir: str, branch: str, known: Worktrees | None = None) -> Location:
    """Where ``branch`` keeps its memory: the work tree that has it checked out, else
    its tip's tree."""
    known = known or Worktrees(repo_dir)
    worktree = known.checked_out.get(branch)
    busy = known.busy.get(branch)
    if worktree:
        return in_work_tree(worktree, branch, busy)
    ref = git.HEADS + branch
    snap = known.snapshot
    if snap is not None and ref in snap.tips:
        choice = filenames.choose(branch, snap.files(ref),
                                  lambda n: read_title((snap.text(ref, n) or "")[:4096]))
    else:
        choice = filenames.choose(branch, tree_names(repo_dir, ref),
                                  lambda n: tree_title(repo_dir, f"{ref}:{MEMORY_DIR}/{n}"))
    return _location(branch, choice, None, busy)


def in_work_tree(toplevel: str, branch: str, busy: str | None = None) -> Location:
    """``branch``'s memory file in the work tree at ``toplevel``."""
    files.check_dirs(toplevel, MEMORY_DIR)
    directory = os.path.join(toplevel, MEMORY_DIR)
    names = os.listdir(directory) if os.path.isdir(directory) else []
    choice = filenames.choose(branch, names,
                              lambda n: filenames.title_of(os.path.join(directory, n)))
    return _location(branch, choice, toplevel, busy)


def _location(branch: str, choice: filenames.Choice, worktree: str | None,
              busy: str | None) -> Location:
    legacy = f"{MEMORY_DIR}/{choice.legacy}" if choice.legacy else None
    return Location(branch, f"{MEMORY_DIR}/{choice.name}", worktree,
                    choice.existing is not None, busy, legacy=legacy)


def tree_names(repo_dir: str, ref: str) -> list[str]:
    """Regular files in the memory directory of ``ref``'s tree (symlinks left out)."""
    code, out = git.run_status(["ls-tree", "-z", f"{ref}:{MEMORY_DIR}"], repo_dir)
    if code != 0:
        return []
    names = []
    for entry in out.split("\0"):
        meta, _, name = entry.partition("\t")
        if meta.startswith("100644 blob") or meta.startswith("100755 blob"):
            names.append(name)
    return names


def tree_title(repo_dir: str, spec: str) -> str | None:
    code, out = git.run_status(["cat-file", "blob", spec], repo_dir)
    return read_title(out[:4096]) if code == 0 else None
