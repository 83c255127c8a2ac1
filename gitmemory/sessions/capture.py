"""Claude Code's ``SessionEnd`` and ``PreCompact`` hooks: note the session, nothing more.

``gitmemory hook agent-session`` reads the hook's JSON on stdin
(``session_id``, ``transcript_path``, ``cwd``, ``hook_event_name``) and, when
this clone learns from sessions (the ``sessions`` setting) and the session
worked in this repository, starts a detached reader and returns
(:func:`accept`): a transcript can reach a hundred megabytes, and Claude Code
gives all of a session's end hooks together 1.5 seconds.  The reader
(:func:`note`) notes the session in local state
(:mod:`gitmemory.sessions.notes`): the transcript (found by session id when
Claude Code passed none), the branch (the transcript's ``gitBranch``, else
the one checked out), the offset read, the files it edited and, redacted, what
the person typed, which Claude Code would delete with the transcript after
``cleanupPeriodDays``.  It reads only what was appended since the last
reader, so a session compacted three times is read once.  No network, no
commit, no tracked file, nothing printed; a failure is one line in the hook
log.  Stdlib only (docs/design.md, "The hot path").
"""

from __future__ import annotations

import json
import os

from gitmemory import config, git, state
from gitmemory.sessions import claude, notes
from gitmemory.sessions.inside import inside, relative
from gitmemory.sessions.lines import Lines

EVENTS = ("SessionEnd", "PreCompact")
READ = "--read"  # the detached reader's first argument
SOURCE = "claude-code"
MAX_READ = 256 * 1024 * 1024  # bytes one reader takes at most; memorize reads the rest
MAX_STDIN = 1024 * 1024
READER_NICE = 10
_EDIT_NAMES = tuple(f'"{name}"'.encode() for name in claude.EDITS)


def accept(info: git.RepoInfo, stdin: str) -> list[str] | None:
    """The arguments of the detached reader (:func:`note`) for the session Claude Code's
    hook describes on ``stdin``; None when there is nothing to note here."""
    data = payload(stdin)
    top = info.toplevel
    if data is None or data.get("hook_event_name") not in EVENTS or top is None:
        return None
    cfg = config.load(top, info.state_dir, git_dirs=(info.git_dir, info.common_dir))
    if not (cfg.enabled and cfg.chosen and cfg.sessions):
        return None
    session_id, transcript, cwd = (data.get(k) for k in ("session_id", "transcript_path", "cwd"))
    cwd = cwd if isinstance(cwd, str) else ""
    if not notes.valid_id(session_id) or not inside(top, cwd or top):
        return None  # not a session id, or another repository's session
    if not isinstance(transcript, str) or not transcript.endswith(".jsonl") or \
            not os.path.isabs(transcript):
        transcript = ""  # looked for by session id, where Claude Code keeps transcripts
    return [READ, str(session_id), transcript, cwd]


def note(info: git.RepoInfo, args: list[str]) -> int:
    """Read what the session's transcript gained into its note (run detached by the
    hook: a long transcript takes longer than Claude Code gives a session hook)."""
    session_id, given, cwd = [*args, "", "", ""][:3]
    top = info.toplevel
    if top is None or not notes.valid_id(session_id):
        return 0
    transcript = given or claude.find_transcript(
        session_id, cwd, os.environ.get("CLAUDE_PROJECT_DIR", ""), top)
    if not transcript:
        state.log(info.state_dir, f"agent-session: no transcript found for session "
                                  f"{session_id[:8]}; it is not noted")
        return 0
    with notes.lock(info.state_dir):
        found = notes.load(info.state_dir, SOURCE, session_id) or \
            notes.Note(SOURCE, session_id, transcript, cwd=cwd)
        found.transcript = transcript
        problem = read(found, top, info.branch or "")
        notes.save(info.state_dir, found)
    if problem:
        state.log(info.state_dir, f"agent-session: session {found.short}: {problem}")
    return 0


