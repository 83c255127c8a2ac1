"""The trailers source: ``Memory-Fact:`` and friends, taken as written (docs/design.md, "Data
flow").

Whichever provider runs, a ``Memory-*`` trailer of a commit the run read is an
item, confidence 1.0 (:func:`gitmemory.reading.memory_trailers.trailer_extractions`):
also in a commit triage skipped (bookkeeping, a repeat), but never in one made
by automation.  No provider is asked.
"""

from __future__ import annotations

from gitmemory.memory.candidates import Extraction
from gitmemory.reading.memory_trailers import trailer_extractions
from gitmemory.sources.commits.triage import by_people
from gitmemory.sources.protocol import Source


class Trailers(Source):
    name = "trailers"
    asks = False

    def gather(self) -> list[Extraction]:
        return trailer_extractions(by_people(self.run.read, self.run.repo.cfg.skip_authors))
