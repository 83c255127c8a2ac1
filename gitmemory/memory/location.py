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
    from gitmemory.memory.blobs import Blobs


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
    with ``blobs`` (:mod:`gitmemory.memory.blobs`), the memory files of every branch
    tip are read through it, in batches."""

    __slots__ = ("_busy", "blobs", "checked_out", "repo_dir")

    def __init__(self, repo_dir: str, blobs: Blobs | None = None) -> None:
        self.repo_dir = repo_dir
        self.checked_out = worktrees.checked_out(repo_dir)
        self._busy: dict[str, str] | None = None
        self.blobs = blobs

    @property
    def busy(self) -> dict[str, str]:
        """branch -> the operation under way on it (asked when first needed)."""
        if self._busy is None:
            self._busy = worktrees.busy(self.repo_dir)
        return self._busy


def locate(repo_dir: str, branch: str, known: Worktrees | None = None) -> Location:
    """Where ``branch`` keeps its memory: the work tree that has it checked out, else
    its tip's tree."""
    known = known or Worktrees(repo_dir)
    worktree = known.checked_out.get(branch)
    busy = known.busy.get(branch)
    if worktree:
        return for_work_tree(worktree, branch, busy)
    from gitmemory.memory.blobs import Blobs  # trees: not on the checkout path

    ref = git.HEADS + branch
    blobs = known.blobs or Blobs(repo_dir)
    choice = filenames.choose_name(branch, blobs.names(ref),
                              lambda n: read_title((blobs.text(ref, n) or "")[:4096]))
    return _location(branch, choice, None, busy)


def for_work_tree(toplevel: str, branch: str, busy: str | None = None) -> Location:
    """``branch``'s memory file in the work tree at ``toplevel``."""
    files.check_dirs(toplevel, MEMORY_DIR)
    directory = os.path.join(toplevel, MEMORY_DIR)
    names = os.listdir(directory) if os.path.isdir(directory) else []
    choice = filenames.choose_name(branch, names,
                              lambda n: filenames.title_of(os.path.join(directory, n)))
    return _location(branch, choice, toplevel, busy)


def _location(branch: str, choice: filenames.NameChoice, worktree: str | None,
              busy: str | None) -> Location:
    legacy = f"{MEMORY_DIR}/{choice.legacy}" if choice.legacy else None
    return Location(branch, f"{MEMORY_DIR}/{choice.name}", worktree,
                    choice.existing is not None, busy, legacy=legacy)
