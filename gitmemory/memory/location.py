"""Where a branch's memory is read and written.

A branch checked out in some worktree keeps its memory in that worktree's
file; any other branch keeps it in its tip's tree, and is updated by a
memory commit on the branch (:mod:`gitmemory.memory.committer`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gitmemory import files, git, worktrees
from gitmemory.memory import filenames
from gitmemory.memory.filenames import MEMORY_DIR
from gitmemory.memory.markdown import Memory, generate, parse

if TYPE_CHECKING:
    from gitmemory.repo import Repo


class Location:
    __slots__ = ("branch", "busy", "exists", "rel_path", "worktree")

    def __init__(self, branch: str, rel_path: str, worktree: str | None, exists: bool,
                 busy: str | None = None) -> None:
        self.branch = branch
        self.rel_path = rel_path
        self.worktree = worktree
        self.exists = exists
        self.busy = busy  # "a rebase", "a merge" ... under way on the branch: no writes

    def describe(self) -> str:
        where = "work tree" if self.worktree else f"branch {self.branch} (memory commit)"
        return f"{self.rel_path} in the {where}"


class Worktrees:
    """Which branches are checked out where and which are busy, asked once for many."""

    __slots__ = ("busy", "checked_out")

    def __init__(self, repo_dir: str) -> None:
        self.checked_out = worktrees.checked_out(repo_dir)
        self.busy = worktrees.busy(repo_dir)


def locate(repo_dir: str, branch: str, known: Worktrees | None = None) -> Location:
    known = known or Worktrees(repo_dir)
    worktree = known.checked_out.get(branch)
    busy = known.busy.get(branch)
    if worktree:
        files.check_dirs(worktree, MEMORY_DIR)
        path = filenames.path_for(os.path.join(worktree, MEMORY_DIR), branch)
        return Location(branch, os.path.relpath(path, worktree).replace(os.sep, "/"), worktree,
                        os.path.exists(path), busy)
    ref = git.HEADS + branch
    names = _tree_files(repo_dir, ref)
    name, exists = filenames.choose(
        branch, names, lambda n: _title(repo_dir, f"{ref}:{MEMORY_DIR}/{n}"))
    return Location(branch, f"{MEMORY_DIR}/{name}", None, exists, busy)


def read(repo_dir: str, loc: Location) -> str | None:
    if loc.worktree:
        return files.read_text(os.path.join(loc.worktree, loc.rel_path))
    if not loc.exists:
        return None
    return git.run(["cat-file", "blob", f"{git.HEADS}{loc.branch}:{loc.rel_path}"], repo_dir)


def _tree_files(repo_dir: str, ref: str) -> list[str]:
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


def _title(repo_dir: str, spec: str) -> str | None:
    from gitmemory.memory.markdown import read_title

    code, out = git.run_status(["cat-file", "blob", spec], repo_dir)
    return read_title(out[:4096]) if code == 0 else None


def write(repo: Repo, loc: Location, original: str | None, new: Memory, *, summary: str,
          commit: bool) -> str | None:
    """Write under the lock (merging into the file if it changed since ``original`` was
    read); commit when asked or when the branch is not checked out.  The commit's sha."""
    from gitmemory.errors import GitmemoryError
    from gitmemory.memory import committer, store

    if loc.busy:
        raise GitmemoryError(f"memory for {loc.branch} not written: {loc.busy} is under way "
                             "on it", hint="finish it, then run gitmemory memorize")
    text = generate(new)
    with store.locked(repo.info.state_dir):
        current = read(repo.toplevel, loc)
        if current is not None and current != original:
            text = _merge_into(current, new, repo.cfg.max_items_per_section)
        if loc.worktree:
            path = os.path.join(loc.worktree, loc.rel_path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            files.atomic_write(path, text)
            if not commit:
                return None
        return committer.commit_file(repo.toplevel, repo.info.state_dir, loc.branch,
                                         rel_path=loc.rel_path, text=text, summary=summary,
                                         worktree=loc.worktree)


def _merge_into(current: str, new: Memory, cap: int) -> str:
    """Someone wrote the file while we worked: add our items to theirs."""
    from gitmemory.memory import store
    from gitmemory.memory.combine import deterministic_merge
    from gitmemory.providers.answers import Extraction

    theirs = parse(current)
    if theirs is None or theirs.branch != new.branch:
        return generate(new)
    found = [Extraction(sid, i.text, 1.0, i.refs) for sid, items in new.sections.items()
             for i in items]
    theirs.sections = deterministic_merge(theirs, found, cap).sections
    theirs.through, theirs.updated = new.through, new.updated
    return generate(store.clean(theirs))


def commit_work_tree(repo: Repo, branch: str, summary: str) -> str | None:
    """Commit the checked-out branch's memory file if the work tree holds a version its
    tip does not: written by ``gitmemory memorize``, maintenance or promote, or edited
    by hand.  Only a file that is this branch's memory counts.  The commit's sha."""
    from gitmemory.memory import committer, store
    loc = locate(repo.toplevel, branch)
    if not loc.worktree or loc.busy:
        return None
    with store.locked(repo.info.state_dir):
        text = read(repo.toplevel, loc)
        memory = parse(text) if text else None
        if text is None or memory is None or memory.branch != branch:
            return None
        return committer.commit_file(repo.toplevel, repo.info.state_dir, branch,
                                         rel_path=loc.rel_path, text=text, summary=summary,
                                         worktree=loc.worktree)
