"""Claude Code's transcripts (``~/.claude/projects/<project>/<session id>.jsonl``).

One JSON object per line.  The lines that matter carry ``type`` ``user`` or
``assistant``, a ``message`` with the API's content blocks, the ``cwd`` and
``gitBranch`` of the moment, a ``uuid`` and a ``timestamp``.  Lines marked
``isSidechain`` belong to a sub-agent: its prompts come from the agent, not
the person, so only the files it edited count.  ``isMeta`` lines, compaction
summaries (``isCompactSummary``, ``summary`` lines, ``compact_boundary``) and
the wrappers Claude Code puts around slash commands and local shell output
are not the person's words.  Claude Code adds line types between versions:
anything unknown is passed over.  Stdlib only.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from gitmemory.sessions.events import Event, string, text_of, tool_name
from gitmemory.sessions.lines import Lines

# Tools that change a file, and the input key naming it.
EDITS = {"Edit": "file_path", "MultiEdit": "file_path", "Write": "file_path",
         "NotebookEdit": "notebook_path"}
_TARGET_KEYS = ("file_path", "notebook_path", "path", "command", "pattern", "url", "query",
                "description")
# What Claude Code writes into a user line that the person did not type.
GENERATED = ("<command-name>", "<command-message>", "<command-args>", "<local-command-",
             "<system-reminder>", "<bash-input>", "<bash-stdout>", "<bash-stderr>",
             "<user-prompt-submit-hook>", "<task-notification>", "Caveat: The messages below",
             "[Request interrupted", "This session is being continued from a previous")
REMINDER, REMINDER_END = "<system-reminder>", "</system-reminder>"
MAX_TARGET = 4000  # a heredoc can hold a whole file; the digest shows far less
SHELL = "Bash"  # the tool that runs a command line in the session's shell
EXIT_CODE = "Exit code "  # how a failed Bash call's result opens


def events(record: dict[str, object]) -> list[Event]:
    """The events of one parsed line (none for lines that hold nothing of the session)."""
    kind = record.get("type")
    message = record.get("message")
    if kind not in ("user", "assistant") or not isinstance(message, dict):
        return []
    uuid, at = string(record.get("uuid")), string(record.get("timestamp"))
    content = message.get("content")
    cwd = string(record.get("cwd"))
    if record.get("isSidechain"):
        return [e for e in _assistant(content, uuid, at, cwd) if e.edited] \
            if kind == "assistant" else []
    if kind == "assistant":
        return _assistant(content, uuid, at, cwd)
    if record.get("isMeta") or record.get("isCompactSummary"):
        return []
    shown = record.get("toolUseResult")
    interrupted = isinstance(shown, dict) and shown.get("interrupted") is True
    return _user(content, uuid, at, interrupted)


def _user(content: object, uuid: str, at: str, interrupted: bool = False) -> list[Event]:
    out = []
    blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
    typed = "\n".join(text for text in (_typed(text_of([b])) for b in blocks) if text)
    if typed:
        out.append(Event("user", typed, uuid=uuid, at=at))
    for block in content if isinstance(content, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_result":
            text, error = text_of(block.get("content")), block.get("is_error") is True
            out.append(Event("result", text, call=string(block.get("tool_use_id")),
                             error=error, uuid=uuid, at=at,
                             code=_exit_code(text) if error else None if interrupted else 0))
    return out


def _exit_code(text: str) -> int | None:
    """The exit status a failed Bash call's result opens with (``Exit code 2``); None for
    another failure (refused, timed out)."""
    head = text[:24].split("\n", 1)[0]
    number = head[len(EXIT_CODE):].strip() if head.startswith(EXIT_CODE) else ""
    return int(number) if number.isdigit() else None


def _typed(text: str) -> str:
    """What the person typed in one text block: none of Claude Code's wrappers, and no
    ``<system-reminder>`` it appended (file contents, instructions)."""
    while (start := text.find(REMINDER)) >= 0:
        end = text.find(REMINDER_END, start)
        text = text[:start] + (text[end + len(REMINDER_END):] if end >= 0 else "")
    text = text.strip()
    return "" if text.startswith(GENERATED) else text


def _assistant(content: object, uuid: str, at: str, cwd: str = "") -> list[Event]:
    out = []
    for block in content if isinstance(content, list) else []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text" and string(block.get("text")).strip():
            out.append(Event("agent", string(block.get("text")).strip(), uuid=uuid, at=at))
        elif block.get("type") == "tool_use":
            out.append(_tool_call(block, uuid, at, cwd))
    return out


def _tool_call(block: dict[str, object], uuid: str, at: str, cwd: str) -> Event:
    name = tool_name(block.get("name"))
    given = block.get("input")
    args: dict[str, object] = given if isinstance(given, dict) else {}
    target = next((string(args[k]) for k in _TARGET_KEYS if string(args.get(k))), "")
    edited = string(args.get(EDITS[name])) if name in EDITS else ""
    # One command line run to its end: not a script of several lines, not in the background
    shell = name == SHELL and not args.get("run_in_background") and \
        "\n" not in string(args.get("command")).strip()
    return Event("tool", tool=name, target=" ".join(target.split())[:MAX_TARGET],
                 edited=edited, call=string(block.get("id")), uuid=uuid, at=at,
                 shell=shell, cwd=cwd)


def context(record: dict[str, object]) -> tuple[str, str]:
    """The line's working directory and branch ("" when it names none)."""
    branch = string(record.get("gitBranch"))
    return string(record.get("cwd")), "" if branch == "HEAD" else branch


