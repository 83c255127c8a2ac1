"""Changing a branch's memory file in a work tree through gitmemory's own door and writer."""

from __future__ import annotations

import os
from collections.abc import Callable

from gitmemory.memory import location, read, write
from gitmemory.memory.filenames import choose_name, title_of
from gitmemory.memory.markdown import Item, Memory
from gitmemory.repo import Repo


def update(repo: Repo, branch: str, change: Callable[[Memory], Memory],
           toplevel: str | None = None) -> str:
    """Read ``branch``'s memory in the work tree (default: ``repo``'s), apply ``change``
    to a copy, write it back; the file's path."""
    loc = location.for_work_tree(toplevel or repo.toplevel, branch)
    found = read.at(repo.toplevel, loc)
    new = change((found.memory if found else Memory(branch)).copy())
    write.write(repo, loc, found.text if found else None, new, summary="test", commit=False)
    assert loc.worktree is not None
    return os.path.join(loc.worktree, loc.rel_path)


def add(section: str, text: str) -> Callable[[Memory], Memory]:
    """A change that appends one hand-written item to ``section``."""
    def change(memory: Memory) -> Memory:
        memory.sections[section].append(Item(text))
        return memory
    return change


def path_for(memory_dir: str, branch: str) -> str:
    """Where ``branch``'s memory is written in ``memory_dir`` (for a test that writes it)."""
    names = os.listdir(memory_dir) if os.path.isdir(memory_dir) else []
    return os.path.join(memory_dir, choose_name(
        branch, names, lambda n: title_of(os.path.join(memory_dir, n))).name)
