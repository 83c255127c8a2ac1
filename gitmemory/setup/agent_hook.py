"""Claude Code's hooks: ``SessionStart`` for agents that never run git hooks,
``PreToolUse`` for the items of the area a file is written in, and
``SessionEnd`` and ``PreCompact`` to learn from the agent's own sessions.

Cloud agents and fresh clones check a repository out without installing git
hooks, so nothing writes ``CLAUDE.md``.  ``init --agent-hook`` adds a hook to
``.claude/settings.json`` that runs ``gitmemory generate --session-start``.
Claude Code reads ``CLAUDE.md`` before session-start hooks finish, so when
the file was missing or stale the hook also hands the new content to the
session as context (JSON on stdout, the hook's documented output).  Each
command is a POSIX sh line that runs gitmemory as the git hooks do, with the
Python that installed it baked in (a launcher ``init`` and ``install`` write
in the clone's state directory, :data:`gitmemory.state.CLAUDE_LAUNCHER`), else
the ``gitmemory`` on the PATH; where neither is there (a fresh clone, a cloud
session without gitmemory), the session-start line prints the base file,
which Claude Code adds to the session, so the team's instructions are never
lost, and the other lines do nothing.

The same choice adds ``SessionEnd`` and ``PreCompact`` hooks that note the
session for the next memorize (``gitmemory hook agent-session``,
:mod:`gitmemory.sessions.capture`) and turns ``sessions`` on in this clone's
git config: the settings file is shared, the choice to learn from one's own
conversations is each person's.  :func:`uninstall` takes all of it out again.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import sys

from gitmemory import files, git, state
from gitmemory.errors import GitmemoryError
from gitmemory.outputs.render import inline
from gitmemory.outputs.sync import Outcome
from gitmemory.setup import json_file

SETTINGS = ".claude/settings.json"
# Where the command finds gitmemory: the clone's launcher (the Python that installed it
# baked in), else the PATH; 127 when neither runs, as a shell says of a missing command.
_FIND = ('d="${CLAUDE_PROJECT_DIR:-.}"; l="$(git -C "$d" rev-parse --path-format=absolute '
         f'--git-common-dir 2>/dev/null)/gitmemory/{state.CLAUDE_LAUNCHER.name}"; '
         '[ -x "$l" ] || l=gitmemory; ')


def session_start_command(output_file: str = "CLAUDE.md", base_file: str = "CLAUDE_base.md"
                          ) -> str:
    """The SessionStart line: ``generate --session-start``, or, when gitmemory cannot run
    and ``output_file`` is absent, the base file printed as the session's context."""
    out, base = shlex.quote(output_file), shlex.quote(base_file)
    return (_FIND + f'"$l" -C "$d" {MARKER} 2>/dev/null; [ $? -ne 127 ] || '
            f'[ -e "$d"/{out} ] || cat "$d"/{base} 2>/dev/null; true')


def _in_project(args: str) -> str:
    """A line that runs ``gitmemory <args>`` in the project's top directory, or nothing."""
    return _FIND + f'cd "$d" && "$l" {args} 2>/dev/null; true'


MARKER = "generate --session-start"
COMMAND = session_start_command()
HOOK: dict[str, object] = {"matcher": "startup|resume|clear|compact",
                           "hooks": [{"type": "command", "command": COMMAND, "timeout": 30}]}
MAX_CONTEXT = 9_000  # Claude Code takes up to 10,000 characters of hook context
SESSION_MARKER = "hook agent-session"
SESSION_COMMAND = _in_project(SESSION_MARKER)
SESSION_HOOK: dict[str, object] = {
    "hooks": [{"type": "command", "command": SESSION_COMMAND, "timeout": 10}]}
WRITE_MARKER = "hook agent-write"
WRITE_COMMAND = _in_project(WRITE_MARKER)
WRITE_HOOK: dict[str, object] = {
    "matcher": "Write|Edit|MultiEdit|NotebookEdit",
    "hooks": [{"type": "command", "command": WRITE_COMMAND, "timeout": 5}]}
# event -> (the entry to add, what marks it as gitmemory's)
HOOKS: dict[str, tuple[dict[str, object], str]] = {
    "SessionStart": (HOOK, MARKER), "PreToolUse": (WRITE_HOOK, WRITE_MARKER),
    "SessionEnd": (SESSION_HOOK, SESSION_MARKER), "PreCompact": (SESSION_HOOK, SESSION_MARKER)}
# What gitmemory 0.3 registered: replaced by the lines above when init --agent-hook runs.
LEGACY_COMMANDS = frozenset((
    'command -v gitmemory >/dev/null 2>&1 && gitmemory -C "${CLAUDE_PROJECT_DIR:-.}" '
    'generate --session-start 2>/dev/null || true',
    'command -v gitmemory >/dev/null 2>&1 && cd "${CLAUDE_PROJECT_DIR:-.}" && '
    'gitmemory hook agent-session 2>/dev/null || true'))
SESSIONS_KEY = "gitmemory.sessions"
LAUNCHER = """\
#!/bin/sh
# gitmemory-launcher v1: Claude Code's hooks (.claude/settings.json) run gitmemory through
# this file, with the Python that installed it, as the git hooks do (gitmemory install).
python={python}
entry={entry}
if [ -x "$python" ]; then
    if [ "$1" = hook ] && [ -f "$entry" ]; then
        shift
        exec "$python" -I -S "$entry" "$@"
    fi
    exec "$python" -m gitmemory "$@"
fi
command -v gitmemory >/dev/null 2>&1 && exec gitmemory "$@"
exit 127
"""


