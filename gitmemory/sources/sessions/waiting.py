"""Lessons waiting for the branch to confirm them (``.git/gitmemory/sessions/held.json``).

A lesson a model found in a session but nobody stated is not stored until the
branch's commits confirm it (:mod:`gitmemory.sources.sessions.confirm`).  It waits
here, redacted, and each memorize of its branch checks it again; after
:data:`MAX_RUNS` runs or :data:`MAX_DAYS` days it goes.
"""

from __future__ import annotations

import time

from gitmemory import state
from gitmemory.memory.candidates import Lesson

MAX_RUNS = 5
MAX_DAYS = 14
MAX_HELD = 200


class Held:
    """A waiting lesson: the lesson, its branch, when its session began, and how long it
    has waited."""

    __slots__ = ("branch", "held", "lesson", "runs", "since")

    def __init__(self, branch: str, lesson: Lesson, since: str, held: float | None = None,
                 runs: int = 0) -> None:
        self.branch = branch
        self.lesson = lesson
        self.since = since
        self.held = time.time() if held is None else held
        self.runs = runs

    def expired(self, now: float | None = None) -> bool:
        age = (time.time() if now is None else now) - self.held
        return self.runs >= MAX_RUNS or age > MAX_DAYS * 86400

    def to_dict(self) -> dict[str, object]:
        lesson = self.lesson
        return {"branch": self.branch, "since": self.since, "held": self.held, "runs": self.runs,
                "section": lesson.section, "content": lesson.content,
                "confidence": lesson.confidence, "session": lesson.session,
                "paths": list(lesson.paths or ())}


def load(state_dir: str) -> list[Held]:
    return [held for held in map(_held, state.read_list(state.SESSION_LESSONS.at(state_dir)))
            if held]


def _held(entry: object) -> Held | None:
    if not isinstance(entry, dict):
        return None
    text = {k: entry.get(k) for k in ("branch", "since", "section", "content", "session")}
    paths, number = entry.get("paths"), (entry.get("held"), entry.get("runs"),
                                         entry.get("confidence"))
    if not all(isinstance(v, str) for v in text.values()) or not isinstance(paths, list) or \
            not all(isinstance(n, int | float) for n in number):
        return None
    held, runs, confidence = number
    lesson = Lesson(str(text["section"]), str(text["content"]), float(confidence or 0),
                    str(text["session"]), paths=tuple(p for p in paths if isinstance(p, str)))
    return Held(str(text["branch"]), lesson, str(text["since"]), float(held or 0),
                int(runs or 0))


def save(state_dir: str, held: list[Held]) -> None:
    state.write_list(state.SESSION_LESSONS.at(state_dir),
                     [h.to_dict() for h in held[-MAX_HELD:]])
