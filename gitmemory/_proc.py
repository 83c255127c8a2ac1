"""Run a short child process without importing :mod:`subprocess`.

The hooks that run on every checkout and commit must stay inside a ~20 ms
budget, and ``import subprocess`` alone costs several milliseconds (it pulls in
threading, selectors, signal, locale ...).  On POSIX this module spawns the
child with :func:`os.posix_spawnp` and moves data with :func:`select.select`,
both already built into the interpreter.  Elsewhere it falls back to
:mod:`subprocess`.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_CHUNK = 65536


def run(argv: list[str], stdin: bytes | None = None,
        env: dict[str, str] | None = None) -> tuple[int, bytes, bytes]:
    """Run ``argv``; return (exit code, stdout, stderr).  Never uses a shell."""
    if not hasattr(os, "posix_spawnp"):  # pragma: no cover - Windows
        import subprocess

        done = subprocess.run(argv, input=stdin or b"", capture_output=True, env=env, check=False)
        return done.returncode, done.stdout, done.stderr
    return _spawn(argv, stdin or b"", os.environ if env is None else env)


def _spawn(argv: list[str], stdin: bytes, env: os._Environ[str] | dict[str, str]
           ) -> tuple[int, bytes, bytes]:
    import select

    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    actions = [
        (os.POSIX_SPAWN_DUP2, in_r, 0),
        (os.POSIX_SPAWN_DUP2, out_w, 1),
        (os.POSIX_SPAWN_DUP2, err_w, 2),
    ]
    try:
        pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions)
    except OSError:
        for fd in (in_w, out_r, err_r):
            os.close(fd)
        raise
    finally:
        for fd in (in_r, out_w, err_w):
            os.close(fd)
    stdout = stderr = b""
    readers = {out_r: bytearray(), err_r: bytearray()}
    pending = memoryview(stdin)
    writers = [in_w] if pending else []
    if pending:
        # select() says "writable" when a little room is free: a blocking write of a
        # whole chunk would wait for the child, which may itself wait for us to read.
        os.set_blocking(in_w, False)
    else:
        os.close(in_w)
    while readers or writers:
        ready_r, ready_w, _ = select.select(list(readers), writers, [])
        for fd in ready_w:
            try:
                sent = os.write(fd, pending[:_CHUNK])
            except BlockingIOError:
                sent = 0
            except BrokenPipeError:
                sent = len(pending)
            pending = pending[sent:]
            if not pending:
                os.close(fd)
                writers = []
        for fd in ready_r:
            data = os.read(fd, _CHUNK)
            if data:
                readers[fd] += data
            else:
                os.close(fd)
                out = readers.pop(fd)
                if fd == out_r:
                    stdout = bytes(out)
                else:
                    stderr = bytes(out)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), stdout, stderr


def start(argv: list[str], env: dict[str, str] | None = None) -> Any:
    """Start ``argv`` with its output on pipes, for a reader that takes it as it comes
    (stdin empty); the reader waits for it and closes the pipes.  Only the history walk
    starts one: :mod:`subprocess` loads with it, never on a hook's path."""
    import subprocess

    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