def timestamp(record: dict[str, object]) -> str:
    return string(record.get("timestamp"))


def parse_line(line: bytes) -> dict[str, object] | None:
    """One line as a JSON object; None for anything else."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def config_dir() -> str:
    """Where Claude Code keeps its state (``CLAUDE_CONFIG_DIR``, else ``~/.claude``)."""
    return os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")


def project_dir_name(cwd: str) -> str:
    """How Claude Code names a project's directory: every character of the working
    directory that is not an ASCII letter or digit becomes ``-``."""
    return "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in cwd)


def find_transcript(session_id: str, *cwds: str) -> str | None:
    """The transcript of ``session_id``: under the project directory of one of ``cwds``,
    else under any project directory (a long path is named with a hash appended)."""
    projects = os.path.join(config_dir(), "projects")
    name = session_id + ".jsonl"
    for cwd in cwds:
        if cwd:
            path = os.path.join(projects, project_dir_name(cwd), name)
            if os.path.isfile(path):
                return path
    try:
        entries = os.listdir(projects)
    except OSError:
        return None
    found = [os.path.join(projects, d, name) for d in sorted(entries)]
    return next((path for path in found if os.path.isfile(path)), None)


MAX_HEAD = 50  # lines read to learn where a transcript was made and on which branch
MAX_HEAD_LINE = 1024 * 1024  # bytes: a longer line there is passed over


def transcripts(top: str) -> list[str]:
    """The transcripts in the project directory of a session started at ``top``, oldest
    name first (symlinks and anything else not a regular file left out)."""
    folder = os.path.join(config_dir(), "projects", project_dir_name(top))
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []
    return [e.path for e in entries
            if e.name.endswith(".jsonl") and e.is_file(follow_symlinks=False)]


def origin(path: str, ours: Callable[[str], bool]) -> tuple[str, str]:
    """(working directory, branch) a transcript's first lines name ("" for what none of
    the first :data:`MAX_HEAD` lines names).  Reading stops at the first line that names
    a directory ``ours`` refuses: another repository's transcript is read no further."""
    cwd = branch = ""
    for n, raw in enumerate(Lines(path, 0, MAX_HEAD_LINE)):
        record = parse_line(raw)
        if record is not None:
            line_cwd, line_branch = context(record)
            if line_cwd and not cwd:
                cwd = line_cwd
                if not ours(cwd):
                    return cwd, ""
            branch = branch or line_branch
        if (cwd and branch) or n + 1 >= MAX_HEAD:
            break
    return cwd, branch
