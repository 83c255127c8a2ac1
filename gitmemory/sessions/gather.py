"""The session source a memorize run asks for (docs/design.md, "Agent sessions").

:func:`gather` finds what a branch's sessions added since the last run: the
notes the Claude Code hook wrote, Claude Code transcripts of this repository
that no hook noted (:func:`gitmemory.sessions.capture.discover`: a session
killed before its end) and Codex CLI rollouts of this repository
(:func:`gitmemory.sessions.codex.discover`), read as digests within the
run's budget; a session that does not fit waits for the next run.
:func:`settle` records that a run distilled them, once its result is kept.
"""

from __future__ import annotations

import os

from gitmemory import files
from gitmemory.sessions import capture, codex, digest, notes
from gitmemory.sessions.digest import Digest

MIN_ROOM = 400  # characters: below this a session is left for the next run


class Batch:
    """The digests one run reads; ``later``: sessions left for the next run;
    ``problems``: one line per session that could not be read as it was."""

    __slots__ = ("digests", "later", "problems")

    def __init__(self) -> None:
        self.digests: list[Digest] = []
        self.later = 0
        self.problems: list[str] = []

    @property
    def text(self) -> str:
        return "\n\n".join(d.text for d in self.digests if not d.empty)


def gather(state_dir: str, tops: list[str], branch: str, *, exclude: list[str],
           budget: int, record: bool = True) -> Batch:
    """What ``branch``'s sessions added since they were last distilled, at most ``budget``
    characters, oldest session first; ``tops`` are the repository's work trees.  Codex
    rollouts and unnoted transcripts found on the way are noted only with ``record``, and
    so are notes of sessions that are over forgotten."""
    batch = Batch()
    with notes.lock(state_dir):
        new = codex.discover(state_dir, tops, record=record) + \
            capture.discover(state_dir, tops, record=record)
        every = notes.every(state_dir) + ([] if record else new)
        if record:
            every = [n for n in every if not _over(state_dir, n)]
        pending = [n for n in every if n.branch == branch and n.waiting()]
    room = budget
    for note in pending:
        if room < MIN_ROOM:
            batch.later += 1
            continue
        elsewhere = frozenset(u for other in every if other is not note for u in other.seen)
        found = digest.read(note, tops, exclude, room, elsewhere)
        if found.problem:
            batch.problems.append(f"session {note.short}: {found.problem}")
        batch.digests.append(found)
        room -= len(found.text) + 2 if not found.empty else 0
    return batch


def _over(state_dir: str, note: notes.Note) -> bool:
    """Whether ``note``'s session is distilled and its transcript gone (it cannot go on):
    its note is removed."""
    if note.waiting() or os.path.lexists(note.transcript):
        return False
    files.remove(notes.path(state_dir, note.source, note.id))
    return True


def settle(state_dir: str, batch: Batch) -> None:
    """Record that ``batch`` was distilled: each session is read from where its digest
    ended next time, and the messages the hook kept before that point are let go."""
    with notes.lock(state_dir):
        for found in batch.digests:
            note = notes.load(state_dir, found.note.source, found.note.id) or found.note
            note.digested = found.end if found.reset else max(note.digested, found.end)
            if found.reset:
                note.captured = found.end
            note.mark = max(note.mark, found.mark)
            note.saw(found.seen)
            note.kept = [k for k in note.kept if isinstance(k.get("at"), int) and
                         k["at"] >= note.digested]  # type: ignore[operator]
            notes.save(state_dir, note)


def waiting(state_dir: str, branch: str | None = None) -> list[notes.Note]:
    """The noted sessions that have something memorize has not distilled yet (of
    ``branch``, when given); Codex rollouts and transcripts no hook noted are found by the
    next run."""
    return [n for n in notes.every(state_dir) if (branch is None or n.branch == branch)
            and n.waiting()]
