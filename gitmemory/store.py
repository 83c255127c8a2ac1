"""Memory files on disk: read, write and delete, serialised by one lock.

Every writer (memorize, merges, promote, clear) takes the lock in the local
state directory, shared by all worktrees, so concurrent processes lose
nothing.  Items are neutralised on the way in (SPEC §8).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import TYPE_CHECKING

from gitmemory import branch_files, files, memory_file, state
from gitmemory.memory_file import Item, Memory
from gitmemory.sanitize import neutralize

if TYPE_CHECKING:
    from collections.abc import Iterator

    from gitmemory.repo import Repo

LOCK_TIMEOUT = 60.0


@contextmanager
def locked(state_dir: str, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the writers' lock (a file lock in the git common dir)."""
    from filelock import FileLock, Timeout

    from gitmemory.errors import GitmemoryError

    state.ensure_dir(state_dir)
    lock = FileLock(os.path.join(state_dir, "lock"), timeout=timeout)
    try:
        with lock:
            yield
    except Timeout:
        raise GitmemoryError("another gitmemory process holds the lock",
                             hint=f"wait, or delete {lock.lock_file} if none runs") from None


def read(repo: Repo, branch: str) -> tuple[Memory | None, str]:
    """(memory or None, path where it lives or would live)."""
    files.check_dirs(repo.toplevel, branch_files.MEMORY_DIR)
    path = branch_files.path_for(repo.memory_dir, branch)
    text = files.read_text(path)
    memory = memory_file.parse(text) if text is not None else None
    if memory is not None and memory.branch != branch:
        memory = None
    return memory, path


def clean(memory: Memory) -> Memory:
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
                kept.append(Item(text, item.refs))
        out.sections[sid] = kept
    return out


def normal_key(text: str) -> str:
    """Normalised content, for de-duplication: case, spacing and end punctuation ignored."""
    return " ".join(text.casefold().split()).rstrip(".;:!")


def write(repo: Repo, memory: Memory, path: str | None = None) -> str:
    """Write ``memory`` (neutralised) atomically; the caller holds the lock."""
    files.check_dirs(repo.toplevel, branch_files.MEMORY_DIR)
    os.makedirs(repo.memory_dir, exist_ok=True)
    target = path or branch_files.path_for(repo.memory_dir, memory.branch)
    files.atomic_write(target, memory_file.generate(clean(memory)))
    return target


def delete(repo: Repo, branch: str) -> str | None:
    memory, path = read(repo, branch)
    if memory is None:
        return None
    files.remove(path)
    return path
