"""The runs source: what an agent session's own runs of a memory's commands showed
(docs/design.md, "Sources", "Where two rules meet").

A memory item of a command slot (``Tests: `make test` ...``) gives a command; the
branch's sessions (:mod:`gitmemory.sessions.runs`, what memorize has not read
yet) may have run it in their shell.  Judged offline, with no model
(:mod:`~gitmemory.sources.runs.outcome`):

- it passed: the item is *verified*, its suffix says ``verified: session:<id8>`` (the
  first session that showed it: a later one that runs it again changes nothing);
- it failed because the command itself is wrong here: the item is withdrawn, and
  the first command the same session then ran successfully for the same purpose
  (:mod:`~gitmemory.sources.runs.tree`) takes its slot, citing the session, when
  the tracked files at the tip back it (the evidence rule: a transcript is as
  untrusted as a commit message);
- it failed for anything else (tests that fail, a build that breaks), or it was
  wrong and a commit made after the run changed a file the item was read from (the
  agent added the missing target): nothing changes.

These items are never evolved by a provider: like the repository source's, they
settle into their slots after the evolve step, after the repository source's
own, so that what a session showed stands over the tree's reading: a verified
item keeps its mark while the reading says the same, and a withdrawn command
stays out until a commit changes a file it was read from, or one the reading now
reads it from (:mod:`~gitmemory.sources.runs.withdrawn`).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from gitmemory import worktrees
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.layers import layered
from gitmemory.memory.markdown import SECTION_IDS, Item
from gitmemory.memory.suffix import VERIFIED, verified_by
from gitmemory.sessions import runs as sessions_runs
from gitmemory.sessions.notes import Note
from gitmemory.sessions.runs import Ran
from gitmemory.sources.protocol import Run, Source
from gitmemory.sources.runs import commands, outcome, withdrawn
from gitmemory.sources.runs.outcome import PASSED, WRONG
from gitmemory.sources.runs.tree import Tree
from gitmemory.sources.runs.withdrawn import Withdrawal

Sections = dict[str, list[Item]]
ANSWERED = "answered"  # it was wrong, then a commit changed the files it was read from


@dataclass
class Given:
    """A command the branch's memory gives: its item, section and slot, and whether the
    default branch's memory gives it (inherited)."""

    item: Item
    section: str
    slot: str
    command: str
    inherited: bool


@dataclass
class Verdict:
    """What the sessions' runs showed about one :class:`Given` command."""

    given: Given
    outcome: str
    session: str  # the ``session:<id8>`` ref of the run that decided it
    replacement: Item | None = None