def discover(state_dir: str, tops: list[str], *, record: bool = True) -> list[notes.Note]:
    """Note the transcripts of this repository that no hook noted: a session killed before
    its ``SessionEnd``, or one still running.  Those in the project directory of one of
    ``tops`` (the work trees) whose first lines name a working directory inside one of
    them and a branch; the new notes (saved only with ``record``).  One of another
    repository (two paths can share a project directory's name) is read only up to the
    first line that names its directory, remembered, and never opened again.  Call
    under :func:`gitmemory.sessions.notes.lock`."""
    seen = notes.Seen(state_dir, state.CLAUDE_INDEX)
    known = {n.id for n in notes.every(state_dir) if n.source == SOURCE}
    present = list(dict.fromkeys(path for top in tops for path in claude.transcripts(top)))
    seen.keep_only(present)
    new = []

    def ours(cwd: str) -> bool:
        return any(inside(top, cwd) for top in tops)

    for path in present:
        session_id = os.path.basename(path)[:-len(".jsonl")]
        if path in seen.paths or session_id in known or not notes.valid_id(session_id):
            continue
        cwd, branch = claude.origin(path, ours)
        if cwd and not ours(cwd):
            seen.paths.add(path)
            continue
        if not cwd or not branch:
            continue  # nothing said yet, or a detached HEAD: looked at again next time
        note = notes.Note(SOURCE, session_id, path, branch=branch, cwd=cwd)
        if record:
            notes.save(state_dir, note)
        known.add(session_id)
        new.append(note)
    if record:
        seen.save()
    return new


def yield_to_session(pid: int) -> None:
    """Lower the reader's priority: it must not take the CPU from the hook, which Claude
    Code waits for, nor from the agent's session."""
    setpriority = getattr(os, "setpriority", None)  # not on Windows
    if setpriority is None:
        return
    try:
        setpriority(os.PRIO_PROCESS, pid, READER_NICE)
    except OSError:
        return  # the reader is done already


def payload(stdin: str) -> dict[str, object] | None:
    try:
        data = json.loads(stdin[:MAX_STDIN])
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def read(note: notes.Note, top: str, checked_out: str) -> str | None:
    """Read what the transcript gained since the last call into ``note``; a problem that
    kept it from being read, in a few words."""
    start = max(note.captured, note.digested)
    lines = Lines(note.transcript, start)
    branch = ""
    here: dict[str, bool] = {}  # working directory -> inside ``top``
    for raw in lines:
        if not _wanted(raw):
            continue
        record = claude.parse_line(raw)
        if record is None:
            continue
        cwd, line_branch = claude.context(record)
        if cwd and not here.setdefault(cwd, inside(top, cwd)):
            continue  # a line written while the session worked in another repository
        branch = line_branch or branch
        note.started = note.started or claude.timestamp(record)
        for event in claude.events(record):
            if event.kind == "user" and not (note.mark and event.at and event.at <= note.mark):
                note.keep(lines.end - len(raw) - 1, event.at, redacted(event.text))
            elif event.edited:
                rel = relative(top, event.edited, cwd)
                if rel:
                    note.add_edited(rel)
        if lines.end - start > MAX_READ:
            break
    note.captured = lines.end
    note.branch = branch or note.branch or checked_out
    if lines.skipped:
        return f"{lines.skipped} overlong line(s) passed over"
    return lines.problem


def _wanted(raw: bytes) -> bool:
    """Whether a line may hold the person's words or an edit (most lines are neither: tool
    output and reads, which are not parsed here)."""
    if b'"user"' in raw and b'"tool_result"' not in raw:
        return True
    return b'"tool_use"' in raw and any(name in raw for name in _EDIT_NAMES)


def redacted(text: str) -> str:
    """``text`` without secrets (loaded on first use: most hook calls need it once)."""
    from gitmemory.secrets.redact import redact

    return redact(text)[0]
