"""A session as a provider reads it (docs/design.md, "Agent sessions").

What the person typed is kept whole; the agent's words are trimmed; a tool
call is its name and the file (or command, or pattern) it acted on; a
failed tool's output is cut to its last lines and any other output is
dropped; thinking never gets this far.  Every field is redacted like commit
text.  When a digest is over its budget, tool calls go first, then failed
output, then the agent's words; the person's messages go last.

The transcript is read from where the last run stopped (``digested``).  When
Claude Code has deleted it, the person's messages the hook kept stand in.
"""

from __future__ import annotations

import json
import os

from gitmemory.secrets.exclude import excluded
from gitmemory.secrets.redact import redact
from gitmemory.sessions import claude, codex
from gitmemory.sessions.events import Event, string
from gitmemory.sessions.inside import inside, relative
from gitmemory.sessions.lines import Lines
from gitmemory.sessions.notes import SEEN_CHARS, Note

MAX_USER = 4000  # characters of one message the person typed
MAX_AGENT = 300  # characters of one message of the agent
MAX_OUTPUT = 300  # characters of a failed tool's output
MAX_TARGET = 120
MAX_RESULT = 64 * 1024  # characters of a failed output's end redacted to take its excerpt
LABELS = {"claude-code": "Claude Code", "codex": "Codex CLI"}
CUT = "[... the rest of this session is cut for length]"


class Digest:
    """One session's digest: its text and what the lesson checks need."""

    __slots__ = ("edited", "end", "mark", "note", "problem", "reset", "said", "seen", "text")

    def __init__(self, note: Note) -> None:
        self.note = note
        self.text = ""
        self.said: list[str] = []  # what the person typed, redacted, whole
        self.edited: list[str] = []  # files the session changed, relative to the top
        self.end = note.digested  # the offset this digest reads to
        self.mark = note.mark  # the newest timestamp it read
        self.seen: list[str] = []  # the lines it read (shortened uuids)
        self.problem: str | None = None
        self.reset = False  # the transcript shrank: read it from ``end`` on, anew

    @property
    def empty(self) -> bool:
        return not self.said and not self.edited


def read(note: Note, tops: list[str], exclude: list[str], budget: int,
         elsewhere: frozenset[str] = frozenset()) -> Digest:
    """The digest of what ``note``'s session added since the last run, at most ``budget``
    characters long; ``tops`` are the repository's work trees (the session's is the one
    its working directory is in); ``elsewhere``: lines other sessions' digests read."""
    digest = Digest(note)
    top = next((t for t in tops if inside(t, note.cwd)), tops[0])
    found = _events(digest, tops, elsewhere)
    digest.said = [redact(e.text)[0] for e in found if e.kind == "user"]
    edited = [relative(top, e.edited, note.cwd) for e in found if e.edited]
    digest.edited = [p for p in dict.fromkeys([*note.edited, *edited])
                     if p and redact(p)[0] == p and not excluded(p, exclude)]
    entries = _entries(found, top, exclude)
    digest.text = _fit(_head(digest), entries, budget)
    return digest


def events_since(note: Note, tops: list[str], elsewhere: frozenset[str] = frozenset()
                 ) -> list[Event]:
    """The events of ``note``'s session a digest would read now."""
    return _events(Digest(note), tops, elsewhere)


# What one process read of each transcript: the sessions source and the runs source
# both read a session's events, and a transcript of 40 MB was read, parsed and redacted
# twice (issue 31, "Bounded time").  Keyed on where the read starts and what it skips, and
# on the file's size and time: an appended transcript is read anew.
_READ: dict[tuple[object, ...], tuple[list[Event], tuple[object, ...]]] = {}
_FIELDS = ("seen", "mark", "end", "problem", "reset")


def _events(digest: Digest, tops: list[str], elsewhere: frozenset[str]) -> list[Event]:
    """The session's events after ``digested`` (copies re-appended with older timestamps
    left out); the kept messages when the transcript cannot be read.  Each transcript is
    read once a process (:data:`_READ`)."""
    note = digest.note
    try:
        st = os.stat(note.transcript)
        identity: tuple[object, ...] = (st.st_size, st.st_mtime_ns, st.st_ino)
    except OSError:
        identity = ()
    key = (note.transcript, note.source, note.digested, note.captured, note.mark, len(note.kept),
           tuple(note.seen), tuple(tops), elsewhere, identity)
    if key not in _READ:
        fresh = Digest(note)
        found = _read_events(fresh, tops, elsewhere)
        if len(_READ) >= 8:
            _READ.clear()
        _READ[key] = (found, tuple(getattr(fresh, name) for name in _FIELDS))
    found, fields = _READ[key]
    for name, value in zip(_FIELDS, fields, strict=True):
        setattr(digest, name, list(value) if isinstance(value, list) else value)
    return list(found)


