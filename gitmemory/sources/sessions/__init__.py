"""The sessions source: what the agent's own sessions taught (docs/design.md, "Agent
sessions").

A run reads what the branch's sessions added since the last run
(:mod:`gitmemory.sessions.gather`) as digests, and asks the provider: a model
gets the session prompt (:mod:`~gitmemory.sources.sessions.lessons`), the
offline rules keep only what the person stated outright
(:func:`gitmemory.providers.offline.stated.explicit`).  A lesson is kept
when the person stated it (their words are in the session) or when the
branch's commits since the session began confirm it
(:mod:`~gitmemory.sources.sessions.confirm`); any other lesson waits in local
state for a later run to confirm it, or goes
(:mod:`~gitmemory.sources.sessions.waiting`).  What is kept becomes items
citing ``session:<id8>`` and the files the session edited.  Nothing here runs
when the ``sessions`` setting is off, a dry run records nothing, and a
background run reads no session.
"""

from __future__ import annotations

import re

from gitmemory import git, worktrees
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory.candidates import Extraction, Lesson
from gitmemory.memory.evidence import mentioned, summarise, union_paths
from gitmemory.memory.suffix import SESSION_REF
from gitmemory.secrets.exclude import excluded
from gitmemory.secrets.redact import redact
from gitmemory.sessions import capture, gather
from gitmemory.sessions.digest import Digest
from gitmemory.sources.prompting import known
from gitmemory.sources.protocol import Run, Source
from gitmemory.sources.sessions import waiting
from gitmemory.sources.sessions.confirm import Afterwards, shows
from gitmemory.sources.sessions.lessons import SessionRequest, question
from gitmemory.text import FUNCTION_WORDS

MIN_QUOTE = 12  # characters of the person's words that make a lesson "stated"


class Sessions(Source):
    """What a branch's sessions hold for one run, and what became of it."""

    name = "sessions"

    def __init__(self, run: Run) -> None:
        super().__init__(run)
        self.batch = gather.Batch()
        self.held: list[waiting.Held] = []  # every waiting lesson, of every branch
        cfg = run.repo.cfg
        if run.sessions and cfg.sessions:
            state_dir = run.repo.info.state_dir
            self.batch = gather.gather(state_dir, worktrees.tops(run.repo.toplevel),
                                       run.branch, exclude=cfg.exclude_paths,
                                       budget=cfg.max_context_chars, record=not run.dry_run)
            self.held = waiting.load(state_dir)
        self.kept: list[Extraction] = []
        self.waits = 0
        self.asked = False  # whether the provider was asked this run
        self.lines: list[str] = list(self.batch.problems)

    def _something(self) -> bool:
        return bool(self.batch.digests or self._mine())

    def _request(self) -> SessionRequest:
        digests = [d for d in self.batch.digests if not d.empty]
        return SessionRequest(self.run.branch, digests, self.batch.text, self.run.deadline,
                              known(self.run.memory))

    def gather(self) -> list[Extraction]:
        """Ask the provider (raises ProviderError) and judge its lessons and the waiting
        ones; the items to store."""
        if not self._something():
            return []
        self.asked = True
        request = self._request()
        found = self.run.provider.answer(question(request)) if request.digests else []
        by_id = {d.note.short: d for d in request.digests}
        after = Afterwards(self.run.repo.toplevel, self.run.tip)
        self._recheck(after)
        fresh = []
        for lesson in found:
            digest = by_id.get(lesson.session)
            if digest is None or lesson.confidence < self.run.min_confidence:
                continue
            named = _named(lesson, digest)
            if stated(lesson, digest) or after.confirms(named, _since(digest)):
                self._keep(lesson, digest.edited)
            else:
                fresh.append(waiting.Held(self.run.branch, named, _since(digest)))
        self.held += fresh
        self.waits = len(fresh)
        return self.kept

    def citable(self) -> set[str]:
        """The sessions its kept lessons came from (each checked against the run's digests
        or read from the lessons that waited)."""
        return {ref for e in self.kept for ref in e.refs}

    def _recheck(self, after: Afterwards) -> None:
        """Lessons that waited since an earlier run: kept once confirmed, dropped when
        expired, else one more run older."""
        still = []
        for held in self.held:
            if held.branch != self.run.branch:
                still.append(held)
            elif after.confirms(held.lesson, held.since):
                self._keep(held.lesson, list(held.lesson.paths or ()))
            elif not held.expired():
                held.runs += 1
                still.append(held)
        self.held = still

    def _keep(self, lesson: Lesson, edited: list[str]) -> None:
        content = neutralize(redact(lesson.content)[0])
        if content and all(content != e.content for e in self.kept):
            self.kept.append(Extraction(lesson.section, content, lesson.confidence,
                                        (SESSION_REF + lesson.session,),
                                        self._paths(lesson, edited)))

    def _paths(self, lesson: Lesson, edited: list[str]) -> tuple[str, ...]:
        """The files a lesson names (or its source gave); when its source said nothing of
        its files (None, not ``()``: the whole repository), those its session edited.
        Present at the tip, never an excluded one or one whose name redaction would
        mask."""
        run = self.run
        exclude = run.repo.cfg.exclude_paths
        named = union_paths(lesson.paths or (), mentioned(lesson.content))
        wanted = named if named or lesson.paths is not None else summarise(edited)
        present = git.present(run.tip, list(wanted), run.repo.toplevel) if run.tip and \
            wanted else {}
        return tuple(p for p in wanted if p in present and not excluded(p, exclude)
                     and redact(p)[0] == p and not p.startswith(".gitmemory/"))

    def _mine(self) -> list[waiting.Held]:
        return [h for h in self.held if h.branch == self.run.branch]

    def failed(self, why: str) -> None:
        self.asked = False
        self.run.notes.append(f"sessions wait for the next run: {why}")

    def mark_read(self, stored: bool) -> None:
        """The run's result is kept: its sessions count as read, waiting lessons saved."""
        if not self.asked or not self.run.marks:
            return
        state_dir = self.run.repo.info.state_dir
        gather.settle(state_dir, self.batch)
        waiting.save(state_dir, self.held)
        self.run.notes += self.report()

    def report(self) -> list[str]:
        """The lines for the run's report: what was read and kept, and one line per
        session that could not be read as it was."""
        read = sum(1 for d in self.batch.digests if not d.empty)
        if not read and not self.kept and not self.waits:
            return self.lines
        text = f"sessions: {read} read, {len(self.kept)} lesson(s) kept"
        if self.waits:
            text += f", {self.waits} wait for a commit to confirm them"
        if self.batch.later:
            text += f"; {self.batch.later} session(s) left for the next run"
        return [text, *self.lines]

    def preview(self) -> str:
        """``--dry-run``: the digests, and the session prompt a model would be sent."""
        request = self._request()
        if not request.digests:
            return ""
        self.run.notes.append(f"dry run: {len(request.digests)} session(s) to read; "
                              "nothing recorded")
        return (f"--- sessions: digest of {len(request.digests)} session(s) ---\n"
                f"{request.context}\n" + self.run.provider.preview(question(request)))


