"""The one writer of branch memory (docs/design.md, "Memory").

Every write holds the writers' lock, reads the file again, and when someone
changed it since the caller read it, adds the caller's items to theirs
instead of replacing them.  Items are neutralised on the way in.  Where the
branch is checked out the file is written in that work tree; anywhere else
(and in pre-push) it becomes a memory commit on the branch
(:mod:`gitmemory.memory.committer`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gitmemory import files
from gitmemory.errors import GitmemoryError
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory import committer, fingerprint, read
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.lock import locked
from gitmemory.memory.markdown import Memory, generate
from gitmemory.memory.similar import normal_key

if TYPE_CHECKING:
    from gitmemory.memory.location import Location
    from gitmemory.repo import Repo


def neutralised(memory: Memory) -> Memory:
    """A copy with every item neutralised, empty ones and duplicates dropped."""
    out = memory.copy()
    for sid, items in out.sections.items():
        seen = set()
        kept = []
        for item in items:
            text = neutralize(item.text)
            key = normal_key(text)
            if text and key not in seen:
                seen.add(key)
                kept.append(item.replace(text=text))
        out.sections[sid] = kept
    return out


class Written:
    """Where a write went (``location``) and the memory commit it made (``sha``), if any."""

    __slots__ = ("location", "sha")

    def __init__(self, location: Location, sha: str | None) -> None:
        self.location = location
        self.sha = sha


def write(repo: Repo, loc: Location, original: str | None, new: Memory, *, summary: str,
          commit: bool, relocate: bool = False) -> Written:
    """Store ``new`` where ``loc`` says; commit when asked or when the branch is not
    checked out.

    ``original`` is the text the caller read: if the file changed since, the
    caller's items are added to the current file rather than replacing it.
    ``relocate`` asks where the branch keeps its memory again once the lock is
    held: a user may have switched branches while a provider was thinking, and
    memory of a branch no longer checked out goes to its tip, never to the work
    tree of the branch checked out now.
    """
    if new.branch != loc.branch:
        raise ValueError(f"memory for {new.branch!r} written where {loc.branch!r} keeps it")
    new = fingerprint.stamped(new, repo.toplevel)  # what each item cites, as it was then
    text = generate(neutralised(new))
    with locked(repo.info.state_dir):
        if relocate:
            from gitmemory.memory import location

            loc = location.locate(repo.toplevel, loc.branch)
        if loc.busy:
            raise GitmemoryError(f"memory for {loc.branch} not written: {loc.busy} is under "
                                 "way on it", hint="finish it, then run gitmemory memorize")
        current = _current_text(repo, loc)
        if current is not None and current != original:
            text = _merge_into(current, new, repo.cfg.max_items_per_section)
        if loc.worktree:
            path = os.path.join(loc.worktree, loc.rel_path)
            directory = os.path.dirname(path)
            os.makedirs(directory, exist_ok=True)
            files.sweep_temps(directory)
            if text != files.read_text(path):  # unchanged keeps its time: hooks read times
                files.atomic_write(path, text)
            if loc.legacy:  # the file moves to the name its branch has now
                files.remove(os.path.join(loc.worktree, loc.legacy))
            if not commit:
                return Written(loc, None)
        return Written(loc, committer.commit_file(
            repo.toplevel, repo.info.state_dir, loc.branch, rel_path=loc.rel_path, text=text,
            summary=summary, worktree=loc.worktree, drop=loc.legacy))


def _current_text(repo: Repo, loc: Location) -> str | None:
    """The file as it is now, whatever its title (a file in the way is merged, not lost)."""
    if loc.worktree:
        return files.read_text(os.path.join(loc.worktree, loc.legacy or loc.rel_path))
    found = read.at(repo.toplevel, loc)
    return found.text if found else None


def _merge_into(current: str, new: Memory, cap: int) -> str:
    """Someone wrote the file while we worked: add our items to theirs."""
    theirs = read.parsed(current, new.branch)
    if theirs is None:
        return generate(neutralised(new))
    found = [Extraction(sid, i.text, 1.0, i.refs, i.paths) for sid, items in new.sections.items()
             for i in items]
    theirs.sections = deterministic_merge(theirs, found, cap).sections
    theirs.through, theirs.updated = new.through, new.updated
    return generate(neutralised(theirs))


def commit_work_tree(repo: Repo, branch: str, summary: str) -> str | None:
    """Commit the checked-out branch's memory file if the work tree holds a version its
    tip does not: written by ``gitmemory memorize``, maintenance or promote, or edited
    by hand.  Only a file that is this branch's memory counts.  The commit's sha."""
    from gitmemory.memory import location

    loc = location.locate(repo.toplevel, branch)
    if not loc.worktree or loc.busy:
        return None
    with locked(repo.info.state_dir):
        found = read.in_work_tree(loc.worktree, branch)
        if found is None:
            return None
        return committer.commit_file(repo.toplevel, repo.info.state_dir, branch,
                                     rel_path=found.rel_path, text=found.text,
                                     summary=summary, worktree=loc.worktree)


def remove(repo: Repo, branch: str) -> str:
    """Delete ``branch``'s memory file from the work tree that holds it; its path.

    A branch that is not checked out keeps its memory in its last commit, which
    only a commit can change: that is refused with the way to do it.
    """
    with locked(repo.info.state_dir):
        loc, found = read.find(repo.toplevel, branch)
        if found is None and not loc.worktree:
            found = read.in_work_tree(repo.toplevel, branch)  # a merged branch's file
        if found is None:
            raise GitmemoryError(f"no memory for branch {branch!r}")
        if found.worktree is None:
            raise GitmemoryError(f"the memory of {branch} is in its last commit "
                                 f"({found.where()})",
                                 hint=f"git checkout {branch}, then gitmemory clear {branch}")
        assert found.worktree is not None
        files.remove(os.path.join(found.worktree, found.rel_path))
        return found.where(repo.toplevel)
