"""gitmemory/_proc.py: a child process without :mod:`subprocess` moves any amount of data
both ways without deadlock, reports exit codes as subprocess does, and leaks no descriptor."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

import pytest

from gitmemory import _proc

ECHO = "import sys; data = sys.stdin.buffer.read(); sys.stdout.buffer.write(data)"


def _open_fds() -> set[str]:
    """The descriptors open now.  A leak is one opened here that stays open: compared as
    sets, a descriptor that something else in the test process closes meanwhile (a fake
    server's idle connection, garbage an earlier test left) is no failure, where counts
    failed 14 == 16 and 14 == 15 in full runs."""
    gc.collect()
    return set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else set()


@pytest.mark.parametrize("size", [0, 1, 65535, 65537, 3 * 1024 * 1024])
def test_stdin_comes_back_whole_at_any_size(size: int) -> None:
    data = bytes(i % 251 for i in range(size))
    code, out, err = _proc.run([sys.executable, "-c", ECHO], data)
    assert (code, out, err) == (0, data, b"")


def test_a_child_that_writes_before_reading_does_not_deadlock() -> None:
    """The child fills its stderr pipe before it reads stdin: both sides must keep moving."""
    script = ("import sys; sys.stderr.write('e' * 300000); sys.stderr.flush(); "
              "sys.stdout.write(str(len(sys.stdin.read())))")
    code, out, err = _proc.run([sys.executable, "-c", script], b"x" * 300000)
    assert code == 0
    assert out == b"300000"
    assert err == b"e" * 300000


def test_a_child_that_never_reads_stdin_still_finishes() -> None:
    code, out, _ = _proc.run([sys.executable, "-c", "print('done')"], b"y" * (2 * 1024 * 1024))
    assert code == 0
    assert out.strip() == b"done"


@pytest.mark.parametrize(("script", "code"), [
    ("raise SystemExit(3)", 3),
    ("import os, signal; os.kill(os.getpid(), signal.SIGTERM)", -15),
])
def test_exit_codes_read_as_subprocess_reports_them(script: str, code: int) -> None:
    assert _proc.run([sys.executable, "-c", script])[0] == code


def test_the_environment_given_is_the_one_the_child_sees() -> None:
    env = {"ONLY_THIS": "value", "PATH": os.environ.get("PATH", "")}
    script = "import os; print(sorted(k for k in os.environ if k == 'ONLY_THIS' or k == 'HOME'))"
    _, out, _ = _proc.run([sys.executable, "-c", script], env=env)
    assert out.strip() == b"['ONLY_THIS']"


def test_a_missing_program_raises_and_leaks_no_descriptor(tmp_path: Path) -> None:
    before = _open_fds()
    for _ in range(5):
        with pytest.raises(FileNotFoundError):
            _proc.run([str(tmp_path / "no-such-program")])
    assert not _open_fds() - before


def test_many_runs_leak_no_descriptor() -> None:
    before = _open_fds()
    for _ in range(10):
        _proc.run([sys.executable, "-c", ECHO], b"abc")
    assert not _open_fds() - before
