"""Running Claude Code's session hooks the way Claude Code runs them.

The command comes from the ``.claude/settings.json`` that ``gitmemory init
--agent-hook`` wrote; it runs through ``/bin/sh -c`` from another directory,
with ``CLAUDE_PROJECT_DIR`` set, the hook's JSON on stdin and a PATH whose
``gitmemory`` runs this checkout's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path


def gitmemory_bin(directory: Path) -> Path:
    """A PATH directory with a ``gitmemory`` that runs this checkout's."""
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / "gitmemory"
    script.write_text(f'#!/bin/sh\nexec {sys.executable} -m gitmemory "$@"\n')
    script.chmod(0o755)
    return directory


def registered_command(repo: Path, event: str) -> str:
    """The command ``.claude/settings.json`` runs for ``event`` (the first hook)."""
    settings = json.loads((repo / ".claude" / "settings.json").read_text())
    return str(settings["hooks"][event][0]["hooks"][0]["command"])


def run_session_hook(repo: Path, event: str, stdin: str, bin_dir: Path | None,
                     env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Claude Code running the ``event`` hook of ``repo``'s settings; ``bin_dir`` None:
    no gitmemory on the PATH (the Python the clone's set-up recorded may still run it).
    Returns once the reader the hook started is done."""
    base = dict(os.environ if env is None else env)
    path = "/usr/bin:/bin"
    base.update(PATH=f"{bin_dir}{os.pathsep}{path}" if bin_dir else path,
                CLAUDE_PROJECT_DIR=str(repo))
    done = subprocess.run(["/bin/sh", "-c", registered_command(repo, event)], cwd="/",
                          input=stdin, env=base, capture_output=True, text=True, check=False)
    wait_for_readers()
    return done


def readers() -> list[int]:
    """The detached session readers running now (``gitmemory hook agent-session --read``),
    and any fork of the hook on its way to become one."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                argv = Path("/proc", entry, "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            # a reader, or the hook's fork that has not yet become one (the hook itself
            # has returned): under load a check made between the fork and the exec saw none
            if b"agent-session" in argv:
                found.append(int(entry))
    return found


def wait_for_readers(timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while readers():
        if time.monotonic() > deadline:
            raise AssertionError(f"session readers still running after {timeout} s")
        time.sleep(0.02)
