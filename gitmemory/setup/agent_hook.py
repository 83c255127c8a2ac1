"""The Claude Code ``SessionStart`` hook, for agents that never run git hooks.

Cloud agents and fresh clones check a repository out without installing git
hooks, so nothing writes ``CLAUDE.md``.  ``init --agent-hook`` adds a hook to
``.claude/settings.json`` that runs ``gitmemory generate --session-start``
when gitmemory is installed and does nothing, silently, when it is not.
Claude Code reads ``CLAUDE.md`` before session-start hooks finish, so when
the file was missing or stale the hook also hands the new content to the
session as context (JSON on stdout, the hook's documented output).
"""

from __future__ import annotations

import json

from gitmemory import files
from gitmemory.outputs.render import inline
from gitmemory.outputs.sync import Outcome
from gitmemory.setup import json_file

SETTINGS = ".claude/settings.json"
MARKER = "generate --session-start"
COMMAND = ('command -v gitmemory >/dev/null 2>&1 && gitmemory -C "${CLAUDE_PROJECT_DIR:-.}" '
           f'{MARKER} 2>/dev/null || true')
HOOK: dict[str, object] = {"matcher": "startup|resume|clear|compact",
                           "hooks": [{"type": "command", "command": COMMAND, "timeout": 30}]}
MAX_CONTEXT = 9_000  # Claude Code takes up to 10,000 characters of hook context


def install(top: str) -> str:
    """Add the hook to ``.claude/settings.json`` (created when absent, merged into when
    present); a hook that already runs gitmemory is left as it is."""
    def change(data: dict[str, object]) -> str | None:
        hooks = json_file.entry(data, "hooks", dict, SETTINGS)
        assert isinstance(hooks, dict)
        starts = json_file.entry(hooks, "SessionStart", list, SETTINGS)
        assert isinstance(starts, list)
        if MARKER in json.dumps(starts):
            return None
        starts.append(HOOK)
        return "added a SessionStart hook that runs gitmemory generate"
    return json_file.merge(top, SETTINGS, change)


def session_context(outcomes: list[Outcome], branch: str) -> dict[str, object] | None:
    """The hook's answer when this run wrote ``CLAUDE.md``: its new content (without the
    stamp line), which the session loaded stale or not at all; None otherwise."""
    written = next((o for o in outcomes if o.target.name == "claude" and o.status == "written"),
                   None)
    text = files.read_text(written.path) if written else None
    if written is None or not text:
        return None
    name = written.target.path
    body = text.partition("\n")[2].strip()
    if len(body) > MAX_CONTEXT:
        body = body[:body.rfind("\n", 0, MAX_CONTEXT)] + f"\n\n(cut here: {name} holds the rest)"
    intro = (f"gitmemory rebuilt {name} for branch `{inline(branch)}` as this session started, "
             "after Claude Code had read it; this is its current content.")
    return {"hookSpecificOutput": {"hookEventName": "SessionStart",
                                   "additionalContext": f"{intro}\n\n{body}"}}