def write_launcher(state_dir: str) -> None:
    """The clone's launcher for Claude Code's hooks: this Python and this gitmemory."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = LAUNCHER.format(python=shlex.quote(sys.executable),
                           entry=shlex.quote(os.path.join(package, "_shim_entry.py")))
    path = state.CLAUDE_LAUNCHER.at(state.ensure_dir(state_dir))
    if files.read_text(path) != text:
        files.atomic_write(path, text, default_mode=0o700)
    os.chmod(path, 0o700)  # this user's own script, like the state directory


def follow_team(top: str, state_dir: str) -> None:
    """In a clone of a repository whose settings run gitmemory's hooks: the launcher they
    run gitmemory through (``init`` and ``install``; the choice of ``sessions`` stays
    each person's)."""
    if registered(top):
        write_launcher(state_dir)


def registered(top: str) -> bool:
    """Whether the project's Claude Code settings run gitmemory (read as text)."""
    try:
        text = files.read_text(os.path.join(top, SETTINGS)) or ""
    except files.UnsafePath:
        return False
    return any(marker in text for _entry, marker in HOOKS.values())


def install(top: str) -> str:
    """Add the hooks to ``.claude/settings.json`` (created when absent, merged into when
    present; a hook that already runs gitmemory is left as it is) and turn ``sessions``
    on for this clone."""
    def change(data: dict[str, object]) -> str | None:
        hooks = json_file.member(data, "hooks", dict, SETTINGS)
        assert isinstance(hooks, dict)
        added, updated = [], []
        for event, (entry, marker) in _hooks(top).items():
            present = json_file.member(hooks, event, list, SETTINGS)
            assert isinstance(present, list)
            if _update_legacy(present, entry):
                updated.append(event)
            elif marker not in json.dumps(present):
                present.append(json.loads(json.dumps(entry)))
                added.append(event)
        said = [f"added {_name_list(added)} hook(s) that run gitmemory"] if added else []
        said += [f"updated gitmemory's {_name_list(updated)} hook(s)"] if updated else []
        return "; ".join(said) or None
    line = json_file.update_json(top, SETTINGS, change)
    with contextlib.suppress(GitmemoryError):  # not a repository: no clone to write for
        write_launcher(git.repo_info(top).state_dir)
    code, now = git.run_status(["config", "--local", "--get", SESSIONS_KEY], top)
    if code == 0 and now.strip() == "true":
        return line
    if git.run_status(["config", "--local", SESSIONS_KEY, "true"], top)[0] != 0:
        return f"{line}\nsessions: not turned on (this clone's git config cannot be written)"
    return f"{line}\nsessions: this clone learns from its Claude Code and Codex CLI sessions " \
        f"(git config {SESSIONS_KEY} false turns it off)"


def uninstall(top: str) -> list[str]:
    """Take gitmemory's hooks out of ``.claude/settings.json`` and ``sessions`` out of this
    clone's git config; what else the file holds stays."""
    lines = []
    if files.read_text(os.path.join(top, SETTINGS)) is not None:
        def change(data: dict[str, object]) -> str | None:
            removed = _remove_hooks(data)
            return f"removed gitmemory's {_name_list(removed)} hook(s)" if removed else None
        line = json_file.update_json(top, SETTINGS, change)
        if not line.endswith("already set up"):
            lines.append(line)
    if git.run_status(["config", "--local", "--unset", SESSIONS_KEY], top)[0] == 0:
        lines.append(f"sessions: {SESSIONS_KEY} removed from this clone's git config")
    with contextlib.suppress(GitmemoryError):
        files.remove(state.CLAUDE_LAUNCHER.at(git.repo_info(top).state_dir))
    return lines


def _hooks(top: str) -> dict[str, tuple[dict[str, object], str]]:
    """:data:`HOOKS`, the session-start line naming this repository's CLAUDE.md and base
    file (the settings may move them)."""
    from gitmemory import config

    cfg = config.load(top)
    if (cfg.output_file, cfg.base_file) == ("CLAUDE.md", "CLAUDE_base.md"):
        return HOOKS
    start = {**HOOK, "hooks": [{"type": "command", "timeout": 30, "command":
                                session_start_command(cfg.output_file, cfg.base_file)}]}
    return {**HOOKS, "SessionStart": (start, MARKER)}


def _update_legacy(groups: list[object], entry: dict[str, object]) -> bool:
    """Replace a command gitmemory 0.3 registered, exactly as it wrote it, with today's."""
    new = entry["hooks"][0]["command"]  # type: ignore[index]
    found = False
    for group in groups:
        inner = group.get("hooks") if isinstance(group, dict) else None
        for hook in inner if isinstance(inner, list) else []:
            if isinstance(hook, dict) and hook.get("command") in LEGACY_COMMANDS:
                hook["command"], found = new, True
    return found


def _remove_hooks(data: dict[str, object]) -> list[str]:
    """Remove gitmemory's commands from the hook groups (a group left with none goes, an
    event left with no group goes); the events they were removed from."""
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return []
    removed = []
    for event, (_entry, marker) in HOOKS.items():
        groups = hooks.get(event)
        if not isinstance(groups, list):
            continue
        kept = [g for g in (_without_ours(group, marker) for group in groups) if g is not None]
        if kept != groups:
            removed.append(event)
            if kept:
                hooks[event] = kept
            else:
                del hooks[event]
    if removed and not hooks:
        del data["hooks"]
    return removed


def _without_ours(group: object, marker: str) -> object | None:
    """``group`` without gitmemory's commands; None when nothing else was in it."""
    inner = group.get("hooks") if isinstance(group, dict) else None
    if not isinstance(group, dict) or not isinstance(inner, list):
        return group
    rest = [hook for hook in inner if marker not in json.dumps(hook)]
    if len(rest) == len(inner):
        return group
    return {**group, "hooks": rest} if rest else None


def _name_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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
