"""The commits source: what a branch's new commits teach (docs/design.md, "Data flow").

A run's pending commits are read once (:mod:`~gitmemory.sources.commits.history`),
sorted (:mod:`~gitmemory.sources.commits.triage`: automation, bookkeeping and
repeats are skipped for every provider, the rest made lean), and, when anything
substantive is left, asked about: a model reads the text
:mod:`~gitmemory.sources.commits.context` builds within its budget; the offline
provider's rules read the commits themselves
(:func:`gitmemory.providers.offline.extractor.extract_commits`).  The commits a
model could not read this run wait for the next (``Run.covered``); what was
read and found empty is marked, per kind of provider.
"""

from __future__ import annotations

import sys
from dataclasses import replace

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.providers import answers
from gitmemory.providers.answers import ProviderError
from gitmemory.reading.paths import declared_vendored
from gitmemory.secrets.redact import redact
from gitmemory.sources import confirmed
from gitmemory.sources.commits import context, triage
from gitmemory.sources.commits.examined import mark_examined
from gitmemory.sources.commits.extraction import (
    EXTRACT_SYSTEM,
    ExtractRequest,
    extraction_prompt,
    question,
)
from gitmemory.sources.prompting import known
from gitmemory.sources.protocol import Estimate, Run, Source


class Commits(Source):
    name = "commits"
    required = True

    def __init__(self, run: Run) -> None:
        super().__init__(run)
        cfg = run.repo.cfg
        skip_paths = [*cfg.skip_paths, *declared_vendored(run.repo.toplevel)]
        self.sorting = triage.triage(run.commits, cfg.skip_authors, skip_paths)
        self.sent = self.sorting.sent if context.substantive(self.sorting.sent) else []
        self.read: list[Commit] = []  # the commits the provider reads this run

    def gather(self) -> list[Extraction]:
        run = self.run
        if self.sorting.skipped and not run.dry_run:
            run.notes.append(self.sorting.summary() + " (memorize --dry-run lists them)")
        if not self._worth_asking():
            return []
        if not run.provider.context_bound:  # the rules read the commits themselves
            self.read, run.covered = self.sent, len(run.commits)
            return self._ask(ExtractRequest(run.branch, self.sent, "", run.deadline))
        calls = self._calls()
        estimate = Estimate(run.provider.name, len(run.commits), len(calls),
                            sum(tokens(c) for c in calls), run.repo.cfg.memorize_budget)
        run.covered = self.sorting.covered(0)
        if run.approve is not None and not run.approve(estimate):
            run.declined = True
            run.message = f"not sent: {estimate.line()}"
            return []
        return self._read_all(calls)

    def _worth_asking(self) -> bool:
        """Whether any commit is worth a provider's reading; if not, all count as read."""
        run = self.run
        if run.commits and self.sent:
            return True
        run.covered = len(run.commits)
        if run.commits and not self.sorting.stated:
            count = len(run.commits)
            run.message = f"{count} trivial commit(s) only" if not self.sorting.skipped \
                else f"none of {count} commit(s) worth sending ({self.sorting.counts()})"
        return False

    def _calls(self) -> list[ExtractRequest]:
        """The requests that read every commit worth sending, each within the context's
        budget, oldest commits first."""
        run, cfg = self.run, self.run.repo.cfg
        known_items = known(run.memory)
        requests = []
        at = 0
        while at < len(self.sent):
            text, included = context.build(self.sent[at:at + context.MAX_PER_CALL],
                                           cfg.max_chars_per_commit, cfg.max_context_chars)
            included = max(included, 1)
            requests.append(ExtractRequest(run.branch, self.sent[at:at + included], text,
                                           run.deadline, known=known_items))
            at += included
        return requests

    def _read_all(self, calls: list[ExtractRequest]) -> list[Extraction]:
        """Every call in turn, until the commits are read, the budget is spent or the
        provider fails after the first call (what was read stays read)."""
        run, budget = self.run, self.run.repo.cfg.memorize_budget
        found: list[Extraction] = []
        done = spent = 0
        for n, request in enumerate(calls):
            cost = tokens(request)
            # a run reads at least up to where Through: can move (pipeline/pending.py)
            if budget and spent + cost > budget and self.sorting.covered(done) >= run.least:
                run.notes.append(f"stopped at memorize_budget ({budget:,} tokens) after "
                                 f"{n} call(s); the next run reads on from there")
                break
            used = run.provider.tokens_used()
            try:
                found += self._ask(request)
            except ProviderError as exc:
                if not n:
                    raise
                run.notes.append(f"stopped after {n} call(s): {exc.one_line()}; the next run "
                                 "reads on from there")
                break
            done += len(request.commits)
            spent += max(run.provider.tokens_used() - used, cost)
            if run.progress:
                run.progress(f"read {self.sorting.covered(done)} of {len(run.commits)} "
                             f"commit(s) in {n + 1} call(s), ~{spent:,} tokens")
        self.read = self.sent[:done]
        run.covered = self.sorting.covered(done)
        return found

    def _ask(self, request: ExtractRequest) -> list[Extraction]:
        run = self.run
        dropped: list[str] = []
        found = run.provider.answer(question(request, dropped))
        if dropped:
            run.notes.append(answers.left_out(dropped))
        found = [e for e in found if e.confidence >= run.min_confidence]
        if run.provider.language_model:  # a model may name commands: the files must confirm
            found, left = confirmed.kept(found, lambda e: e.content, run.repo.toplevel, run.tip)
            run.notes += left
        changed = {f.path for c in request.commits for f in c.files}
        return [replace(e, paths=None if e.paths is None else _known_paths(e.paths, changed))
                for e in found]

    def had_news(self) -> bool:
        """Commits worth sending, or skipped ones whose trailers count."""
        return bool(self.sent or self.sorting.stated)

    def preview(self) -> str:
        """The commits left out, and what the first call would send (a provider that reads
        the commits themselves: what its rules read), with what every call would cost."""
        run, cfg = self.run, self.run.repo.cfg
        listing = triage.listing(self.sorting, self._merges())
        if not self._worth_asking():
            run.message = f"dry run: 0 commit(s) to send, {run.covered} skipped; nothing " \
                "sent or written"
            return listing
        if run.provider.context_bound:
            calls = self._calls()
            estimate = Estimate(run.provider.name, len(run.commits), len(calls),
                                sum(tokens(c) for c in calls), cfg.memorize_budget)
            shown = run.provider.preview(question(calls[0])) + \
                (f"\n--- and {len(calls) - 1} more call(s) like it ---" if len(calls) > 1 else "")
            run.notes.append(f"would be {estimate.line()}")
        else:
            text, _ = context.build(self.sent, cfg.max_chars_per_commit, sys.maxsize)
            shown = run.provider.preview(question(ExtractRequest(run.branch, self.sent, text)))
        run.covered = len(run.commits)
        run.message = (f"dry run: {len(self.sent)} commit(s) to send, "
                       f"{run.covered - len(self.sent)} skipped; nothing sent or written")
        return listing + shown

    def _merges(self) -> list[triage.Skip]:
        """The merges among the run's commits that it does not read (for --dry-run: a
        merge is read only for the pull request's text it carries)."""
        commits = self.run.commits
        if not commits:
            return []
        read = {c.sha for c in commits}
        return [skip for skip in triage.merges(self.run.repo.toplevel,
                                               [self.run.end or commits[-1].sha,
                                                f"^{commits[0].sha}^@"])
                if skip.sha not in read]

    def mark_read(self, stored: bool) -> None:
        """Commits read and found empty are remembered locally, so the next run does not
        send them again; a stored result's ``Through:`` covers them already."""
        run = self.run
        if not stored and run.marks and run.covered and run.through:
            mark_examined(run.repo.info.state_dir, run.branch, run.through,
                          run.provider.language_model)


def tokens(request: ExtractRequest) -> int:
    """The input tokens of one call, estimated from its characters."""
    return (len(EXTRACT_SYSTEM) + len(extraction_prompt(request))) * 2 // 7  # ~3.5 per token


def _known_paths(paths: tuple[str, ...], changed: set[str]) -> tuple[str, ...]:
    """Paths that name a file the commits read changed, or a directory holding one (a
    model may invent others), and hold nothing redaction would hide."""
    return tuple(p for p in paths if redact(p)[0] == p and (
        p in changed or any(f.startswith(p.rstrip("/") + "/") for f in changed)))
