"""Memory files on disk: read, write and delete, serialised by one lock.

Every writer (memorize, merges, promote, clear) takes the lock in the local
state directory, shared by all worktrees, so concurrent processes lose
nothing.  :func:`update` is the read-modify-write that does it all: lock,
read again, change, write atomically.  Items are neutralised on the way in
(SPEC §8).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import TYPE_CHECKING

from gitmemory import files, state
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory import filenames, markdown
from gitmemory.memory.markdown import Item, Memory

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from filelock import FileLock

    from gitmemory.repo import Repo

LOCK_TIMEOUT = 60.0


_LOCKS: dict[str, FileLock] = {}


@contextmanager
def locked(state_dir: str, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the writers' lock (a file lock in the git common dir).

    Re-entrant within a thread: a caller that already holds it (say, a memorize
    run writing several files) may call :func:`update` without deadlocking.
    """
    from filelock import FileLock, Timeout

    from gitmemory.errors import GitmemoryError

    state.ensure_dir(state_dir)
    path = os.path.join(state_dir, "lock")
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


def read(repo: Repo, branch: str) -> tuple[Memory | None, str]:
    """(memory or None, path where it lives or would live)."""
    memory, path, _text = _load(repo, branch)
    return memory, path


def _load(repo: Repo, branch: str) -> tuple[Memory | None, str, str | None]:
    files.check_dirs(repo.toplevel, filenames.MEMORY_DIR)
    path = filenames.path_for(repo.memory_dir, branch)
    text = files.read_text(path)
    memory = markdown.parse(text) if text is not None else None
    if memory is not None and memory.branch != branch:
        memory = None
    return memory, path, text


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
    files.check_dirs(repo.toplevel, filenames.MEMORY_DIR)
    target = path or filenames.path_for(repo.memory_dir, memory.branch)
    _write_text(repo, target, markdown.generate(clean(memory)))
    return target


def update(repo: Repo, branch: str, change: Callable[[Memory], Memory],
           timeout: float = LOCK_TIMEOUT) -> str:
    """Apply ``change`` to ``branch``'s memory under the lock; return the file's path.

    The file is read again once the lock is held, so ``change`` always sees
    what every earlier writer left, in any worktree.  It gets a copy (an empty
    memory when the branch has none yet) and returns the new memory, which is
    neutralised and written atomically, and only when it differs from the file.
    """
    with locked(repo.info.state_dir, timeout):
        current, path, old_text = _load(repo, branch)
        new = change((current or Memory(branch)).copy())
        if new.branch != branch:
            raise ValueError(f"update of {branch!r} returned memory for {new.branch!r}")
        text = markdown.generate(clean(new))
        if current is None or text != old_text:
            _write_text(repo, path, text)
    return path


def _write_text(repo: Repo, path: str, text: str) -> None:
    files.check_dirs(repo.toplevel, filenames.MEMORY_DIR)
    os.makedirs(repo.memory_dir, exist_ok=True)
    files.sweep_temps(repo.memory_dir)
    files.atomic_write(path, text)


def delete(repo: Repo, branch: str) -> str | None:
    memory, path = read(repo, branch)
    if memory is None:
        return None
    files.remove(path)
    return path
