"""What a memorize run reads, and what it reports (docs/design.md, "Data flow").

:func:`plan` finds where a branch keeps its memory, where its pending commits
start (after ``Through:``, the carried bookkeeping or the examined marks of the
provider) and reads the next batch.
:func:`pending_count` counts what runs will read, the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gitmemory import git
from gitmemory.commits import Commit
from gitmemory.memory import location, previews, read
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline import pending
from gitmemory.repo import Repo
from gitmemory.sources.commits.history import History

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.graph import Graph


@dataclass
class Result:
    branch: str
    status: str  # success | skipped | empty | error
    added: int = 0
    updated: int = 0
    removed: int = 0
    message: str = ""
    rel_path: str | None = None
    through: str | None = None
    remaining: int = 0  # commits still pending after this run
    commits: int = 0  # commits read this run
    commit_sha: str | None = None  # the memory commit, when one was made
    items_changed: bool = False  # an item came, went or was reworded (not just bookkeeping)
    recorded: int = 0  # lines the history record gained (bookkeeping: they ride along)
    preview: str = ""  # --dry-run: what would be sent
    would_add: list[Extraction] | None = None  # --dry-run of a local provider: its items
    notes: list[str] = field(default_factory=list)

    def counts(self) -> str:
        return f"+{self.added} ~{self.updated} -{self.removed}"

    def line(self) -> str:
        text = f"{self.branch}: {self.status}"
        if self.status == "success":
            text += f" {self.counts()}"
        if self.message:
            text += f" ({self.message})"
        return text


@dataclass
class Plan:
    """What a run will read: where the memory lives and which commits are new."""

    location: location.Location
    text: str | None  # the memory file as read
    memory: Memory | None
    commits: list[Commit]
    remaining: int
    reason: str
    tip: str | None = None  # the branch's tip when the commits were listed
    # how many of ``commits`` a run may stop after -> the commit Through: then names
    cuts: dict[int, str] = field(default_factory=dict)

    def through(self, included: int) -> str:
        """Where the next run starts once the first ``included`` commits are read (a
        count :meth:`cut` gave).

        The branch tip when nothing is left over: after a merge the newest
        commit read is not a descendant of all the others, and a ``Through:``
        there would make the next run read the other side again (and every
        push make one more memory commit).  Else the commit whose ancestry is
        what was read (``pending.Order``).
        """
        if self.tip and included == len(self.commits) and not self.remaining:
            return self.tip
        return self.cuts.get(included) or self.commits[included - 1].sha

    def cut(self, read: int) -> int:
        """The most commits, at most ``read``, after which a run may stop: what was read
        past it waits for the next run."""
        if read >= len(self.commits) or not self.cuts:
            return read
        return max((n for n in self.cuts if n <= read), default=0)

    def least(self) -> int:
        """The fewest commits a run reads to move at all (a whole merged branch)."""
        return min((n for n in self.cuts if n > 0), default=len(self.commits))


def plan(repo: Repo, branch: str, since: str | None = None, model: bool = False
         ) -> Plan:
    """What a run of ``provider`` on ``branch`` reads.  It starts from the bookkeeping an
    earlier run kept back (:func:`gitmemory.memory.previews.carried`) while the memory
    file is as that run found it."""
    top = repo.toplevel
    loc = location.locate(top, branch)
    if loc.busy:
        return Plan(loc, None, None, [], 0, f"{loc.busy} is under way on {branch}")
    text, memory = _remembered(repo, branch, read.at(top, loc))
    rng = pending.start_range(repo, branch, memory.through if memory else None, model)
    if since:
        rng = _since(repo, since, rng)
    tip = git.rev_parse(git.HEADS + branch, top)
    order = pending.ordered(repo, branch, rng, tip)
    batch, remaining = _batch(repo, order)
    commits = History(top).collect(batch, repo.cfg.exclude_paths,
                                   redact_diffs=model) if batch else []
    return Plan(loc, text, memory, commits, remaining, rng.reason, tip,
                _cuts(order, batch, commits))


def _cuts(order: pending.Order, batch: list[str], commits: list[Commit]) -> dict[int, str]:
    """``order``'s cuts within ``batch``, counted in ``commits`` (the records read, which
    may leave some out)."""
    kept = {c.sha for c in commits}
    counts = [0]
    for sha in batch:
        counts.append(counts[-1] + (sha in kept))
    return {counts[n]: sha for n, sha in sorted(order.cuts.items()) if n <= len(batch)}


def _remembered(repo: Repo, branch: str, found: read.Found | None
                ) -> tuple[str | None, Memory | None]:
    """The memory file's text, and the memory a run starts from: the file's, or the
    bookkeeping an earlier run kept back while the file is as that run found it."""
    text, memory = (found.text, found.memory) if found else (None, None)
    held = previews.carried(repo.info.state_dir, branch, text)
    return text, held[0] if held is not None else memory


def _since(repo: Repo, since: str, usual: pending.Range) -> pending.Range:
    """``--since`` says where reading begins: where earlier runs stopped when they read on
    from it already (passing it again goes on, never starts over), else right after it."""
    start = git.rev_parse(since, repo.toplevel)
    if start is None:
        from gitmemory.errors import GitmemoryError

        raise GitmemoryError(f"--since {since!r} is not a commit")
    if usual.resumed and usual.start and usual.start != start and \
            git.is_ancestor(start, usual.start, repo.toplevel):
        return pending.Range(usual.start, usual.covered,
                             f"--since {since}, read up to {usual.start[:10]} already",
                             resumed=True)
    return pending.Range(start, reason=f"--since {since}")


def _batch(repo: Repo, order: pending.Order) -> tuple[list[str], int]:
    """The commits one run reads (the whole pending range, unless
    ``max_commits_per_memorize`` caps it), and how many wait for later runs.  A cap ends
    the batch where ``Through:`` can name what was read (``pending.Order``), at least one
    whole merged branch, so that every run moves on."""
    shas, limit = order.shas, repo.cfg.max_commits_per_memorize
    if limit <= 0 or limit >= len(shas):
        return shas, 0
    size = order.cut(limit) or order.least()
    return shas[:size], len(shas) - size


def pending_count(repo: Repo, branch: str, found: read.Found | None,
                  model: bool = False, graph: Graph | None = None) -> int:
    """How many commits runs of a provider (a model or not) will read on ``branch`` (whose
    memory is ``found``): the next run's and the later ones', counted as :func:`plan`
    counts (``graph``: the commit graph a caller asking about many branches loaded once)."""
    _, memory = _remembered(repo, branch, found)
    rng = pending.start_range(repo, branch, memory.through if memory else None, model, graph)
    return len(pending.shas(repo, branch, rng, graph=graph))
