"""memorize(branch): commits -> knowledge -> the branch's memory file (docs/design.md, "Data flow").

check against the branch (:mod:`~gitmemory.pipeline.prune`) -> collect and sort
(:mod:`~gitmemory.pipeline.plan`) -> gate -> context -> extract, evolve
(:mod:`~gitmemory.pipeline.knowledge`) -> store (:mod:`~gitmemory.pipeline.store`).
Provider output is redacted and neutralised again before it is stored
(docs/design.md, "Invariants"); ``--dry-run`` prints every prompt
(:mod:`~gitmemory.pipeline.preview`).
"""

from __future__ import annotations

import sys
import time

from gitmemory.commits import Commit
from gitmemory.errors import GitmemoryError
from gitmemory.memory import read
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.layers import combined, with_hidden
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline import bootstrap, context, evidence, inherit, pending, prune, triage
from gitmemory.pipeline.knowledge import assemble, count_changes, evolve, extract
from gitmemory.pipeline.learned import Learned, learned
from gitmemory.pipeline.mode import Mode
from gitmemory.pipeline.plan import Plan, Result, plan
from gitmemory.pipeline.preview import evolve_request, preview
from gitmemory.pipeline.store import keep_true, store
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.requests import EvolveRequest, ExtractRequest
from gitmemory.reading.project import slot
from gitmemory.repo import Repo


def memorize(repo: Repo, branch: str, provider: Provider, mode: Mode, *,
             since: str | None = None, deadline: float | None = None) -> Result:
    """Run the pipeline for ``branch``; keep the result as ``mode`` says (a memory commit,
    the work tree's file, a local preview, or only a description of it).

    The memory is first checked against the branch (:mod:`gitmemory.pipeline.prune`).
    A result that changes no item (only ``Through:``, timestamps, refs or paths) is
    kept back locally and rides along with the next real change.  A background run
    keeps the result in the local previews and marks nothing read: the commits stay
    pending for an explicit run or the next push.
    """
    if provider.network and not mode.network:
        raise GitmemoryError(f"a {mode.name} run may not call {provider.name}",
                             hint="it runs the offline extractor only")
    work = plan(repo, branch, since, provider.language_model)
    result = Result(branch, "skipped", rel_path=work.location.rel_path, remaining=work.remaining)
    if work.location.busy:
        result.message = f"{work.reason}; its commits wait for the next run"
        return result
    checked = prune.refresh(repo, branch, work.memory, work.tip)
    run = _Run(repo, work, result, checked, provider, mode=mode, deadline=deadline,
               sessions=learned(repo, branch, work.tip, active=not mode.preview,
                                record=mode.stores))
    if not work.commits:
        result.message = "no new commits"
        return run.keep_true()
    sorting = work.sorting
    if sorting.skipped and mode.stores:
        result.notes.append(sorting.summary() + " (memorize --dry-run lists them)")
    sent = sorting.sent if context.substantive(sorting.sent) else []
    cfg = repo.cfg
    base, boot, alone = _bootstrap(repo, work, branch, run)
    if not sent and not sorting.stated and not alone:
        result.message = f"{len(work.commits)} trivial commit(s) only" if not sorting.skipped \
            else f"none of {len(work.commits)} commit(s) worth sending ({sorting.counts()})"
        if not mode.stores:
            result.preview = triage.listing(sorting, _merges(repo, work))
        else:
            run.mark(work.through(len(work.commits)))
        return run.keep_true()
    text, included = _context(sent, provider, cfg.max_chars_per_commit,
                              cfg.max_context_chars, not mode.stores)
    covered = sorting.covered(included) if sent else len(work.commits)
    commits = sent[:included]
    covered_shas = {c.sha for c in work.commits[:covered]}
    stated = [c for c in sorting.stated if c.sha in covered_shas]
    result.remaining += len(work.commits) - covered
    result.commits = covered
    request = ExtractRequest(branch, commits, text, deadline, known=context.known(work.memory))
    if not mode.stores:
        return run.dry(request, stated, boot, covered, base)
    try:
        found = extract(provider, request, cfg.min_confidence, stated, boot)
    except ProviderError as exc:
        result.status, result.message = "error", exc.one_line()
        result.remaining += covered
        return result
    own = inherit.own_only(found, base, work.memory, slot)
    found = own.found
    through = work.through(covered)
    found += run.lessons()
    if not found:
        # Nothing to store: remember locally that these commits were read, so the
        # next run does not send them again, without a file change to commit.
        run.mark(through)
        result.status, result.message = "empty", "nothing worth remembering"
        return run.keep_true()
    return run.finish(found, through, boot, commits, own.replaced)


