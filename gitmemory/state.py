"""The local state directory, ``$(git rev-parse --git-common-dir)/gitmemory/``, and its one owner.

Shared by every worktree and never tracked.  Every file and directory in it is
a :class:`Member` declared here, with what it holds; modules ask
``JOURNAL.at(state_dir)`` for a path instead of choosing names themselves, and
``docs/design.md``'s table of the directory is generated from :data:`MEMBERS`.
Caches are one type, :class:`Cache`: a value stored with :mod:`marshal`,
valid while the key it was stored with still matches.  Stdlib only: the
hooks read and write state on every run.
"""

from __future__ import annotations

import marshal
import os
import time

from gitmemory import files


class Member:
    """One file or directory of the state directory: its name, its kind (``file``,
    ``log``, ``cache``, ``lock`` or ``directory``) and what it holds."""

    __slots__ = ("kind", "name", "what")

    def __init__(self, name: str, kind: str, what: str) -> None:
        self.name, self.kind, self.what = name, kind, what

    def at(self, state_dir: str, *inside: str) -> str:
        """The member's path in ``state_dir`` (for a directory, a path inside it)."""
        return os.path.join(state_dir, self.name, *inside)

    def for_process(self, state_dir: str) -> str:
        """The path of this process's own copy, for a member named with ``<pid>``."""
        return os.path.join(state_dir, self.name.replace("<pid>", str(os.getpid())))

    def __repr__(self) -> str:
        return f"Member({self.name!r})"


KEY = Member("key", "file", "this clone's secret, which stamps the agent files it generates")
NOTICES = Member("notices", "file", "digests of the one-time notices already given")
HOOK_LOG = Member("hooks.log", "log", "hook and command errors with their details, redacted "
                  "(rotated to `hooks.log.1` past 512 KiB)")
JOURNAL = Member("journal", "file", "commits made here and what amend and rebase rewrote, "
                 "for pending ranges")
RENAMES = Member("renames", "file", "paths memory cites that a commit here renamed, so a "
                 "checkout shows the item under its new name")
EXAMINED = Member("examined", "file", "commits a provider read and found nothing in, per "
                  "branch and kind of provider")
USAGE = Member("usage.jsonl", "log", "model, tokens and seconds of every provider call "
               "(rotated to `usage.jsonl.1`)")
LOCK = Member("lock", "lock", "the writers' lock, shared by every worktree")
MAINTENANCE_LOG = Member("maintenance-log.json", "file", "when maintenance last ran, and the "
                         "branches a capped run deferred")
MAINTENANCE_NEXT = Member("maintenance.next", "file", "when background maintenance is due")
MAINTENANCE_LOCK = Member("maintenance.lock", "lock", "one maintenance run at a time")
PREVIEWS = Member("previews", "directory", "memory background maintenance found for branches "
                  "without any, shown until it is committed")
CARRIED = Member("carried", "directory", "results that changed no item, carried to the "
                 "branch's next real change")
SHADOWS = Member("shadows", "directory", "hard links to the generated agent files, to "
                 "recover a hand edit git replaced")
ADOPTED = Member("pre-commit-setup", "file", "the line the pre-commit route's one-time "
                 "set-up printed, until it reached a terminal")
TOLD_AGENT = Member("told-agent-setup", "file", "what this clone lacked when an agent's "
                    "session hook told its user, once")
PARSED = Member("parsed.cache", "cache", "memory files parsed, by blob id")
RELEVANCE = Member("relevance.cache", "cache", "the files each branch changed, for ranking")
VERDICTS = Member("render.cache", "cache", "held-back verdicts on item texts and names")
CONFIG = Member("config.cache", "cache", "`config.toml` parsed, by the file's identity")
GIT_CONFIG = Member("gitconfig.v3.cache", "cache", "gitmemory's git settings, by the "
                    "identity of every git config file")
SESSIONS = Member("sessions", "directory", "one note per agent session the Claude Code hook "
                  "or a memorize run found: where its transcript is, what was read, the "
                  "person's messages redacted")
SESSION_LESSONS = Member("sessions/held.json", "file", "lessons from sessions waiting for a "
                         "commit to confirm them")
WITHDRAWN = Member("sessions/withdrawn.json", "file", "commands an agent session's run "
                   "showed do not run here, kept out of their branch's memory until a commit "
                   "changes a file they were read from")
