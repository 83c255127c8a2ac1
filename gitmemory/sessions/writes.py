"""Claude Code's ``PreToolUse`` hook for file writes: the items of the area written in.

Claude Code loads a path-scoped rule when it reads a file the rule's paths
match; an agent that creates a file in an area never read one there, so it
never sees that area's items.  ``gitmemory hook agent-write`` (registered by
``init --agent-hook`` for Write, Edit, MultiEdit and NotebookEdit) reads the
hook's JSON on stdin, finds the rule files of ours whose paths hold the file
(``.claude/rules/gitmemory/<area>.md``, already rendered and gated at
checkout) and answers their items as the hook's ``additionalContext``, within
:data:`BUDGET` characters.  Quiet: an area is told once per session, nothing
is said for a file outside every area, and a hook that cannot tell prints
nothing.  Stdlib only, no process, no memory file parsed (docs/design.md,
"The hot path"): it runs before every write the agent makes.
"""

from __future__ import annotations

import json
import os

from gitmemory import files, git, state

RULES_DIR = ".claude/rules/gitmemory"  # the claude-rules output's directory (outputs/targets)
BUDGET = 3_000  # characters of items a write adds to the session
MAX_STDIN = 1024 * 1024  # a Write's input holds the whole new file: the path comes first
TOLD_MAX = 64 * 1024  # bytes of the told-areas file before its older half goes
_PATH_KEYS = ("file_path", "notebook_path")
_HEADING = "## "


def answer(info: git.RepoInfo, stdin: str) -> dict[str, object] | None:
    """The hook's JSON answer for the write ``stdin`` describes; None to say nothing."""
    top = info.toplevel
    data = _payload(stdin)
    if top is None or data is None:
        return None
    rel = _relative(top, data)
    if rel is None:
        return None
    session = data.get("session_id")
    session = session if isinstance(session, str) and session.isprintable() else ""
    told = _told(info.state_dir, session)
    found = [(name, text) for name, text in _rules_for(top, rel) if name not in told]
    if not found:
        return None
    _remember(info.state_dir, session, [name for name, _ in found])
    context = _context(rel, found)
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                   "additionalContext": context}} if context else None


def _payload(stdin: str) -> dict[str, object] | None:
    try:
        data = json.loads(stdin[:MAX_STDIN]) if len(stdin) <= MAX_STDIN else None
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("hook_event_name", "PreToolUse") != "PreToolUse":
        return None
    return data


def _relative(top: str, data: dict[str, object]) -> str | None:
    """The written file relative to the top of the work tree, or None outside it."""
    tool_input = data.get("tool_input")
    if not isinstance(tool_input, dict):
        return None
    path = next((v for k in _PATH_KEYS if isinstance(v := tool_input.get(k), str) and v), None)
    if path is None or "\0" in path:
        return None
    cwd = data.get("cwd")
    base = cwd if isinstance(cwd, str) and os.path.isabs(cwd) else top
    full = os.path.normpath(os.path.join(base, path))
    real_top = os.path.normpath(top)
    if not full.startswith(real_top + os.sep):
        return None
    return full[len(real_top) + 1:].replace(os.sep, "/")


def _rules_for(top: str, rel: str) -> list[tuple[str, str]]:
    """(file name, text) of our rule files whose paths hold ``rel``, in name order."""
    directory = os.path.join(top, RULES_DIR)
    try:
        names = sorted(e.name for e in os.scandir(directory)
                       if e.name.endswith(".md") and not e.name.startswith("."))
    except OSError:
        return []
    found = []
    for name in names:
        try:
            text = files.read_text(os.path.join(directory, name))
        except files.UnsafePath:
            continue
        if text and any(rel.startswith(prefix) for prefix in _prefixes(text)):
            found.append((name, text))
    return found


def _prefixes(text: str) -> list[str]:
    """``src/api/`` for each ``- "src/api/**"`` of a rule file's ``paths``; [] for a file
    without them (loaded in every session already)."""
    if not text.startswith("---\n"):
        return []
    front = text[4:text.find("\n---\n", 3)]
    out = []
    for line in front.split("\n"):
        glob = line.strip().removeprefix("- ").strip('"')
        if glob.endswith("/**"):
            out.append(glob[:-2])
    return out


def _context(rel: str, found: list[tuple[str, str]]) -> str:
    """The items of each rule file (their blocks, without front matter and stamp), within
    :data:`BUDGET`, cut between lines; what did not fit is named."""
    parts, used, left = [], 0, []
    for name, text in found:
        body = text.split("\n---\n", 1)[-1].partition("\n")[2].strip()  # no stamp line
        lines = [line for line in body.split("\n") if not line.startswith(_HEADING)]
        kept = []
        for line in lines:
            if used + len(line) + 1 > BUDGET:
                left.append(f"{RULES_DIR}/{name}")
                break
            kept.append(line)
            used += len(line) + 1
        if any(line.startswith("- ") for line in kept):
            parts.append("\n".join(kept).strip())
    if not parts:
        return ""
    head = f"gitmemory: notes about the area of {rel}, which you are about to write."
    tail = f"\n\n(more in {', '.join(left)})" if left else ""
    return head + "\n\n" + "\n\n".join(parts) + tail


def _told(state_dir: str, session: str) -> set[str]:
    """The rule files already told to ``session``."""
    if not session:
        return set()
    text = files.read_text(state.TOLD_AREAS.at(state_dir)) or ""
    prefix = session + " "
    return {line[len(prefix):] for line in text.split("\n") if line.startswith(prefix)}


def _remember(state_dir: str, session: str, names: list[str]) -> None:
    if not session:
        return
    path = state.TOLD_AREAS.at(state.ensure_dir(state_dir))
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    try:
        if os.path.getsize(path) > TOLD_MAX:
            text = files.read_text(path) or ""
            files.atomic_write(path, text[len(text) // 2:].partition("\n")[2])
    except OSError:
        pass
    for name in names:
        state.append_line(path, f"{session} {name}")