def _bootstrap(repo: Repo, work: Plan, branch: str, run: _Run
               ) -> tuple[Memory | None, list[Extraction], list[Extraction]]:
    """The default branch's memory layered under the branch's (None when there is none),
    the run's repository-read items where they differ from it, and those of them that
    are stored even when no commit is worth sending.  ``run`` learns whether the
    repository was read at all: a reading that matches the default branch's everywhere
    still replaces what the branch stored before."""
    base = inherit.base_of(repo, work.location)
    boot = bootstrap.extractions(repo.toplevel, work.tip, combined(work.memory, base, branch),
                                 work.commits, repo.cfg.exclude_paths)
    run.read_repository = bool(boot)
    boot = inherit.own_only(boot, base, work.memory, slot).found
    # What the repository itself says (how to set up, test, lint) does not wait for a
    # commit worth sending: on the default branch, and where a branch's reading differs
    # from the default branch's (a branch with nothing to layer on keeps the old rule).
    default = read.default_branch(repo.info, repo.cfg)
    return base, boot, boot if base is not None or branch == default else []


class _Run:
    """What the steps of one memorize run share: where it reads and writes, what the check
    against the branch found, and what the caller asked for."""

    def __init__(self, repo: Repo, work: Plan, result: Result, checked: prune.Pruned,
                 provider: Provider, *, mode: Mode, deadline: float | None,
                 sessions: Learned) -> None:
        self.repo, self.work, self.result, self.checked = repo, work, result, checked
        self.provider, self.deadline = provider, deadline
        self.mode = mode
        self.sessions = sessions
        self.marked: str | None = None
        self.learned: list[Extraction] | None = None  # asked once a run
        self.sessions_failed = False
        self.read_repository = False  # whether this run read the repository's files

    def mark(self, through: str) -> None:
        """Remember locally that the provider read the commits up to ``through`` and found
        nothing to store (not for a preview: those commits stay pending)."""
        self.marked = through
        if self.mode.marks:
            pending.mark_examined(self.repo.info.state_dir, self.result.branch, through,
                                  self.provider.language_model)

    def evolution(self, found: list[Extraction], boot: list[Extraction], commits: list[Commit]
                  ) -> Evolution:
        """The provider's evolution of the branch's memory with what the run found; the
        repository's own reading (``boot``) never goes to the provider: it fills its
        slots after (:func:`gitmemory.pipeline.bootstrap.settle_reading`)."""
        cfg, branch, existing = self.repo.cfg, self.result.branch, self.checked.memory
        reading, found = bootstrap.split_reading(found, boot)
        found = evidence.attach(found, commits, self.repo.toplevel, self.work.tip,
                                cfg.exclude_paths)
        if found:
            evolution = evolve(self.provider, existing, EvolveRequest(
                branch, existing or Memory(branch), found, self.deadline,
                cfg.max_items_per_section), self.result)
        else:
            evolution = deterministic_merge(existing or Memory(branch), [],
                                            cfg.max_items_per_section)
        bootstrap.settle_reading(evolution, existing, reading, fresh=self.read_repository)
        return evolution

    def lessons(self) -> list[Extraction]:
        """What the branch's agent sessions taught (docs/design.md, "Agent sessions"), asked
        once; a provider failure leaves the sessions for the next run."""
        if self.learned is None:
            self.learned = []
            if self.sessions and self.mode.stores:
                try:
                    self.learned = self.sessions.extractions(
                        self.provider, self.checked.memory, self.deadline,
                        self.repo.cfg.min_confidence)
                except ProviderError as exc:
                    self.sessions_failed = True
                    self.result.notes.append(f"sessions wait for the next run: "
                                             f"{exc.one_line()}")
        return self.learned

    def finish(self, found: list[Extraction], through: str | None,
               boot: list[Extraction] | None = None, commits: list[Commit] | None = None,
               replaced: list[str] | None = None) -> Result:
        """Evolve the branch's memory with ``found`` (and the repository's reading,
        ``boot``, from ``commits``) and store it; ``replaced``: the inherited items the
        branch's own now stand in for (its ``## Not Inherited`` section)."""
        repo, work, result, checked = self.repo, self.work, self.result, self.checked
        branch, cfg = result.branch, repo.cfg
        existing = checked.memory
        evolution = self.evolution(found, boot or [], commits or [])
        new = with_hidden(assemble(branch, existing, evolution, through,
                                   cfg.max_items_per_section), replaced or [])
        count_changes(result, work.memory, new, evolution)
        # Items gone stale or moved with a rename change what agents see: a real change.
        result.items_changed = result.items_changed or bool(checked.dropped or checked.followed)
        result.notes += checked.lines()
        result.status, result.through = "success", through
        store(repo, work, new, result, mode=self.mode,
              mark=lambda: self.mark(through) if through else None)
        self.settle()
        return result

    def settle(self) -> None:
        """The sessions this run read count as read (not in a dry run, a background run, or
        after the provider failed on them)."""
        if self.learned is None or self.sessions_failed or not self.mode.marks:
            return
        self.sessions.settle()
        self.result.notes += self.sessions.report()

    def keep_true(self) -> Result:
        """No new knowledge from commits: what the sessions taught, if anything; else only
        what the check against the branch changed."""
        if self.sessions and self.learned is None and self.mode.stores:
            found = self.lessons()
            if found:
                memory = self.work.memory
                return self.finish(found, self.marked or (memory.through if memory else None))
        if not self.mode.stores and self.sessions:
            self.preview_sessions()
        self.settle()
        return keep_true(self.repo, self.work, self.checked, self.result, self.mode,
                         read_up_to=self.marked)

    def dry(self, request: ExtractRequest, stated: list[Commit], boot: list[Extraction],
            covered: int, base: Memory | None) -> Result:
        """``--dry-run``: every prompt the run would send, and what it would change."""
        result, work, cfg = self.result, self.work, self.repo.cfg
        commits = request.commits
        result.preview = triage.listing(work.sorting, _merges(self.repo, work)) + \
            (preview(self.provider, request, evolve_request(work, request, cfg))
             if commits else "") + bootstrap.dry_run_text(boot)
        if not isinstance(self.provider, LLMProvider):  # it runs here, sends nothing: run it
            result.would_add = inherit.own_only(
                extract(self.provider, request, cfg.min_confidence, stated, boot), base,
                work.memory, slot).found
        result.message = (f"dry run: {len(commits)} commit(s) to send, "
                          f"{covered - len(commits)} skipped; nothing sent or written")
        self.preview_sessions()
        result.notes += [f"would be {line}" for line in self.checked.lines()]
        return result

    def preview_sessions(self) -> None:
        """``--dry-run``: the sessions' digest and the prompt a model would be sent; what a
        local provider would keep of it."""
        shown = self.sessions.preview(self.provider, self.checked.memory)
        self.result.preview += ("\n" if self.result.preview and shown else "") + shown
        count = sum(1 for d in self.sessions.batch.digests if not d.empty)
        if count:
            self.result.notes.append(f"dry run: {count} session(s) to read; nothing recorded")
        if shown and not isinstance(self.provider, LLMProvider):
            kept = self.sessions.extractions(self.provider, self.checked.memory, None,
                                             self.repo.cfg.min_confidence)
            self.result.would_add = (self.result.would_add or []) + kept


def _context(sent: list[Commit], provider: Provider, per_commit: int, total: int,
             dry_run: bool) -> tuple[str, int]:
    """The text the provider reads and how many commits it holds.  A provider that reads
    the commits themselves is not cut by a model's budget, and needs the text only for
    ``--dry-run`` to show."""
    if provider.context_bound:
        return context.build(sent, per_commit, total)
    return context.build(sent, per_commit, sys.maxsize) if dry_run else ("", len(sent))


def _merges(repo: Repo, work: Plan) -> list[triage.Skip]:
    """The merges among the commits of ``work`` (for --dry-run: merges are never read)."""
    end = work.through(len(work.commits))
    return triage.merges(repo.toplevel, [end, f"^{work.commits[0].sha}^@"])


def deadline_in(seconds: float) -> float:
    return time.monotonic() + seconds
