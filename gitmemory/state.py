"""Local, untracked state in ``$(git rev-parse --git-common-dir)/gitmemory/``.

Shared by every worktree: the commit journal, the hook log, the notices
already given, and the key that stamps generated files.  Stdlib only.
"""

from __future__ import annotations

import os
import time

from gitmemory import files

LOG_NAME = "hooks.log"
LOG_MAX_BYTES = 512 * 1024
# Agent sessions (gitmemory/sessions/): one note per session the Claude Code hook or a
# memorize run found, the lessons waiting for a commit to confirm them, the Codex CLI
# rollouts already looked at, and the lock their writers share.
SESSIONS = "sessions"
SESSION_LESSONS = "sessions/held.json"
CODEX_INDEX = "sessions/codex.json"
SESSIONS_LOCK = "sessions/lock"


def ensure_dir(state_dir: str) -> str:
    os.makedirs(state_dir, mode=0o700, exist_ok=True)
    return state_dir


def member(state_dir: str, name: str) -> str:
    """The path of ``name`` (one of the members above) in ``state_dir``."""
    return os.path.join(state_dir, *name.split("/"))


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def append_line(path: str, line: str) -> None:
    """Append one line with a single write (O_APPEND): concurrent writers interleave whole lines."""
    data = (line.rstrip("\n") + "\n").encode("utf-8", "surrogateescape")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                 0o600)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def log(state_dir: str, message: str) -> str:
    """Append ``message`` (may span lines) to the hook log; return the log's path.

    Error text can quote git's stderr or a remote URL with a token in it, so the
    message is redacted first (only on this error path: redaction loads ``re``).
    """
    from gitmemory.secrets.redact import redact

    message = redact(message)[0]
    ensure_dir(state_dir)
    path = os.path.join(state_dir, LOG_NAME)
    try:
        if os.path.getsize(path) > LOG_MAX_BYTES:
            os.replace(path, path + ".1")
    except OSError:
        pass
    append_line(path, f"[{now_iso()} pid {os.getpid()}] {message.rstrip()}")
    return path


def key(state_dir: str) -> bytes:
    """This clone's secret for stamping generated files, created on first use."""
    path = os.path.join(state_dir, "key")
    text = (files.read_text(path) or "").strip()
    if len(text) == 64:
        try:
            return bytes.fromhex(text)
        except ValueError:
            pass  # damaged: replaced like a short one, or every hook would fail on it
    ensure_dir(state_dir)
    secret = os.urandom(32)
    files.atomic_write(path, secret.hex() + "\n", default_mode=0o600)
    return secret


def notice_once(state_dir: str, kind: str, subject: str, content: str) -> bool:
    """True the first time (kind, subject, content) is seen: say it once, not on every hook."""
    digest = files.sha256_hex(f"{kind}\0{subject}\0{content}".encode(
        "utf-8", "surrogateescape"))[:32]
    path = os.path.join(state_dir, "notices")
    seen = files.read_text(path) or ""
    if digest in seen.split():
        return False
    ensure_dir(state_dir)
    append_line(path, digest)
    return True
