"""Claude Code's ``SessionEnd`` and ``PreCompact`` hooks: note the session, nothing more.

``gitmemory hook agent-session`` reads the hook's JSON on stdin
(``session_id``, ``transcript_path``, ``cwd``, ``hook_event_name``) and, when
this clone learns from sessions (the ``sessions`` setting), notes the session
in local state (:mod:`gitmemory.sessions.notes`): the transcript, the branch
(the transcript's ``gitBranch``, else the one checked out), the offset read,
the files it edited and, redacted, what the person typed, which Claude Code
would delete with the transcript after ``cleanupPeriodDays``.  It reads only
what was appended since the last call, so a session compacted three times is
read once.  No network, no commit, no tracked file, nothing printed; a
failure is one line in the hook log.  Stdlib only (docs/design.md,
"The hot path").
"""

from __future__ import annotations

import json
import os

from gitmemory import config, git
from gitmemory.sessions import claude, notes
from gitmemory.sessions.lines import Lines
from gitmemory.sessions.places import inside, relative

EVENTS = ("SessionEnd", "PreCompact")
SOURCE = "claude-code"
MAX_READ = 32 * 1024 * 1024  # bytes one hook call reads at most; memorize reads the rest
MAX_STDIN = 1024 * 1024


def run(info: git.RepoInfo, stdin: str) -> int:
    """Note the session Claude Code's hook describes on ``stdin``; always 0."""
    data = payload(stdin)
    top = info.toplevel
    if data is None or data.get("hook_event_name") not in EVENTS or top is None:
        return 0
    cfg = config.load(top, info.state_dir, git_dirs=(info.git_dir, info.common_dir))
    if not (cfg.enabled and cfg.chosen and cfg.sessions):
        return 0
    session_id = data.get("session_id")
    given_cwd = data.get("cwd")
    cwd = given_cwd if isinstance(given_cwd, str) else ""
    if not notes.valid_id(session_id) or not inside(top, cwd or top):
        return 0  # not a session id, or another repository's session
    assert isinstance(session_id, str)
    given = data.get("transcript_path")
    transcript = given if isinstance(given, str) and given else \
        claude.find_transcript(session_id, cwd, os.environ.get("CLAUDE_PROJECT_DIR", ""), top)
    if not transcript:
        from gitmemory import state

        state.log(info.state_dir, f"agent-session: no transcript found for session "
                                  f"{session_id[:8]}; it is not noted")
        return 0
    with notes.lock(info.state_dir):
        note = notes.load(info.state_dir, SOURCE, session_id) or \
            notes.Note(SOURCE, session_id, transcript, cwd=cwd)
        note.transcript = transcript
        problem = read(note, top, info.branch or "")
        notes.save(info.state_dir, note)
    if problem:
        from gitmemory import state

        state.log(info.state_dir, f"agent-session: session {note.short}: {problem}")
    return 0


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
    for raw in lines:
        wanted_user = b'"user"' in raw and b'"tool_result"' not in raw
        if not (wanted_user or b'"tool_use"' in raw):
            continue
        record = claude.parse(raw)
        if record is None:
            continue
        cwd, line_branch = claude.context(record)
        if cwd and not inside(top, cwd):
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


def redacted(text: str) -> str:
    """``text`` without secrets (loaded on first use: most hook calls need it once)."""
    from gitmemory.secrets.redact import redact

    return redact(text)[0]
