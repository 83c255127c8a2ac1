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
from gitmemory.secrets.redact import redact
from gitmemory.sources.commits import context, triage
from gitmemory.sources.commits.examined import mark_examined
from gitmemory.sources.commits.extraction import ExtractRequest, question
from gitmemory.sources.prompting import known
from gitmemory.sources.protocol import Run, Source


class Commits(Source):
    name = "commits"
    required = True

    def __init__(self, run: Run) -> None:
        super().__init__(run)
        cfg = run.repo.cfg
        self.sorting = triage.triage(run.commits, cfg.skip_authors, cfg.skip_paths)
        self.sent = self.sorting.sent if context.substantive(self.sorting.sent) else []
        self.read: list[Commit] = []  # the commits the provider reads this run

    def gather(self) -> list[Extraction]:
        run = self.run
        if self.sorting.skipped and not run.dry_run:
            run.notes.append(self.sorting.summary() + " (memorize --dry-run lists them)")
        request = self._request()
        if not request.commits:
            return []
        found = run.provider.answer(question(request))
        return [replace(e, paths=None if e.paths is None else self._known_paths(e.paths))
                for e in found if e.confidence >= run.min_confidence]

    def had_news(self) -> bool:
        """Commits worth sending, or skipped ones whose trailers count."""
        return bool(self.sent or self.sorting.stated)

    def _request(self) -> ExtractRequest:
        """What the provider reads this run; ``Run.covered`` says how far that reaches."""
        run, cfg = self.run, self.run.repo.cfg
        if not run.commits:
            return ExtractRequest(run.branch, [], "", run.deadline)
        if not self.sent:
            run.covered = len(run.commits)
            if not self.sorting.stated:
                count = len(run.commits)
                run.message = f"{count} trivial commit(s) only" if not self.sorting.skipped \
                    else f"none of {count} commit(s) worth sending ({self.sorting.counts()})"
            return ExtractRequest(run.branch, [], "", run.deadline)
        # A provider that reads the commits themselves is not cut by a model's budget,
        # and needs the text only for --dry-run to show.
        if run.provider.context_bound:
            text, included = context.build(self.sent, cfg.max_chars_per_commit,
                                           cfg.max_context_chars)
        elif run.dry_run:
            text, included = context.build(self.sent, cfg.max_chars_per_commit, sys.maxsize)
        else:
            text, included = "", len(self.sent)
        run.covered = self.sorting.covered(included)
        self.read = self.sent[:included]
        return ExtractRequest(run.branch, self.read, text, run.deadline,
                              known=known(run.memory))

    def _known_paths(self, paths: tuple[str, ...]) -> tuple[str, ...]:
        """Paths that name a file the commits read changed, or a directory holding one (a
        model may invent others), and hold nothing redaction would hide."""
        changed = {f.path for c in self.read for f in c.files}
        return tuple(p for p in paths if redact(p)[0] == p and (
            p in changed or any(f.startswith(p.rstrip("/") + "/") for f in changed)))

    def preview(self) -> str:
        run = self.run
        request = self._request()
        listing = triage.listing(self.sorting, self._merges())
        run.message = (f"dry run: {len(request.commits)} commit(s) to send, "
                       f"{run.covered - len(request.commits)} skipped; nothing sent or written")
        if not request.commits:
            return listing
        return listing + run.provider.preview(question(request))

    def _merges(self) -> list[triage.Skip]:
        """The merges among the run's commits (for --dry-run: merges are never read)."""
        commits = self.run.commits
        if not commits:
            return []
        return triage.merges(self.run.repo.toplevel, [self.run.end or commits[-1].sha,
                                                      f"^{commits[0].sha}^@"])

    def mark_read(self, stored: bool) -> None:
        """Commits read and found empty are remembered locally, so the next run does not
        send them again; a stored result's ``Through:`` covers them already."""
        run = self.run
        if not stored and run.marks and run.covered and run.through:
            mark_examined(run.repo.info.state_dir, run.branch, run.through,
                          run.provider.language_model)
