"""The agent's sessions in a memorize run (docs/design.md, "Agent sessions").

A run asks :func:`learned` for what the branch's sessions taught since the
last run.  The provider reads their digests (:meth:`Provider.learn`: a
session prompt of its own, or the offline rules); a lesson is kept when the
person stated it (their words are in the session) or when the branch's
commits since the session began confirm it; any other lesson waits in local
state for a later run to confirm it, or goes.  What is kept becomes items
citing ``session:<id8>`` and the files the session edited, redacted and
made one line like every other item.  Nothing here runs when the ``sessions``
setting is off, in ``--dry-run`` nothing is recorded, and a background run
reads no session.
"""

from __future__ import annotations

from gitmemory import git, worktrees
from gitmemory.injection.neutralize import stored
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.evidence import mentioned, summarise, union_paths
from gitmemory.memory.markdown import Memory
from gitmemory.memory.suffix import SESSION_REF
from gitmemory.pipeline import context
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.requests import SessionRequest
from gitmemory.repo import Repo
from gitmemory.secrets.exclude import excluded
from gitmemory.secrets.redact import redact
from gitmemory.sessions import source, waiting
from gitmemory.sessions.confirm import Afterwards, shows
from gitmemory.sessions.digest import Digest
from gitmemory.sessions.lessons import Lesson

MIN_QUOTE = 12  # characters of the person's words that make a lesson "stated"


class Learned:
    """What a branch's sessions hold for one run, and what became of it."""

    def __init__(self, repo: Repo, branch: str, tip: str | None, batch: source.Batch,
                 held: list[waiting.Held]) -> None:
        self.repo, self.branch, self.tip = repo, branch, tip
        self.batch = batch
        self.held = held  # every waiting lesson, of every branch
        self.kept: list[Extraction] = []
        self.waits = 0
        self.lines: list[str] = list(batch.problems)

    def __bool__(self) -> bool:
        return bool(self.batch.digests or self._mine())

    def request(self, memory: Memory | None, deadline: float | None) -> SessionRequest:
        digests = [d for d in self.batch.digests if not d.empty]
        return SessionRequest(self.branch, digests, self.batch.text, deadline,
                              context.known(memory))

    def extractions(self, provider: Provider, memory: Memory | None, deadline: float | None,
                    min_confidence: float) -> list[Extraction]:
        """Ask ``provider`` (raises ProviderError) and judge its lessons and the waiting ones;
        the items to store."""
        request = self.request(memory, deadline)
        found = provider.learn(request) if request.digests else []
        by_id = {d.note.short: d for d in request.digests}
        after = Afterwards(self.repo.toplevel, self.tip)
        self._recheck(after)
        fresh = []
        for lesson in found:
            digest = by_id.get(lesson.session)
            if digest is None or lesson.confidence < min_confidence:
                continue
            named = _named(lesson, digest)
            if stated(lesson, digest) or after.confirms(named, _since(digest)):
                self._keep(lesson, digest.edited)
            else:
                fresh.append(waiting.Held(self.branch, named, _since(digest)))
        self.held += fresh
        self.waits = len(fresh)
        return self.kept

    def _recheck(self, after: Afterwards) -> None:
        """Lessons that waited since an earlier run: kept once confirmed, dropped when
        expired, else one more run older."""
        still = []
        for held in self.held:
            if held.branch != self.branch:
                still.append(held)
            elif after.confirms(held.lesson, held.since):
                self._keep(held.lesson, list(held.lesson.paths or ()))
            elif not held.expired():
                held.runs += 1
                still.append(held)
        self.held = still

    def _keep(self, lesson: Lesson, edited: list[str]) -> None:
        content = stored(redact(lesson.content)[0])
        if content and all(content != e.content for e in self.kept):
            self.kept.append(Extraction(lesson.section, content, lesson.confidence,
                                        (SESSION_REF + lesson.session,),
                                        self._paths(lesson, edited)))

    def _paths(self, lesson: Lesson, edited: list[str]) -> tuple[str, ...]:
        """The files a lesson names, else those its session edited: present at the tip,
        never an excluded one or one whose name redaction would mask."""
        exclude = self.repo.cfg.exclude_paths
        wanted = union_paths(lesson.paths or (), mentioned(lesson.content)) or \
            summarise(edited)
        present = git.present(self.tip, list(wanted), self.repo.toplevel) if self.tip and \
            wanted else {}
        return tuple(p for p in wanted if p in present and not excluded(p, exclude)
                     and redact(p)[0] == p and not p.startswith(".gitmemory/"))

    def _mine(self) -> list[waiting.Held]:
        return [h for h in self.held if h.branch == self.branch]

    def settle(self) -> None:
        """The run's result is kept: its sessions count as read, waiting lessons saved."""
        state_dir = self.repo.info.state_dir
        source.settle(state_dir, self.batch)
        waiting.save(state_dir, self.held)

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

    def preview(self, provider: Provider, memory: Memory | None) -> str:
        """``--dry-run``: the digests, and the session prompt a model would be sent."""
        request = self.request(memory, None)
        if not request.digests:
            return ""
        shown = f"--- sessions: digest of {len(request.digests)} session(s) ---\n" \
            f"{request.context}\n"
        if isinstance(provider, LLMProvider):
            from gitmemory.providers.prompts import SESSION_SYSTEM, session_prompt

            shown += (f"--- {provider.name}: session system prompt ---\n{SESSION_SYSTEM}\n"
                      f"--- {provider.name}: session prompt ---\n{session_prompt(request)}\n")
        return shown


def learned(repo: Repo, branch: str, tip: str | None, *, active: bool = True,
            record: bool = True) -> Learned:
    """The sessions ``branch`` has to offer a run (none when ``sessions`` is off or the
    run is a background one: ``active`` false).  ``record`` false (a dry run) keeps the
    Codex rollouts it finds out of local state."""
    batch = source.Batch()
    held: list[waiting.Held] = []
    cfg = repo.cfg
    if active and cfg.sessions:
        batch = source.gather(repo.info.state_dir, worktrees.tops(repo.toplevel), branch,
                              exclude=cfg.exclude_paths, budget=cfg.max_context_chars,
                              record=record)
        held = waiting.load(repo.info.state_dir)
    return Learned(repo, branch, tip, batch, held)


def stated(lesson: Lesson, digest: Digest) -> bool:
    """Whether the person said it: the lesson's quote is in one of their messages, and the
    lesson speaks of what the quote speaks of."""
    quote = _compared_form(lesson.said or "")
    return len(quote) >= MIN_QUOTE and any(quote in _compared_form(m) for m in digest.said) and \
        shows(lesson.content, lesson.said or "")


def _compared_form(text: str) -> str:
    folded = text.casefold().replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(folded.split()).strip(" .,;:!?\"'")


def _named(lesson: Lesson, digest: Digest) -> Lesson:
    """``lesson`` with the files it names (its paths, and paths in its text that the
    session edited) as its paths."""
    named = [p for p in mentioned(lesson.content) if p in digest.edited]
    paths = union_paths(lesson.paths or (), named)
    return Lesson(lesson.section, stored(redact(lesson.content)[0]), lesson.confidence,
                  lesson.session, paths=paths)


def _since(digest: Digest) -> str:
    return digest.note.started or digest.note.noted
