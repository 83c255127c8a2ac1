"""Sessions as the local state notes them (``.git/gitmemory/sessions/``).

One small JSON file per session: where its transcript is, which branch it
worked on, how far the hook has read it (``captured``) and how far memorize
has distilled it (``digested``), the person's messages the hook kept
(redacted) in case Claude Code deletes the transcript before the next
memorize, and the files the session edited.  Writers (the hook, memorize)
hold :func:`lock` for a read-modify-write; files are replaced atomically.
Stdlib only.
"""

from __future__ import annotations

import json
import os

from gitmemory import files, state

VERSION = 1
SOURCES = ("claude-code", "codex")
MAX_ID = 100
MAX_KEPT = 200  # the person's messages a note keeps at most (the newest)
MAX_EDITED = 200
MAX_SEEN = 5000
SEEN_CHARS = 12
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")


class Note:
    """One session, as noted."""

    __slots__ = ("branch", "captured", "cwd", "digested", "edited", "id", "kept", "mark",
                 "noted", "seen", "source", "started", "transcript")

    def __init__(self, source: str, session_id: str, transcript: str = "", *,
                 branch: str = "", cwd: str = "") -> None:
        self.source = source
        self.id = session_id
        self.transcript = transcript
        self.branch = branch
        self.cwd = cwd
        self.started = ""  # the first timestamp read
        self.noted = state.now_iso()
        self.captured = 0  # offset the hook has read to
        self.digested = 0  # offset memorize has distilled to
        self.mark = ""  # the newest timestamp distilled: lines older than it are copies
        self.kept: list[dict[str, object]] = []  # {"at": offset, "ts": ..., "text": redacted}
        self.edited: list[str] = []  # files the session changed, relative to the top
        # The lines distilled (their uuids, shortened): a resumed session's new transcript
        # starts with copies of the old one's, which are not read twice.
        self.seen: list[str] = []

    def saw(self, uuids: list[str]) -> None:
        self.seen = list(dict.fromkeys([*self.seen, *uuids]))[-MAX_SEEN:]

    @property
    def short(self) -> str:
        """The 8 hex digits a memory item cites as ``session:<short>``."""
        digits = "".join(ch for ch in self.id.lower() if ch in "0123456789abcdef")
        return digits[:8] if len(digits) >= 8 else files.sha256_hex(self.id.encode())[:8]

    @property
    def ref(self) -> str:
        return "session:" + self.short

    def keep(self, at: int, ts: str, text: str) -> None:
        if any(k.get("at") == at for k in self.kept):
            return
        self.kept.append({"at": at, "ts": ts, "text": text})
        del self.kept[:-MAX_KEPT]

    def add_edited(self, path: str) -> None:
        if path not in self.edited and len(self.edited) < MAX_EDITED:
            self.edited.append(path)

    def waiting(self) -> bool:
        """Whether something was noted that memorize has not distilled yet."""
        if any(_offset(k) >= self.digested for k in self.kept):
            return True
        try:
            return os.stat(self.transcript).st_size > self.digested
        except (OSError, ValueError):
            return False

    def to_json(self) -> str:
        data = {"version": VERSION, **{name: getattr(self, name) for name in self.__slots__}}
        return json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Note | None:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or data.get("source") not in SOURCES or \
                not valid_id(data.get("id")):
            return None
        note = cls(str(data["source"]), str(data["id"]))
        for name, default in (("transcript", ""), ("branch", ""), ("cwd", ""), ("started", ""),
                              ("noted", ""), ("mark", "")):
            value = data.get(name, default)
            setattr(note, name, value if isinstance(value, str) else default)
        for name in ("captured", "digested"):
            value = data.get(name, 0)
            setattr(note, name, value if isinstance(value, int) and value >= 0 else 0)
        kept = data.get("kept")
        note.kept = [k for k in kept if isinstance(k, dict) and isinstance(k.get("text"), str)] \
            if isinstance(kept, list) else []
        for name in ("edited", "seen"):
            value = data.get(name)
            setattr(note, name, [v for v in value if isinstance(v, str)]
                    if isinstance(value, list) else [])
        return note


def _offset(kept: dict[str, object]) -> int:
    at = kept.get("at")
    return at if isinstance(at, int) else 0


def valid_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and set(value) <= _ID_CHARS


def directory(state_dir: str) -> str:
    return state.SESSIONS.at(state_dir)


def path(state_dir: str, source: str, session_id: str) -> str:
    return os.path.join(directory(state_dir), f"{source}-{session_id}.json")


def load(state_dir: str, source: str, session_id: str) -> Note | None:
    text = files.read_text(path(state_dir, source, session_id))
    return Note.from_json(text) if text else None


def save(state_dir: str, note: Note) -> None:
    os.makedirs(directory(state.ensure_dir(state_dir)), mode=0o700, exist_ok=True)
    files.atomic_write(path(state_dir, note.source, note.id), note.to_json(),
                       default_mode=0o600)


def every(state_dir: str) -> list[Note]:
    """Every note, oldest session first."""
    try:
        names = sorted(os.listdir(directory(state_dir)))
    except OSError:
        return []
    found = []
    for name in names:
        if name.endswith(".json") and name.startswith(tuple(s + "-" for s in SOURCES)):
            note = Note.from_json(files.read_text(os.path.join(directory(state_dir), name)) or "")
            if note is not None:
                found.append(note)
    return sorted(found, key=lambda n: (n.started or n.noted, n.id))


class lock:  # a function in use: ``with notes.lock(state_dir):``
    """Exclusive use of the notes while one is read, changed and written back (no
    ``contextlib``: the hook's path loads as little as it can)."""

    def __init__(self, state_dir: str) -> None:
        self.path = state.SESSIONS_LOCK.at(state_dir)
        os.makedirs(directory(state.ensure_dir(state_dir)), mode=0o700, exist_ok=True)
        self.fd = -1

    def __enter__(self) -> None:
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                          0o600)
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: writers rarely meet there
            return
        fcntl.flock(self.fd, fcntl.LOCK_EX)

    def __exit__(self, *exc: object) -> None:
        os.close(self.fd)  # closing releases the lock


class Seen:
    """The transcripts a discovery looked at and found to be another repository's, kept
    in ``member`` (a state file) so that they are never opened again."""

    def __init__(self, state_dir: str, member: state.Member) -> None:
        self.path = member.at(state_dir)
        try:
            found = json.loads(files.read_text(self.path) or "[]")
        except (ValueError, TypeError, RecursionError):
            found = []
        self.paths = {p for p in found if isinstance(p, str)} if isinstance(found, list) \
            else set()
        self._before = set(self.paths)

    def keep_only(self, present: list[str]) -> None:
        """Forget the transcripts that are gone (their program deleted them)."""
        self.paths &= set(present)

    def save(self) -> None:
        if self.paths != self._before:
            os.makedirs(os.path.dirname(self.path), mode=0o700, exist_ok=True)
            files.atomic_write(self.path, json.dumps(sorted(self.paths)) + "\n",
                               default_mode=0o600)
