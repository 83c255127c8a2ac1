"""The command lines an agent session ran in its shell, and how each ended (docs/design.md,
"Agent sessions").

A shell call (Claude Code's ``Bash``, Codex's shell tools) is paired with its
result by the call's id; a run counts only when the result gives the command's
exit status (a call refused, timed out, interrupted or left in the background
has none).  Read from where the session's digest reads (what memorize has not
distilled yet), in the working directory each call ran in.  Every field is
redacted like the rest of a session, and a command that held a secret is not
kept at all: no memory item may give it.
"""

from __future__ import annotations

from gitmemory.secrets.redact import redact
from gitmemory.sessions import digest, gather
from gitmemory.sessions.events import Event
from gitmemory.sessions.notes import Note

HEAD, TAIL = 4000, 16000  # characters of a failed run's output kept: where tools say why


class Ran:
    """One command line a session ran: as typed (whitespace collapsed), where, its exit
    status, and (when it failed) the start and end of its output."""

    __slots__ = ("at", "code", "command", "cwd", "output")

    def __init__(self, command: str, cwd: str, code: int, output: str = "", at: str = ""
                 ) -> None:
        self.command, self.cwd, self.code, self.output, self.at = command, cwd, code, output, at

    def __repr__(self) -> str:
        return f"Ran({self.command!r}, code={self.code})"


def ran(events: list[Event], cwd: str) -> list[Ran]:
    """The runs in ``events``, in order; ``cwd``: where the session began, for a call that
    does not say where it ran."""
    calls: dict[str, Event] = {}
    found = []
    redacted: dict[str, str] = {}  # a session runs the same few commands again
    for event in events:
        if event.kind == "tool" and event.shell and event.call:
            calls[event.call] = event
        elif event.kind == "result" and event.code is not None and event.call in calls:
            call = calls.pop(event.call)
            if call.target not in redacted:
                redacted[call.target] = redact(call.target)[0]
            command = redacted[call.target]
            if command != call.target:
                continue  # it held a secret: no item may give it, and none is read from it
            text = event.text if len(event.text) <= HEAD + TAIL else \
                event.text[:HEAD] + "\n" + event.text[-TAIL:]
            found.append(Ran(command, call.cwd or cwd, event.code,
                             redact(text)[0] if event.code else "", event.at))
    return found


def of_branch(state_dir: str, tops: list[str], branch: str) -> list[tuple[Note, list[Ran]]]:
    """What ``branch``'s sessions ran since memorize last distilled them, oldest session
    first (sessions that ran nothing left out); those found now are read, not noted (the
    sessions source notes them)."""
    every, pending = gather.noted(state_dir, tops, branch, record=False)
    found = []
    for note in pending:
        elsewhere = frozenset(u for other in every if other is not note for u in other.seen)
        runs = ran(digest.events_since(note, tops, elsewhere), note.cwd)
        if runs:
            found.append((note, runs))
    return found
