"""Codex CLI's sessions (``$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl``).

Codex has no hook to note a session, so memorize looks for them
(:func:`discover`): a rollout's first line is its ``session_meta``, which
names the working directory and the git branch.  Only that line of another
repository's rollout is ever read, once: the index in local state remembers
it.  Later lines are ``response_item`` envelopes (messages, function and
custom tool calls and their output, reasoning); ``event_msg`` lines repeat
them for the terminal and are passed over, like every type this module does
not know.  Older rollouts hold the items without the envelope.
"""

from __future__ import annotations

import json
import os

from gitmemory import state
from gitmemory.sessions import notes
from gitmemory.sessions.events import Event, string, text_of, tool_name
from gitmemory.sessions.inside import inside
from gitmemory.sessions.lines import Lines

SOURCE = "codex"
MAX_META = 1024 * 1024  # bytes: a first line longer than this is not a session's meta
MAX_TARGET = 4000  # characters of a command kept; the digest shows far less
BOILERPLATE = ("<environment_context>", "<user_instructions>", "# AGENTS.md instructions",
               "<INSTRUCTIONS>", "<user_shell_command>", "<turn_aborted>")
_ITEMS = ("message", "function_call", "function_call_output", "custom_tool_call",
          "custom_tool_call_output", "local_shell_call", "reasoning")
# The tools that run a command line, and how their output opens with its exit status.
SHELLS = frozenset({"shell", "shell_command", "local_shell_call", "exec_command",
                    "container.exec"})
_EXIT_LINES = ("Exit code: ", "Process exited with code ")
_PATCH_HEADS = ("*** Update File: ", "*** Add File: ", "*** Delete File: ", "*** Move to: ")


def home() -> str:
    return os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")


def rollouts() -> list[str]:
    """Every rollout file under Codex's sessions directory, oldest name first."""
    found = []
    for root, dirs, names in os.walk(os.path.join(home(), "sessions")):
        dirs.sort()
        found += [os.path.join(root, n) for n in sorted(names)
                  if n.startswith("rollout-") and n.endswith(".jsonl")]
    return found


def meta(path: str) -> dict[str, object] | None:
    """The rollout's ``session_meta`` payload (its first line); None when it has none yet."""
    for line in Lines(path, 0, MAX_META):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            return None
        if not isinstance(record, dict):
            return None
        payload = record.get("payload") if record.get("type") == "session_meta" else record
        return payload if isinstance(payload, dict) and "id" in payload else None
    return None


def discover(state_dir: str, tops: list[str], *, record: bool = True) -> list[notes.Note]:
    """Note the rollouts whose working directory is in one of ``tops`` (the repository's
    work trees) and that no note names yet; the new notes (saved, and the index of
    rollouts looked at updated, only with ``record``).  Call under
    :func:`gitmemory.sessions.notes.lock`."""
    seen = notes.Seen(state_dir, state.CODEX_INDEX)
    known = {n.transcript for n in notes.every(state_dir) if n.source == SOURCE}
    new = []
    present = rollouts()
    seen.keep_only(present)
    for path in present:
        if path in seen.paths or path in known:
            continue
        payload = meta(path)
        if payload is None:
            continue  # nothing written yet, or not a rollout: looked at again next time
        cwd, session_id = string(payload.get("cwd")), payload.get("id")
        if not notes.valid_id(session_id) or not any(inside(top, cwd) for top in tops):
            seen.paths.add(path)
            continue  # another repository's session: never read further
        assert isinstance(session_id, str)
        git = payload.get("git")
        note = notes.Note(SOURCE, session_id, path, cwd=cwd,
                          branch=string(git.get("branch")) if isinstance(git, dict) else "")
        note.started = string(payload.get("timestamp"))
        if record:
            notes.save(state_dir, note)
        new.append(note)
    if record:
        seen.save()
    return new


def events(record: dict[str, object]) -> list[Event]:
    """The events of one rollout line."""
    payload = record.get("payload")
    if record.get("type") != "response_item":
        payload = record if record.get("type") in _ITEMS else None  # an older rollout
    if not isinstance(payload, dict):
        return []
    at = string(record.get("timestamp"))
    kind = payload.get("type")
    if kind == "message":
        return _message(payload, at)
    if kind in ("function_call", "custom_tool_call", "local_shell_call"):
        return _call(payload, at)
    if kind in ("function_call_output", "custom_tool_call_output"):
        text, code = _output(payload.get("output"))
        return [Event("result", text, call=string(payload.get("call_id")),
                      error=code is not None and code != 0, at=at, code=code)]
    return []


def _message(payload: dict[str, object], at: str) -> list[Event]:
    role = payload.get("role")
    if role == "user":
        text = text_of(payload.get("content"), ("input_text", "text")).strip()
        return [Event("user", text, at=at)] if text and not text.startswith(BOILERPLATE) else []
    if role == "assistant":
        text = text_of(payload.get("content"), ("output_text", "text")).strip()
        return [Event("agent", text, at=at)] if text else []
    return []


def _call(payload: dict[str, object], at: str) -> list[Event]:
    name = tool_name(payload.get("name") or payload.get("type"))
    call = string(payload.get("call_id"))
    args = _arguments(payload)
    command = args.get("command") or args.get("cmd")
    if isinstance(command, list):
        words = [w for w in command if isinstance(w, str)]
        command = words[-1] if words[:2] in (["bash", "-lc"], ["sh", "-c"]) else " ".join(words)
    patch = string(payload.get("input")) or string(args.get("input")) or (
        string(command) if string(command).lstrip().startswith("apply_patch") else "")
    edited = [line.split(": ", 1)[1].strip() for line in patch.split("\n")
              if line.startswith(_PATCH_HEADS)]
    if edited:
        return [Event("tool", tool="apply_patch", target=path, edited=path, call=call, at=at)
                for path in edited]
    target = " ".join(string(command).split())[:MAX_TARGET]
    shell = name in SHELLS and bool(target) and "\n" not in string(command).strip()
    return [Event("tool", tool=name, target=target, call=call, at=at, shell=shell,
                  cwd=string(args.get("workdir") or args.get("working_directory")))]


def _arguments(payload: dict[str, object]) -> dict[str, object]:
    raw = payload.get("arguments")
    action = payload.get("action")
    if isinstance(action, dict):  # local_shell_call
        return action
    try:
        args = json.loads(raw) if isinstance(raw, str) else raw
    except (ValueError, RecursionError):
        return {}
    return args if isinstance(args, dict) else {}


def _output(output: object) -> tuple[str, int | None]:
    """A call's output and the exit status of the command it ran, when it says: the
    ``exit_code`` of JSON metadata, or the ``Exit code: N`` (``Process exited with code
    N``) line that opens the text of the newer shell tools; None otherwise."""
    text = string(output)
    try:
        data = json.loads(text) if text.startswith("{") else None
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, dict) and "output" in data:
        info = data.get("metadata")
        code = info.get("exit_code") if isinstance(info, dict) else None
        return string(data.get("output")), code if isinstance(code, int) else None
    for line in text[:400].split("\n")[:6]:
        for opening in _EXIT_LINES:
            number = line[len(opening):].strip() if line.startswith(opening) else ""
            if number.lstrip("-").isdigit():
                return text, int(number)
        if line.startswith("Output:"):
            break
    return text, None
