"""The history record source: a line for each commit read, in its author's words (docs/design.md,
"History").

Whichever provider runs, the run's commits give the ``## History`` section its lines
(:func:`gitmemory.providers.offline.record.history_record`): no model is asked, and no
model rewrites them, so a line says what its commit's author wrote.  The section keeps the
newest ``max_history_items`` lines; a commit already recorded keeps its line.
"""

from __future__ import annotations

from dataclasses import replace

from gitmemory import git
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import with_record
from gitmemory.memory.evidence import renamed
from gitmemory.providers.offline.record import SECTION, history_record, says_why
from gitmemory.sources.commits.triage import by_people
from gitmemory.sources.protocol import Source


class Record(Source):
    name = "history record"
    evolved = False
    asks = False

    def gather(self) -> list[Extraction]:
        if self.run.repo.cfg.max_history_items <= 0:
            return []
        return self._live(history_record(by_people(self.run.read, self.run.repo.cfg.skip_authors)))

    def rides_along(self, items: list[Extraction]) -> bool:
        """A line that only names its change rides along with the next change of what the
        sources taught, so that a push of commits that taught nothing makes no memory
        commit: the lines wait, carried, for the next run that stores.  A line that says
        why ("Pin requests below 3 because the session API changed in 3.0") is what the
        history taught, and is stored by its own run."""
        return not any(says_why(e.content) for e in items)

    def _live(self, lines: list[Extraction]) -> list[Extraction]:
        """The lines whose cited files all still exist at the tip (or that cite none): a
        line about a file that is gone describes work an agent will not find ("More
        Jest/ESM fixes" in jest.config.mjs after a move to Vitest); the commit that
        removed it has its own line.  A line that cites directories (a change to many
        files) keeps those still there, or none when a reorganisation moved them all: the
        change lives on in the files moved, which its directories no longer name."""
        tip = self.run.tip
        cited = sorted({p for e in lines for p in e.paths or ()})
        if tip is None or not cited:
            return lines
        present = git.present(tip, cited, self.run.repo.toplevel)
        lines = self._moved(lines, tip, present)
        present |= git.present(tip, sorted({p for e in lines for p in e.paths or ()} -
                                           set(cited)), self.run.repo.toplevel)
        kept = []
        for line in lines:
            paths = line.paths or ()
            if paths and all(p.endswith("/") for p in paths):
                there = tuple(p for p in paths if p in present)
                kept.append(replace(line, paths=there or None))
            elif all(p in present for p in paths):
                kept.append(line)
        return kept

    def _moved(self, lines: list[Extraction], tip: str, present: dict[str, str]
               ) -> list[Extraction]:
        """The lines with the files a later commit moved followed to where they are now: a
        first run reads the commit and the move together, and equalsverifier's "Uses lenient
        mocking for toString in mocks, since ..." went with MockitoValueProvider.java's move
        to another package (fresh15's history miss).  A line written before a move is
        taken along by prune's renames, as any item."""
        if all(p in present for e in lines for p in e.paths or () if not p.endswith("/")):
            return lines
        moves = git.renames([tip, f"--max-count={2 * len(self.run.read) + 10}"],
                            self.run.repo.toplevel)
        if not moves:
            return lines
        return [replace(e, paths=renamed(e.paths, moves, present)) if e.paths else e
                for e in lines]

    def settle(self, evolution: Evolution, items: list[Extraction] | None) -> None:
        """The section as the evolve step carried it, then this run's lines (none of a
        commit it holds), the newest kept."""
        lines = with_record(evolution.sections.get(SECTION, []), items or [])
        cap = self.run.repo.cfg.max_history_items
        evolution.sections[SECTION] = lines[-cap:] if cap > 0 else []

    def preview(self) -> str:
        found = self.gather()
        return "\n".join([f"History record: {len(found)} line(s)",
                          *(f"- {e.content}" for e in found)]) if found else ""
