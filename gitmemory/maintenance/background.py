"""Starting work that must not slow a hook down: a detached child, one at a time.

Stdlib only (post-checkout and post-merge call it).  The child gets its own
session, /dev/null for stdin and the hook log for its output, so neither git
nor anything capturing the hook's output waits for it.
"""

from __future__ import annotations

import os
import sys
import time

from gitmemory import state

RETRY_AFTER = 3600.0  # seconds before a due task is tried again if a run never reports


def spawn(args: list[str], state_dir: str) -> int | None:
    """Start ``python -m gitmemory <args>`` detached; its pid (None if it could not start)."""
    argv = [sys.executable, "-m", "gitmemory", *args]
    env = {k: v for k, v in os.environ.items() if k != "GITMEMORY_HOOK"}
    log = state.HOOK_LOG.at(state.ensure_dir(state_dir))
    if not hasattr(os, "posix_spawn"):  # pragma: no cover - Windows
        import subprocess

        flags = getattr(subprocess, "DETACHED_PROCESS", 0) | getattr(
            subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        with open(log, "ab") as sink:
            return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=sink, stderr=sink,
                                    env=env, creationflags=flags).pid
    null = os.open(os.devnull, os.O_RDONLY)
    out = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        return os.posix_spawn(sys.executable, argv, env, setsid=True, file_actions=[
            (os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, out, 1),
            (os.POSIX_SPAWN_DUP2, out, 2)])
    except OSError:
        return None
    finally:
        os.close(null)
        os.close(out)


def maintenance_due(state_dir: str, now: float | None = None) -> bool:
    """Cheap check for the checkout hook: a timestamp written by the last maintenance run."""
    try:
        with open(state.MAINTENANCE_NEXT.at(state_dir), "rb") as fh:
            due_at = float(fh.read().strip() or 0)
    except (OSError, ValueError):
        due_at = 0.0
    return (time.time() if now is None else now) >= due_at


def set_next(state_dir: str, due_at: float) -> None:
    from gitmemory import files
    files.atomic_write(state.MAINTENANCE_NEXT.at(state.ensure_dir(state_dir)), f"{due_at:.0f}\n")


def start_maintenance(toplevel: str, state_dir: str) -> int | None:
    """Start a background ``maintain`` when one is due; never twice in the same hour."""
    if not maintenance_due(state_dir):
        return None
    set_next(state_dir, time.time() + RETRY_AFTER)
    return spawn(["-C", toplevel, "maintain", "--background"], state_dir)