def status(state_dir: str, branch: str | None, tops: list[str] | None = None
           ) -> dict[str, int]:
    """What ``gitmemory status`` says about sessions: sessions that wait for the next
    memorize of ``branch`` and of other branches (with ``tops``, the work trees, also the
    Claude Code transcripts no hook noted, which that memorize will find), and lessons
    waiting for a commit."""
    pending = gather.waiting(state_dir) + (
        capture.discover(state_dir, tops, record=False) if tops else [])
    mine = sum(1 for n in pending if n.branch == branch)
    lessons = sum(1 for h in waiting.load(state_dir) if h.branch == branch)
    return {"waiting": mine, "other_branches": len(pending) - mine, "lessons_waiting": lessons}


def stated(lesson: Lesson, digest: Digest) -> bool:
    """Whether the person said it: the lesson's quote is in one of their messages, and the
    lesson speaks of what the quote speaks of (it shows in the quote as it would in code,
    or most of its words are the quote's, however short it is)."""
    quote = _compared_form(lesson.said or "")
    return len(quote) >= MIN_QUOTE and any(quote in _compared_form(m) for m in digest.said) and \
        (shows(lesson.content, lesson.said or "") or _in_words_of(lesson.content, quote))


def _in_words_of(content: str, quote: str) -> bool:
    """Whether at least two thirds of ``content``'s words (function words aside) are words
    of ``quote``."""
    said = set(_words(quote))
    words = [w for w in _words(content) if w not in FUNCTION_WORDS]
    return bool(words) and 3 * sum(1 for w in words if w in said) >= 2 * len(words)


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^\w@./-]+", text.casefold()) if w.strip(".-")]


def _compared_form(text: str) -> str:
    folded = text.casefold().replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(folded.split()).strip(" .,;:!?\"'")


def _named(lesson: Lesson, digest: Digest) -> Lesson:
    """``lesson`` with the files it names (its paths, and paths in its text that the
    session edited) as its paths."""
    named = [p for p in mentioned(lesson.content) if p in digest.edited]
    paths = union_paths(lesson.paths or (), named)
    return Lesson(lesson.section, neutralize(redact(lesson.content)[0]), lesson.confidence,
                  lesson.session, paths=paths)


def _since(digest: Digest) -> str:
    return digest.note.started or digest.note.noted
