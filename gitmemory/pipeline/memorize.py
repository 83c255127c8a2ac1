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
from gitmemory.memory import read
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline import bootstrap, context, evidence, pending, prune, triage
from gitmemory.pipeline.knowledge import assemble, count_changes, evolve, extract
from gitmemory.pipeline.plan import Plan, Result, plan
from gitmemory.pipeline.preview import evolve_request, preview
from gitmemory.pipeline.store import keep_true, store
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.requests import EvolveRequest, ExtractRequest
from gitmemory.repo import Repo

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass


def memorize(repo: Repo, branch: str, provider: Provider, *, since: str | None = None,
             dry_run: bool = False, deadline: float | None = None, commit: bool = False,
             preview_only: bool = False) -> Result:
    """Run the pipeline for ``branch``; write (and with ``commit``, commit) the result.

    The memory is first checked against the branch (:mod:`gitmemory.pipeline.prune`).
    A result that changes no item (only ``Through:``, timestamps, refs or paths) is
    kept back locally and rides along with the next real change.  ``preview_only``
    (background maintenance) keeps the result in the local previews and marks
    nothing read: the commits stay pending for an explicit run or the next push.
    """
    work = plan(repo, branch, since, provider.name)
    result = Result(branch, "skipped", rel_path=work.location.rel_path, remaining=work.remaining)
    if work.location.busy:
        result.message = f"{work.reason}; its commits wait for the next run"
        return result
    checked = prune.refresh(repo, branch, work.memory, work.tip)
    run = _Run(repo, work, result, checked, provider, dry_run=dry_run, commit=commit,
               preview_only=preview_only)
    if not work.commits:
        result.message = "no new commits"
        return run.keep_true()
    sorting = work.sorting
    if sorting.skipped and not dry_run:
        result.notes.append(sorting.summary() + " (memorize --dry-run lists them)")
    sent = sorting.sent if context.substantive(sorting.sent) else []
    cfg = repo.cfg
    boot = bootstrap.extractions(repo.toplevel, work.tip, work.memory, work.commits,
                                 cfg.exclude_paths)
    # What the repository itself says (how to set up, test, lint) does not wait for a
    # commit worth sending on the default branch, whose memory the others inherit until
    # they learn something of their own.
    alone = boot if branch == read.default_branch(repo.info, cfg) else []
    if not sent and not sorting.stated and not alone:
        result.message = f"{len(work.commits)} trivial commit(s) only" if not sorting.skipped \
            else f"none of {len(work.commits)} commit(s) worth sending ({sorting.counts()})"
        if dry_run:
            result.preview = triage.listing(sorting, _merges(repo, work))
        else:
            run.mark(work.through(len(work.commits)))
        return run.keep_true()
    text, included = _context(sent, provider, cfg.max_chars_per_commit,
                              cfg.max_context_chars, dry_run)
    covered = sorting.covered(included) if sent else len(work.commits)
    commits = sent[:included]
    covered_shas = {c.sha for c in work.commits[:covered]}
    stated = [c for c in sorting.stated if c.sha in covered_shas]
    result.remaining += len(work.commits) - covered
    result.commits = covered
    request = ExtractRequest(branch, commits, text, deadline, known=context.known(work.memory))
    if dry_run:
        return run.dry(request, stated, boot, covered)
    try:
        found = extract(provider, request, cfg.min_confidence, stated, boot)
    except ProviderError as exc:
        result.status, result.message = "error", exc.one_line()
        result.remaining += covered
        return result
    through = work.through(covered)
    if not found:
        # Nothing to store: remember locally that these commits were read, so the
        # next run does not send them again, without a file change to commit.
        run.mark(through)
        result.status, result.message = "empty", "nothing worth remembering"
        return run.keep_true()
    found = evidence.attach(found, commits, repo.toplevel, work.tip, cfg.exclude_paths)
    existing = checked.memory
    evolution = evolve(provider, existing, EvolveRequest(
        branch, existing or Memory(branch), found, deadline, cfg.max_items_per_section), result)
    new = assemble(branch, existing, evolution, through, cfg.max_items_per_section)
    count_changes(result, work.memory, new, evolution)
    # Items gone stale or moved with a rename change what agents see: a real change.
    result.items_changed = result.items_changed or bool(checked.dropped or checked.followed)
    result.notes += checked.lines()
    result.status, result.through = "success", through
    store(repo, work, new, result, commit=commit, preview_only=preview_only,
           mark=lambda: run.mark(through))
    return result


class _Run:
    """What the steps of one memorize run share: where it reads and writes, what the check
    against the branch found, and what the caller asked for."""

    def __init__(self, repo: Repo, work: Plan, result: Result, checked: prune.Pruned,
                 provider: Provider, *, dry_run: bool, commit: bool, preview_only: bool
                 ) -> None:
        self.repo, self.work, self.result, self.checked = repo, work, result, checked
        self.provider = provider
        self.dry_run, self.commit, self.preview_only = dry_run, commit, preview_only

    def mark(self, through: str) -> None:
        """Remember locally that the provider read the commits up to ``through`` and found
        nothing to store (not for a preview: those commits stay pending)."""
        if not self.preview_only:
            pending.mark_examined(self.repo.info.state_dir, self.result.branch, through,
                                  self.provider.name)

    def keep_true(self) -> Result:
        """No new knowledge, but the check against the branch changed the memory."""
        return keep_true(self.repo, self.work, self.checked, self.result,
                          dry_run=self.dry_run, commit=self.commit,
                          preview_only=self.preview_only)

    def dry(self, request: ExtractRequest, stated: list[Commit], boot: list[Extraction],
            covered: int) -> Result:
        """``--dry-run``: every prompt the run would send, and what it would change."""
        result, work, cfg = self.result, self.work, self.repo.cfg
        commits = request.commits
        result.preview = triage.listing(work.sorting, _merges(self.repo, work)) + \
            (preview(self.provider, request, evolve_request(work, request, cfg))
             if commits else "") + bootstrap.preview(boot)
        if not isinstance(self.provider, LLMProvider):  # it runs here, sends nothing: run it
            result.would_add = extract(self.provider, request, cfg.min_confidence, stated,
                                        boot)
        result.message = (f"dry run: {len(commits)} commit(s) to send, "
                          f"{covered - len(commits)} skipped; nothing sent or written")
        result.notes += [f"would be {line}" for line in self.checked.lines()]
        return result


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