class Runs(Source):
    """What the branch's sessions showed of its commands, settled into their slots."""

    name = "runs"
    evolved = False
    asks = False

    def __init__(self, run: Run) -> None:
        super().__init__(run)
        cfg = run.repo.cfg
        self.state_dir = run.repo.info.state_dir
        reads = run.sessions and cfg.sessions
        self.tops = worktrees.tops(run.repo.toplevel) if reads else []
        self.sessions = sessions_runs.of_branch(self.state_dir, self.tops, run.branch) \
            if reads else []
        self.tree = Tree(run.repo.toplevel, run.tip, cfg)
        self.records = withdrawn.load(self.state_dir)
        self.verdicts: list[Verdict] | None = None
        self.ended: list[Withdrawal] = []
        self.new: list[Withdrawal] = []

    def gather(self) -> list[Extraction]:
        """Judge the runs (nothing to evolve: :meth:`settle` puts the verdicts in place)."""
        self._judged()
        return []

    def had_news(self) -> bool:
        """Whether a run verified or withdrew a command: a change to store on its own."""
        return any(v.outcome == WRONG or (v.outcome == PASSED and not _again(v))
                   for v in self._judged())

    def settle(self, evolution: Evolution, items: list[Extraction] | None) -> None:
        sections = evolution.sections
        for sid in SECTION_IDS:
            sections.setdefault(sid, [])
        self._keep_verified(sections)
        self._keep_withdrawn(sections)
        for verdict in self._judged():
            if verdict.outcome == PASSED and not _again(verdict):
                self._verify(sections, verdict)
            elif verdict.outcome == WRONG:
                self._withdraw(sections, verdict)

    def mark_read(self, stored: bool) -> None:
        """Remember the withdrawals that hold, and report what the runs showed."""
        if self.run.dry_run or not self.run.marks:
            return
        if self.ended or self.new:
            renewed = {(w.slot, w.command) for w in self.new}
            kept = [w for w in self.records if w not in self.ended and not (
                w.branch == self.run.branch and (w.slot, w.command) in renewed)]
            withdrawn.save(self.state_dir, [*kept, *self.new])
        self.run.notes += self.report()

    def report(self) -> list[str]:
        lines = []
        for verdict in self._judged():
            command, session = verdict.given.command, verdict.session.partition(":")[2]
            if verdict.outcome == PASSED and _again(verdict):
                lines.append(f"runs: `{command}` passed again (session {session}); verified "
                             f"already (session {_again(verdict).partition(':')[2]})")
            elif verdict.outcome == PASSED:
                lines.append(f"runs: `{command}` verified (session {session})")
            elif verdict.outcome == WRONG:
                new = commands.given(verdict.replacement.text) if verdict.replacement else None
                lines.append(f"runs: `{command}` withdrawn: it does not run here (session "
                             f"{session}); " + (f"replaced by `{new[1]}`" if new else
                                                "nothing the session ran next for it is backed "
                                                "by the repository's files"))
            elif verdict.outcome == ANSWERED:
                lines.append(f"runs: `{command}` did not run in session {session}, and a "
                             "later commit changed the files it was read from: kept")
            else:
                lines.append(f"runs: `{command}` failed in session {session}, not for the "
                             "command itself: kept")
        return lines

    def preview(self) -> str:
        lines = self.report()
        if not lines:
            return ""
        return "--- runs: the memory's commands as agent sessions ran them ---\n" + \
            "\n".join(line.removeprefix("runs: ") for line in lines)

    # -- judging

    def _judged(self) -> list[Verdict]:
        if self.verdicts is None:
            self.verdicts = self._judge() if self.sessions else []
        return self.verdicts

    def _judge(self) -> list[Verdict]:
        given = self._given()
        seen: dict[int, list[tuple[str, Note, int]]] = {}
        read: dict[tuple[str, str], list[str] | None] = {}  # the same command, run again
        for note, runs in self.sessions:
            for n, ran in enumerate(runs):
                if (ran.command, ran.cwd) not in read:
                    read[ran.command, ran.cwd] = commands.at_top(ran.command, ran.cwd,
                                                                 self.tops)
                words = read[ran.command, ran.cwd]
                if words is None:
                    continue
                for k, entry in enumerate(given):
                    if commands.runs(words, entry.command):
                        result = outcome.judge(commands.own(words, entry.command), ran.code,
                                               ran.output)
                        if result == WRONG and self._answered(entry, ran):
                            result = ANSWERED
                        seen.setdefault(k, []).append((result, note, n))
        verdicts = []
        for k, found in sorted(seen.items()):
            entry = given[k]
            passed = [note for result, note, _ in found if result == PASSED]
            wrong = [(note, n) for result, note, n in found if result == WRONG]
            if passed:
                verdicts.append(Verdict(entry, PASSED, passed[-1].ref))
            elif wrong:
                verdicts.append(self._withdrawal(entry, wrong))
            else:
                verdicts.append(Verdict(entry, found[-1][0], found[-1][1].ref))
        return verdicts

    def _answered(self, entry: Given, ran: Ran) -> bool:
        """Whether a commit of this run, made after ``ran``, changed a file ``entry`` was
        read from, or the file that defines its task at the tip: the run showed a tree
        that is no more (the agent added the target)."""
        at = _when(ran.at)
        if at is None:
            return False
        paths = {*entry.item.paths, *self.tree.defining(entry.command)}
        return any((when := _when(c.date)) is not None and when > at and
                   any(f.path in paths for f in c.files) for c in self.run.commits)

    def _withdrawal(self, entry: Given, wrong: list[tuple[Note, int]]) -> Verdict:
        """The verdict on ``entry`` that the runs ``wrong`` (note, index) showed wrong: the
        replacement after the latest of them that has one, citing its session."""
        for note, n in reversed(wrong):
            runs = next(r for s, r in self.sessions if s is note)
            new = self._replacement(entry, runs[n + 1:], note.ref)
            if new is not None:
                return Verdict(entry, WRONG, note.ref, new)
        return Verdict(entry, WRONG, wrong[-1][0].ref)

    def _given(self) -> list[Given]:
        """The commands the branch's memory gives, as its agent files show it: its own
        items, then the default branch's it does not hide."""
        found = []
        for layer in layered(self.run.memory, self.run.base):
            slot = commands.given(layer.item.text)
            if slot is not None:
                found.append(Given(layer.item, layer.section, *slot, layer.inherited))
        return found

    def _replacement(self, entry: Given, after: list[Ran], ref: str) -> Item | None:
        """The first command the session ran successfully after ``entry``'s failed, for
        the same purpose, that the tree backs; None when there is none."""
        aim = commands.PURPOSE[entry.slot]
        for ran in after:
            words = commands.at_top(ran.command, ran.cwd, self.tops) if ran.code == 0 else None
            if words is None or commands.runs(words, entry.command) or \
                    self.tree.purpose(words) != aim:
                continue
            paths = self.tree.evidence(words)
            if paths:
                return Item(f"{entry.slot}: `{shlex.join(words)}`", (ref,), paths,
                            ((VERIFIED, ref),))
        return None

    # -- settling

    def _keep_verified(self, sections: Sections) -> None:
        """A verified item the tree's fresh reading wrote again (the same text) keeps its
        mark; an inherited command the branch verified stays the branch's own while
        nothing of the branch's fills its slot."""
        own, base = self.run.memory, self.run.base
        for sid, item in _items(own.sections if own else {}):
            mark, found = verified_by(item.extra), commands.given(item.text)
            if mark is None or found is None:
                continue
            at = _find(sections, item.text)
            if at is not None:
                sections[at[0]][at[1]] = _marked(sections[at[0]][at[1]], mark)
            elif base is not None and _find(base.sections, item.text) is not None and \
                    not _filled(sections, found[0]):
                sections[sid].append(item)

    def _keep_withdrawn(self, sections: Sections) -> None:
        """The branch's withdrawn commands stay out of its slots (the command that replaced
        one stays in) until a commit of this run changes a file they were read from, or a
        file the reading now reads them from (a command no file gave, that one now does)."""
        changed = {f.path for c in self.run.commits for f in c.files}
        own = self.run.memory
        for record in self.records:
            if record.branch != self.run.branch:
                continue
            giving = _giving(record.slot, record.command)
            read_from = {p for _, item in _items(sections) if giving(item) for p in item.paths}
            if changed.intersection(record.paths) or changed.intersection(read_from):
                self.ended.append(record)
                continue
            _remove(sections, giving)
            stored = _find(own.sections, record.replacement) if own and record.replacement \
                else None
            if stored is not None and own is not None and \
                    not _filled(sections, record.slot):
                sections[stored[0]].append(own.sections[stored[0]][stored[1]])

    def _verify(self, sections: Sections, verdict: Verdict) -> None:
        entry = verdict.given
        at = _find(sections, entry.item.text)
        if at is not None:
            sections[at[0]][at[1]] = _marked(sections[at[0]][at[1]], verdict.session)
        elif entry.inherited and not _filled(sections, entry.slot):
            sections[entry.section].append(_marked(entry.item, verdict.session))

    def _withdraw(self, sections: Sections, verdict: Verdict) -> None:
        entry = verdict.given
        _remove(sections, lambda i: i.text == entry.item.text)
        if entry.inherited:
            self.run.hides.append(entry.item.text)
        new = verdict.replacement
        if new is not None and not _filled(sections, entry.slot):
            sections[entry.section].append(new)
        self.new.append(Withdrawal(
            self.run.branch, entry.slot, entry.command, section=entry.section,
            text=entry.item.text, paths=entry.item.paths, session=verdict.session,
            replacement=new.text if new is not None else ""))


