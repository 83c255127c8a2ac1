"""gitmemory/memory/lock.py: one writers' lock for every worktree; re-entrant in a thread,
and a writer that cannot get it says who to wait for instead of hanging."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.memory.lock import locked

HOLD = """
import sys, time
from filelock import FileLock
with FileLock(sys.argv[1]):
    print("held", flush=True)
    time.sleep(30)
"""


def test_the_lock_is_re_entrant_within_a_thread(tmp_path: Path) -> None:
    with locked(str(tmp_path)), locked(str(tmp_path), timeout=0):
        assert (tmp_path / "lock").exists()


def test_a_lock_held_by_another_process_is_one_error_naming_the_file(tmp_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / "lock")],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        with pytest.raises(GitmemoryError) as caught, locked(str(tmp_path), timeout=0.3):
            pass
        assert time.monotonic() - started < 10
        assert caught.value.one_line() == ("another gitmemory process holds the lock (hint: "
                                           f"wait, or delete {tmp_path / 'lock'} if none runs)")
    finally:
        holder.kill()
        holder.wait()
    with locked(str(tmp_path), timeout=5):  # free again once the holder is gone
        pass
