"""What a knowledge source is, and what one memorize run shows its sources (docs/design.md,
"Sources").

A source answers the same few questions whatever it reads: what it found this
run (:meth:`Source.gather`, asking the run's provider when it needs one),
whether those items go through the provider's evolve step or fill their own
slots (:attr:`Source.evolved`), whether they are worth a memory change on
their own (:meth:`Source.alone`), which refs its items may cite, what a dry
run would send (:meth:`Source.preview`) and, once the run's result is kept,
that it read what it read (:meth:`Source.mark_read`).  The loop
(:mod:`gitmemory.pipeline.memorize`) iterates over them and never asks which
one it holds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.markdown import Memory
from gitmemory.providers.base import Provider
from gitmemory.repo import Repo


@dataclass(frozen=True)
class Estimate:
    """What reading a run's commits will send to a model, counted before the first call."""

    provider: str
    commits: int
    calls: int
    tokens: int  # input tokens, estimated from the prompts' characters
    budget: int  # memorize_budget (0: none)

    def line(self) -> str:
        budget = f"memorize_budget {self.budget:,}" if self.budget else "no memorize_budget"
        return (f"{self.provider} would send {self.commits} commit(s) in {self.calls} call(s), "
                f"~{self.tokens:,} input tokens ({budget})")


@dataclass
class Run:
    """What the sources of one memorize run share: where they read, what they may do, and
    what they report.

    ``commits`` are the run's pending commits, oldest first; ``covered`` is how many of
    them the run has read (the commits source says, once it has gathered), so that
    ``Through:`` moves past them and no further.
    """

    repo: Repo
    branch: str
    provider: Provider
    memory: Memory | None  # the branch's own memory, checked against its tip
    base: Memory | None  # the default branch's memory layered under it, if any
    tip: str | None
    commits: list[Commit]
    deadline: float | None = None
    dry_run: bool = False  # --dry-run: previews only, nothing sent, written or recorded
    marks: bool = True  # whether what was read may be recorded as read
    sessions: bool = True  # whether agent sessions are read (not in a background run)
    end: str | None = None  # where the run's commits end: the tip when it reads them all
    covered: int = 0
    least: int = 0  # the fewest commits read that move Through: (a whole merged branch)
    through: str | None = None  # where Through: moves once the run's result is kept
    message: str = ""  # why nothing was found, when nothing was
    # Inherited items a source withdrew: the branch's ``## Not Inherited`` names them.
    hides: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Asked before commits go to a model, with what it will cost; False: nothing is sent
    # (``declined``), and the run goes on with what needs no model.
    approve: Callable[[Estimate], bool] | None = None
    declined: bool = False
    progress: Callable[[str], None] | None = None  # a line after each call to a model
    # What the sources gathered so far found, made safe: a later source need not repeat it.
    gathered: list[Extraction] = field(default_factory=list)

    @property
    def read(self) -> list[Commit]:
        """The commits the run read: all of them in a dry run, which shows what a run would
        do."""
        return self.commits if self.dry_run else self.commits[:self.covered]

    @property
    def min_confidence(self) -> float:
        return self.repo.cfg.min_confidence


class Source(ABC):
    """One knowledge source of a memorize run, made for that run (:data:`REGISTRY`)."""

    name: str = "source"
    # Whether the provider evolves its items into the memory; False: they replace the
    # items of their slots after the evolve step (the repository's own files).
    evolved: bool = True
    # Whether gathering asks the provider (a dry run with a provider that leaves the
    # machine gathers only from sources that do not).
    asks: bool = True
    # Whether the provider failing on it fails the run (nothing stored, all left pending);
    # otherwise the run goes on without it and it reads the same again next time.
    required: bool = False

    def __init__(self, run: Run) -> None:
        self.run = run

    @abstractmethod
    def gather(self) -> list[Extraction]:
        """What the source found this run; raises ProviderError when the provider failed."""

    def alone(self) -> bool:
        """Whether its items are worth storing on their own; if not, they are kept only in
        a run where another source found something or had something new to read."""
        return True

    def rides_along(self, items: list[Extraction]) -> bool:
        """Whether ``items`` are stored only beside what another source found: until then
        they wait in the carried bookkeeping (the history record's lines that say no why)."""
        return False

    def had_news(self) -> bool:
        """Whether it had something new to read this run, found or not."""
        return False

    def citable(self) -> set[str]:
        """The refs its items may cite (full or short shas, ``session:<id8>``): a model may
        invent others, and they are dropped."""
        return {c.sha for c in self.run.commits}

    def settle(self, evolution: Evolution, items: list[Extraction] | None) -> None:
        """Put ``items`` (this run's, made safe; None: the run keeps none of them) in
        ``evolution``: only a source whose items are not evolved (:attr:`evolved`) has to."""
        raise NotImplementedError(f"the {self.name} source's items are evolved")

    def preview(self) -> str:
        """``--dry-run``: what the source would send or keep, as text ("" for nothing)."""
        return ""

    def mark_read(self, stored: bool) -> None:  # noqa: B027 - most sources record nothing
        """The run's result is kept (``stored``: as a memory change that moved
        ``Through:``): record what was read."""

    def failed(self, why: str) -> None:  # noqa: B027 - most sources record nothing
        """The provider failed on this source: what it read stays unread."""
