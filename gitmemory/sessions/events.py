"""What happened in a session, whichever agent wrote the transcript.

Each transcript format (:mod:`~gitmemory.sessions.claude`,
:mod:`~gitmemory.sessions.codex`) turns a line into events of four kinds:

- ``user``: what the person typed, whole;
- ``agent``: what the agent answered in words;
- ``tool``: a tool call, as the tool's name and what it acted on (a file, a
  command, a pattern), with ``edited`` set when it changed a file, and ``shell``
  when it ran one shell command line to its end (in ``cwd``, when the transcript
  says);
- ``result``: a tool's output, ``error`` when it failed, and ``code``, the exit
  status of the command a shell call ran, when the transcript gives it.

Thinking, images, compaction summaries and the agent's sub-agents' chatter
make no events.  Stdlib only.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

KINDS = ("user", "agent", "tool", "result")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:")


class Event:
    __slots__ = ("at", "call", "code", "cwd", "edited", "error", "kind", "shell", "target",
                 "text", "tool", "uuid")

    def __init__(self, kind: str, text: str = "", *, tool: str = "", target: str = "",
                 edited: str = "", call: str = "", error: bool = False, uuid: str = "",
                 at: str = "", shell: bool = False, cwd: str = "",
                 code: int | None = None) -> None:
        self.kind = kind
        self.text = text
        self.tool = tool  # the tool's name, for ``tool``
        self.target = target  # the file, command or pattern a tool call acted on
        self.edited = edited  # the file a tool call changed, as the transcript names it
        self.call = call  # the id tying a ``result`` to its ``tool`` call
        self.error = error
        self.uuid = uuid
        self.at = at  # the line's timestamp (ISO 8601)
        self.shell = shell  # a ``tool`` call that ran one command line to its end
        self.cwd = cwd  # where a ``tool`` call ran ("" when the transcript does not say)
        self.code = code  # a ``result``'s exit status (None: not a command's, or not said)

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text[:40]!r}, tool={self.tool!r}, " \
            f"target={self.target[:40]!r})"


def text_of(blocks: object, kinds: Iterable[str] = ("text",)) -> str:
    """The text of a message's content: a string, or the text blocks of a list."""
    if isinstance(blocks, str):
        return blocks
    if not isinstance(blocks, list):
        return ""
    wanted = set(kinds)
    parts = [b.get("text") for b in blocks if isinstance(b, dict) and b.get("type") in wanted]
    return "\n".join(p for p in parts if isinstance(p, str))


def tool_name(value: object) -> str:
    """A tool's name as a transcript gives it, if it is a plausible one."""
    if isinstance(value, str) and 0 < len(value) <= 64 and set(value) <= _NAME_CHARS:
        return value
    return "tool"


def string(value: object) -> str:
    return value if isinstance(value, str) else ""
