"""Claude Code's hooks: ``SessionStart`` for agents that never run git hooks,
``PreToolUse`` for the items of the area a file is written in, and
``SessionEnd`` and ``PreCompact`` to learn from the agent's own sessions.

Cloud agents and fresh clones check a repository out without installing git
hooks, so nothing writes ``CLAUDE.md``.  ``init --agent-hook`` adds a hook to
``.claude/settings.json`` that runs ``gitmemory generate --session-start``.
Every hook's command line is built by :func:`command`: the file is shared, so
it cannot name one machine's Python, and Claude Code's PATH often lacks
``gitmemory``; the command asks the clone's git config for the Python its
set-up recorded (``merge.gitmemory.python``, as the git hooks bake it in), and
falls back to ``gitmemory`` on the PATH.  Where neither is there (a fresh
clone, a cloud session without gitmemory), the session-start line prints the
base file, which Claude Code adds to the session, so the team's instructions
are never lost; the other lines do nothing.
Claude Code reads ``CLAUDE.md`` before session-start hooks finish, so when
the file was missing or stale the hook also hands the new content to the
session as context (JSON on stdout, the hook's documented output).

The same choice adds ``PreToolUse`` for the tools that write files
(``gitmemory hook agent-write``, :mod:`gitmemory.sessions.writes`), and
``SessionEnd`` and ``PreCompact`` hooks that note the session for the next
memorize (``gitmemory hook agent-session``, :mod:`gitmemory.sessions.capture`)
and turns ``sessions`` on in this clone's git config: the settings file is
shared, the choice to learn from one's own conversations is each person's.
:func:`uninstall` takes all of it out again.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil

from gitmemory import files, git
from gitmemory.errors import GitmemoryError
from gitmemory.outputs.render import inline
from gitmemory.outputs.sync import Outcome
from gitmemory.setup import json_file, merge_driver

SETTINGS = ".claude/settings.json"
MARKER = "generate --session-start"
MAX_CONTEXT = 9_000  # Claude Code takes up to 10,000 characters of hook context
SESSION_MARKER = "hook agent-session"
WRITE_MARKER = "hook agent-write"


def command(args: str, fallback: str = ":") -> str:
    """The shell command that runs ``gitmemory <args>`` in Claude Code's project: with the
    Python this clone's set-up recorded (``-P``: the project's own directories are not
    imported from), else with ``gitmemory`` on the PATH, else ``fallback``; silent, and
    never a failure for the session."""
    return ('cd "${CLAUDE_PROJECT_DIR:-.}" 2>/dev/null || exit 0; '
            f'p=$(git config --get {merge_driver.PYTHON_KEY} 2>/dev/null); '
            f'if [ -x "$p" ]; then "$p" -P -m gitmemory {args}; '
            f'elif command -v gitmemory >/dev/null 2>&1; then gitmemory {args}; '
            f'else {fallback}; fi 2>/dev/null || true')


def session_start_command(output_file: str = "CLAUDE.md", base_file: str = "CLAUDE_base.md"
                          ) -> str:
    """The SessionStart line: ``generate --session-start``; where gitmemory cannot run and
    there is no ``output_file``, the base file printed, which Claude Code adds to the
    session (the team's instructions, without the branch's memory)."""
    out, base = shlex.quote(output_file), shlex.quote(base_file)
    return command(MARKER, f"[ -e {out} ] || cat {base}")


HOOK: dict[str, object] = {"matcher": "startup|resume|clear|compact",
                           "hooks": [{"type": "command", "command": session_start_command(),
                                      "timeout": 30}]}
SESSION_HOOK: dict[str, object] = {
    "hooks": [{"type": "command", "command": command(SESSION_MARKER), "timeout": 10}]}
WRITE_HOOK: dict[str, object] = {
    "matcher": "Write|Edit|MultiEdit|NotebookEdit",
    "hooks": [{"type": "command", "command": command(WRITE_MARKER), "timeout": 5}]}
# event -> (the entry to add, what marks it as gitmemory's)
HOOKS: dict[str, tuple[dict[str, object], str]] = {
    "SessionStart": (HOOK, MARKER), "PreToolUse": (WRITE_HOOK, WRITE_MARKER),
    "SessionEnd": (SESSION_HOOK, SESSION_MARKER), "PreCompact": (SESSION_HOOK, SESSION_MARKER)}
SESSIONS_KEY = "gitmemory.sessions"


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
            if marker not in json.dumps(present):
                present.append(json.loads(json.dumps(entry)))
                added.append(event)
            elif _update_commands(present, entry, marker):
                updated.append(event)
        said = [f"added {_name_list(added)} hook(s) that run gitmemory"] if added else []
        if updated:
            said.append(f"updated the {_name_list(updated)} hook(s) to find this clone's "
                        "gitmemory")
        return "; ".join(said) or None
    line = json_file.update_json(top, SETTINGS, change)
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


def _update_commands(groups: list[object], entry: dict[str, object], marker: str) -> bool:
    """Give gitmemory's hooks among ``groups`` today's command line, ``entry``'s (an older
    init wrote one that looked on the PATH alone); whether one changed.  Timeouts and
    matchers stay."""
    wanted, changed = entry["hooks"][0]["command"], False  # type: ignore[index]
    for hook in _our_hooks(groups, marker):
        if hook.get("command") != wanted:
            hook["command"], changed = wanted, True
    return changed


def _our_hooks(groups: object, marker: str) -> list[dict[str, object]]:
    """The hook entries in ``groups`` (an event's list) whose command runs gitmemory."""
    found = []
    for group in groups if isinstance(groups, list) else []:
        inner = group.get("hooks") if isinstance(group, dict) else None
        found += [hook for hook in inner if isinstance(hook, dict)
                  and marker in str(hook.get("command", ""))] if isinstance(inner, list) else []
    return found


def problem(top: str) -> tuple[str, str, bool] | None:
    """Why the Claude Code hooks in ``.claude/settings.json`` cannot run gitmemory here
    (what, the command that fixes it, whether the fix is this clone's alone), or None
    when they can or there are none.  Claude Code's PATH is not known here; this
    process's stands for it."""
    try:
        data = json.loads(files.read_text(os.path.join(top, SETTINGS)) or "{}")
    except (ValueError, RecursionError, GitmemoryError):
        return None
    hooks = data.get("hooks") if isinstance(data, dict) else None
    ours = [hook for event, (_entry, marker) in HOOKS.items() if isinstance(hooks, dict)
            for hook in _our_hooks(hooks.get(event), marker)]
    if not ours or shutil.which("gitmemory"):
        return None
    if any(merge_driver.PYTHON_KEY not in str(hook.get("command")) for hook in ours):
        return (f"{SETTINGS} runs gitmemory from the PATH alone, and it is not there",
                f"gitmemory init --agent-hook and commit {SETTINGS}", False)
    python = merge_driver.recorded_python(top)
    if python and os.access(python, os.X_OK):
        return None
    why = f"its Python {python} is gone" if python else "no Python is recorded in this clone"
    return f"Claude Code's hooks cannot find gitmemory ({why}, and none is on the PATH)", \
        "gitmemory install", True


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
