"""``gitmemory merge-file %O %A %B %P``: git's merge driver for memory files.

See docs/design.md, "Team sharing".

Git runs it from the top of the work tree, inside a merge, rebase or
cherry-pick, with ``GIT_DIR`` and friends set; the git commands here target
that same repository, so they keep the inherited environment.  The result
replaces ``%A``.  A side too large to merge by sections (``MAX_BYTES``), or a
merge by sections that takes longer than ``TIME_BUDGET`` (git waits for the
driver, and a git merge that hangs is killed), gives way to a union of both
sides' items by section (:func:`gitmemory.memory.merging.union`, linear in the
sides): never conflict markers in a memory file.  Only when a side cannot be
parsed, or the sides name different branches, does git's own line merge write
into ``%A``, conflict markers and all, and the exit status says "conflict" when
it left any.  Stopped by a signal, the driver removes its temporary files and
leaves ``%A`` as it was.
"""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from gitmemory import files, git, output
from gitmemory.errors import GitmemoryError
from gitmemory.memory import markdown
from gitmemory.memory.merging import Unmergeable, merge_or_explain, union

_HEX = frozenset("0123456789abcdefABCDEF")
MAX_BYTES = markdown.MAX_BYTES  # a side this large (some 150,000 items) is merged by lines
TIME_BUDGET = 3.0  # seconds; a merge by sections past it gives way to the union


def run(base: str, ours: str, theirs: str, path: str = "") -> int:
    """Merge into ``ours``; 0 when merged, 1 when left as a normal conflict."""
    with _exit_on_signals():
        return _run(base, ours, theirs, path or ours)


class _TooMuch(Unmergeable):
    """A merge by sections past its size or its time: the union takes over."""


def _run(base: str, ours: str, theirs: str, where: str) -> int:
    old: str | None = None
    mine = other = ""
    try:
        old = _file_text(base)
        sides = _file_text(ours), _file_text(theirs)
        if sides[0] is None or sides[1] is None:
            raise Unmergeable("cannot parse a side")
        mine, other = sides[0], sides[1]
        _check_sizes(base, ours, theirs)
        merged = _within(TIME_BUDGET, lambda: merge_or_explain(old or None, mine, other,
                                                               sha_ancestor))
    except _TooMuch as why:
        try:
            merged = union(old or None, mine, other)
        except Unmergeable as failed:
            return _left_to_git(base, ours, theirs, where, failed)
        output.note(f"{where}: {why}; merged as a union of both sides' items")
    except Unmergeable as why:
        return _left_to_git(base, ours, theirs, where, why)
    files.atomic_write(ours, merged)
    return 0


def _left_to_git(base: str, ours: str, theirs: str, where: str, why: Exception) -> int:
    if _line_merge(base if os.path.isfile(base or "") else None, ours, theirs):
        output.note(f"{where}: {why}, left as a normal conflict")
        return 1
    output.note(f"{where}: {why}, merged line by line")
    return 0


def _check_sizes(*paths: str) -> None:
    for path in paths:
        size = os.path.getsize(path) if path and os.path.isfile(path) else 0
        if size > MAX_BYTES:
            raise _TooMuch(f"too large to merge by sections ({size / 2**20:.1f} MiB, "
                           f"over {MAX_BYTES // 2**20} MiB)")


def _within(seconds: float, merge: Callable[[], str]) -> str:
    """``merge()``, given up (:class:`Unmergeable`) after ``seconds`` where a timer can
    interrupt it (POSIX, the main thread).  The timer's exception may land where it is
    swallowed (a garbage collector callback, a ``__del__``): a merge that returns after
    the timer fired is given up all the same."""
    late = _TooMuch(f"merging by sections took longer than {seconds:g} s")
    fired: list[bool] = []

    def expired(_signum: int, _frame: FrameType | None) -> None:
        fired.append(True)
        raise late

    try:
        previous = signal.signal(signal.SIGALRM, expired)
    except (AttributeError, ValueError):  # no SIGALRM (Windows), or not the main thread
        return merge()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        merged = merge()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if fired:
        raise late
    return merged


@contextmanager
def _exit_on_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP (a killed ``git merge``) end the driver as Ctrl-C does, by an
    exception, so that its temporary files are removed on the way out."""
    def stop(signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    previous: dict[int, object] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:  # Windows has no SIGHUP
            continue
        try:
            previous[number] = signal.signal(number, stop)
        except ValueError:  # not the main thread: the default stays
            continue
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:
                signal.signal(number, handler)  # type: ignore[arg-type]


def _file_text(path: str) -> str | None:
    if not path or not os.path.isfile(path):
        return None
    return files.read_text(path)


def sha_ancestor(older: str, newer: str) -> bool:
    """Whether commit ``older`` is an ancestor of ``newer`` in the repository git is merging
    (False for anything but two shas: the names come from the files being merged)."""
    return _is_sha(older) and _is_sha(newer) and git.is_ancestor(older, newer)


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