CODEX_INDEX = Member("sessions/codex.json", "file", "the Codex CLI rollouts already looked "
                     "at, and those of other repositories never to open again")
CLAUDE_INDEX = Member("sessions/claude.json", "file", "the Claude Code transcripts found "
                      "without a hook's note that were not this repository's, never to open "
                      "again")
TOLD_AREAS = Member("sessions/areas-told", "file", "the areas whose items Claude Code's "
                    "write hook gave each session, so that each is given once")
SESSIONS_LOCK = Member("sessions/lock", "lock", "one writer of the session notes at a time")
TEMP_INDEX = Member("index.<pid>.tmp", "file", "the temporary index of a memory commit "
                    "under way")

MEMBERS = (KEY, NOTICES, HOOK_LOG, JOURNAL, RENAMES, EXAMINED, USAGE, LOCK, MAINTENANCE_LOG,
           MAINTENANCE_NEXT, MAINTENANCE_LOCK, PREVIEWS, CARRIED, SHADOWS, ADOPTED, TOLD_AGENT,
           PARSED, RELEVANCE, VERDICTS, CONFIG, GIT_CONFIG, SESSIONS, SESSION_LESSONS, WITHDRAWN,
           CODEX_INDEX, CLAUDE_INDEX, TOLD_AREAS, SESSIONS_LOCK, TEMP_INDEX)

LOG_MAX_BYTES = 512 * 1024


class Cache:
    """A value kept in ``member`` with :mod:`marshal` beside the key it was computed from.

    ``load`` answers only while the key still matches; a missing, damaged or
    foreign file is a miss.  ``store`` writes atomically and ignores failures: a
    cache never makes a hook fail."""

    __slots__ = ("member",)

    def __init__(self, member: Member) -> None:
        self.member = member

    def load(self, state_dir: str | None, key: object) -> object | None:
        if not state_dir:
            return None
        try:
            with open(self.member.at(state_dir), "rb") as fh:
                stored = marshal.load(fh)  # noqa: S302 - our own cache file
        except (OSError, EOFError, ValueError, TypeError):
            return None
        if not isinstance(stored, tuple) or len(stored) != 2 or stored[0] != key:
            return None
        value: object = stored[1]
        return value

    def store(self, state_dir: str | None, key: object, value: object, *,
              create: bool = False) -> None:
        """Keep ``value`` for ``key``; only where the state directory exists, unless
        ``create`` (a repository that never chose gitmemory gets no directory)."""
        if not state_dir or not (create or os.path.isdir(state_dir)):
            return
        path = self.member.at(state_dir)
        try:
            data = marshal.dumps((key, value))  # type: ignore[arg-type]
            os.makedirs(state_dir, mode=0o700, exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except (OSError, ValueError):
            return


def read_list(path: str) -> list[object]:
    """The JSON list a state file keeps ([] when it is missing, broken or not a list)."""
    import json

    try:
        data = json.loads(files.read_text(path) or "[]")
    except (ValueError, RecursionError):
        return []
    return data if isinstance(data, list) else []


def write_list(path: str, entries: list[dict[str, object]]) -> None:
    """Keep ``entries`` as the JSON list of the state file at ``path`` (private to this
    user); an empty list where there is no file yet writes nothing."""
    import json

    if not entries and files.read_text(path) is None:
        return
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    files.atomic_write(path, json.dumps(entries, ensure_ascii=False, indent=1) + "\n",
                       default_mode=0o600)


def ensure_dir(state_dir: str) -> str:
    os.makedirs(state_dir, mode=0o700, exist_ok=True)
    return state_dir


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
    path = HOOK_LOG.at(state_dir)
    try:
        if os.path.getsize(path) > LOG_MAX_BYTES:
            os.replace(path, path + ".1")
    except OSError:
        pass
    append_line(path, f"[{now_iso()} pid {os.getpid()}] {message.rstrip()}")
    return path


def stamp_key(state_dir: str) -> bytes:
    """This clone's secret for stamping generated files, created on first use."""
    path = KEY.at(state_dir)
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
    path = NOTICES.at(state_dir)
    seen = files.read_text(path) or ""
    if digest in seen.split():
        return False
    ensure_dir(state_dir)
    append_line(path, digest)
    return True