def _when(stamp: str) -> datetime | None:
    """An ISO 8601 time (a transcript's ``...Z``, a commit's ``+01:00``), None when it is
    not one or says no zone."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def _again(verdict: Verdict) -> str:
    """The session that verified ``verdict``'s item before, when one did ("" for none)."""
    return verified_by(verdict.given.item.extra) or ""


def _items(sections: Sections) -> list[tuple[str, Item]]:
    return [(sid, item) for sid in SECTION_IDS for item in sections.get(sid, [])]


def _find(sections: Sections, text: str) -> tuple[str, int] | None:
    for sid in SECTION_IDS:
        for n, item in enumerate(sections.get(sid, [])):
            if item.text == text:
                return sid, n
    return None


def _filled(sections: Sections, slot: str) -> bool:
    """Whether an item gives a command for ``slot``."""
    return any((commands.given(item.text) or ("",))[0] == slot for _, item in _items(sections))


def _remove(sections: Sections, gone: Callable[[Item], bool]) -> None:
    for sid in SECTION_IDS:
        sections[sid] = [item for item in sections.get(sid, []) if not gone(item)]


def _giving(slot: str, command: str) -> Callable[[Item], bool]:
    """Whether an item gives ``command`` for ``slot``."""
    return lambda item: commands.given(item.text) == (slot, command)


def _marked(item: Item, ref: str | None) -> Item:
    """``item`` verified by ``ref``'s session (the one mark it carries)."""
    if ref is None:
        return item
    extra = tuple((key, value) for key, value in item.extra if key != VERIFIED)
    return Item(item.text, item.refs, item.paths, (*extra, (VERIFIED, ref)))