def _read_events(digest: Digest, tops: list[str], elsewhere: frozenset[str]) -> list[Event]:
    note = digest.note
    lines = Lines(note.transcript, note.digested)
    parse = claude.events if note.source == "claude-code" else codex.events
    found: list[Event] = []
    seen: set[tuple[str, str, str]] = set()
    here: dict[str, bool] = {}  # working directory -> in one of the work trees
    parsed = garbled = 0
    for raw in lines:
        record = claude.parse_line(raw)
        if record is None:
            garbled += 1
            continue
        parsed += 1
        cwd = record.get("cwd")
        if isinstance(cwd, str) and cwd:
            if cwd not in here:  # resolved once a directory, not once a line
                here[cwd] = any(inside(top, cwd) for top in tops)
            if not here[cwd]:
                continue  # written while the session worked in another repository
        short = string(record.get("uuid"))[:SEEN_CHARS]
        if short and short in elsewhere:
            continue  # a copy of another session's line: a resumed session starts with them
        for event in parse(record):
            key = (event.uuid, event.kind, event.call)
            if (note.mark and event.at and event.at <= note.mark) or (event.uuid and key in seen):
                continue
            seen.add(key)
            if short and (not digest.seen or digest.seen[-1] != short):
                digest.seen.append(short)
            digest.mark = max(digest.mark, event.at)
            found.append(event)
    digest.end = max(lines.end, note.digested)
    if lines.problem:
        return _kept(digest, lines)
    if garbled and not parsed:
        digest.problem = "the transcript is not JSON lines"
    elif lines.skipped:
        digest.problem = f"{lines.skipped} overlong line(s) passed over"
    return found


def _kept(digest: Digest, lines: Lines) -> list[Event]:
    """The messages the hook kept, standing in for a transcript that cannot be read; a
    transcript shorter than before is read again from its end next time."""
    note = digest.note
    digest.problem = lines.problem
    digest.reset = lines.size > 0
    digest.end = lines.size if digest.reset else max(note.captured, note.digested)
    return [Event("user", str(k["text"]), at=str(k.get("ts", ""))) for k in note.kept
            if isinstance(k.get("at"), int) and k["at"] >= note.digested]  # type: ignore[operator]


def _head(digest: Digest) -> list[str]:
    note = digest.note
    when = note.started[:16].replace("T", " ") if note.started else "unknown"
    lines = [f"### session {note.short} ({LABELS.get(note.source, note.source)}, started "
             f"{redact(when)[0]}, branch {json.dumps(redact(note.branch)[0])})"]
    if digest.edited:
        lines.append("Files edited: " + ", ".join(digest.edited[:40]))
    return lines


def _entries(found: list[Event], top: str, exclude: list[str]) -> list[tuple[int, str]]:
    """(priority, line) per event, in order: 0 the person, 1 the agent, 2 failed output,
    3 tool calls (what goes first when the digest is too long)."""
    out: list[tuple[int, str]] = []
    hidden: set[str] = set()  # calls on excluded files: their output never leaves
    targets: dict[str, str | None] = {}  # a session runs the same few commands again
    for event in found:
        # Redacted whole, then cut: a cut through a token would leave a piece no rule knows.
        if event.kind == "user":
            out.append((0, "User: " + _cut(_clean(event.text), MAX_USER)))
        elif event.kind == "agent":
            out.append((1, "Agent: " + _cut(_clean(event.text), MAX_AGENT)))
        elif event.kind == "tool":
            if event.target not in targets:
                targets[event.target] = _target(_clean(event.target), top, exclude)
            target = targets[event.target]
            if target is None:
                hidden.add(event.call)
            line = f"Tool: {event.tool} {'(an excluded file)' if target is None else target}"
            line = line.rstrip()
            if out and out[-1][1].split(" (x", 1)[0] == line:
                count = int(out[-1][1].rsplit("(x", 1)[1][:-1]) + 1 if "(x" in out[-1][1] else 2
                out[-1] = (3, f"{line} (x{count})")
            else:
                out.append((3, line))
        elif event.kind == "result" and event.error and event.call not in hidden:
            out.append((2, "Tool failed: " + _tail(_clean(event.text[-MAX_RESULT:]),
                                                   MAX_OUTPUT)))
    return [(rank, redact(line)[0]) for rank, line in out]


def _clean(text: str) -> str:
    return redact(text)[0]


def _target(target: str, top: str, exclude: list[str]) -> str | None:
    """What a tool call acted on, paths in the repository shown relative; None for a file
    in ``exclude_paths``."""
    prefix = top.rstrip("/") + "/"
    shown = target.replace(prefix, "")
    if shown.startswith("/") and not inside(top, shown.split(" ", 1)[0]):
        shown = shown if " " in shown else "(outside the repository)"
    if shown and " " not in shown and excluded(shown, exclude):
        return None
    return _cut(shown, MAX_TARGET)


def _cut(text: str, limit: int) -> str:
    text = text.strip()
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + f" [...{len(text) - limit} more chars]"


def _tail(text: str, limit: int) -> str:
    """The end of a tool's output (where the error is), on one line."""
    flat = " | ".join(line.strip() for line in text.strip().split("\n") if line.strip())
    if len(flat) <= limit:
        return flat
    return f"[...{len(flat) - limit} chars cut] " + flat[-limit:].lstrip(" |")


def _fit(head: list[str], entries: list[tuple[int, str]], budget: int) -> str:
    """The digest within ``budget``: the lowest priorities dropped first, a count said."""
    for worst in (3, 2, 1, 0):
        kept = [line for rank, line in entries if rank < worst + 1]
        dropped = len(entries) - len(kept)
        note = [f"[{dropped} tool call(s), output and agent message(s) left out for length]"] \
            if dropped else []
        text = "\n".join(head + kept + note)
        if len(text) <= budget or worst == 0:
            break
    if len(text) > budget:
        text = text[:max(budget - len(CUT) - 1, 0)].rstrip() + "\n" + CUT
    return text
