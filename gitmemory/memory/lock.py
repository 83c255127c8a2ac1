"""The writers' lock: one file lock in the local state directory, shared by all worktrees.

Every writer of memory (memorize, promote, maintenance, clear) holds it while it
reads the file again and writes it, so concurrent hooks and worktrees lose
nothing (docs/design.md, "Invariants").
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING

from gitmemory import state
from gitmemory.errors import GitmemoryError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from filelock import FileLock

TIMEOUT = 60.0
_LOCKS: dict[str, FileLock] = {}


@contextmanager
def locked(state_dir: str, timeout: float = TIMEOUT) -> Iterator[None]:
    """Hold the writers' lock (re-entrant within a thread: a run that writes several
    files, or a caller that already holds it, does not deadlock)."""
    from filelock import FileLock, Timeout

    state.ensure_dir(state_dir)
    path = state.LOCK.at(state_dir)
    lock = _LOCKS.get(path)
    if lock is None:
        lock = _LOCKS[path] = FileLock(path)
    try:
        lock.acquire(timeout=timeout)
    except Timeout:
        raise GitmemoryError("another gitmemory process holds the lock",
                             hint=f"wait, or delete {path} if none runs") from None
    try:
        yield
    finally:
        lock.release()
