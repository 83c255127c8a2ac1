"""memorize(branch): commits -> knowledge -> the branch's memory file (docs/design.md, "Data flow").

collect -> sanitize (redaction happens while collecting) -> gate -> context
-> extract -> evolve or create -> write.  Provider output is redacted and
neutralised again before it is stored (docs/design.md, "Invariants").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from gitmemory import git, state
from gitmemory.commits import Commit
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory import location, markdown, previews, read, write
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.evidence import carried
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.memory.similar import normal_key
from gitmemory.offline.trailers import trailer_extractions
from gitmemory.pipeline import bootstrap, context, evidence, pending, prune, triage
from gitmemory.pipeline.history import History
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.requests import EvolveRequest, ExtractRequest
from gitmemory.repo import Repo
from gitmemory.secrets.redact import redact

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config


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
    sorting: triage.Triage = field(default_factory=lambda: triage.Triage([]))  # sent, skipped

    def through(self, included: int) -> str:
        """Where the next run starts once the first ``included`` commits are read.

        The branch tip when nothing is left over: after a merge the newest
        commit read is not a descendant of all the others, and a ``Through:``
        there would make the next run read the other side again (and every
        push make one more memory commit).
        """
        if self.tip and included == len(self.commits) and not self.remaining:
            return self.tip
        return self.commits[included - 1].sha


def plan(repo: Repo, branch: str, since: str | None = None, provider: str = "offline"
         ) -> Plan:
    """What a run of ``provider`` on ``branch`` reads.  It starts from the bookkeeping an
    earlier run kept back (:func:`gitmemory.memory.previews.carried`) while the memory
    file is as that run found it."""
    top = repo.toplevel
    loc = location.locate(top, branch)
    if loc.busy:
        return Plan(loc, None, None, [], 0, f"{loc.busy} is under way on {branch}")
    text, memory = _remembered(repo, branch, read.at(top, loc))
    if since:
        start = git.rev_parse(since, top)
        if start is None:
            from gitmemory.errors import GitmemoryError

            raise GitmemoryError(f"--since {since!r} is not a commit")
        rng = pending.Range(start, reason=f"--since {since}")
    else:
        rng = pending.start_range(repo, branch, memory.through if memory else None, provider)
    tip = git.rev_parse(git.HEADS + branch, top)
    batch, remaining = _batch(repo, pending.shas(repo, branch, rng, tip), rng)
    commits = History(top).collect(batch, repo.cfg.exclude_paths) if batch else []
    sorting = triage.triage(commits, repo.cfg.skip_authors, repo.cfg.skip_paths)
    return Plan(loc, text, memory, commits, remaining, rng.reason, tip, sorting)


def _remembered(repo: Repo, branch: str, found: read.Found | None
                ) -> tuple[str | None, Memory | None]:
    """The memory file's text, and the memory a run starts from: the file's, or the
    bookkeeping an earlier run kept back while the file is as that run found it."""
    text, memory = (found.text, found.memory) if found else (None, None)
    held = previews.carried(repo.info.state_dir, branch, text)
    return text, held[0] if held is not None else memory


def _batch(repo: Repo, shas: list[str], rng: pending.Range) -> tuple[list[str], int]:
    """The commits one run reads, and how many wait for later runs.  A branch without a
    start reads its newest commits only: older history is never read."""
    limit = repo.cfg.max_commits_per_memorize
    if rng.start is None:
        return shas[-limit:], 0
    return shas[:limit], max(len(shas) - limit, 0)


def pending_count(repo: Repo, branch: str, found: read.Found | None,
                  provider: str = "offline") -> int:
    """How many commits runs of ``provider`` will read on ``branch`` (whose memory is
    ``found``): the next run's and the later ones', counted as :func:`plan` counts."""
    _, memory = _remembered(repo, branch, found)
    rng = pending.start_range(repo, branch, memory.through if memory else None, provider)
    batch, remaining = _batch(repo, pending.shas(repo, branch, rng), rng)
    return len(batch) + remaining


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
    if not sent and not sorting.stated:
        result.message = f"{len(work.commits)} trivial commit(s) only" if not sorting.skipped \
            else f"none of {len(work.commits)} commit(s) worth sending ({sorting.counts()})"
        if dry_run:
            result.preview = triage.listing(sorting, _merges(repo, work))
        else:
            run.mark(work.through(len(work.commits)))
        return run.keep_true()
    cfg = repo.cfg
    text, included = context.build(sent, cfg.max_chars_per_commit, cfg.max_context_chars)
    covered = sorting.covered(included) if sent else len(work.commits)
    commits = sent[:included]
    read = {c.sha for c in work.commits[:covered]}
    stated = [c for c in sorting.stated if c.sha in read]
    result.remaining += len(work.commits) - covered
    result.commits = covered
    request = ExtractRequest(branch, commits, text, deadline, known=context.known(work.memory))
    boot = bootstrap.extractions(repo.toplevel, work.tip, work.memory, work.commits[:covered],
                                 cfg.exclude_paths)
    if dry_run:
        return run.dry(request, stated, boot, covered)
    try:
        found = _extract(provider, request, cfg.min_confidence, stated, boot)
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
    _store(repo, work, new, result, commit=commit, preview_only=preview_only,
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
        return _keep_true(self.repo, self.work, self.checked, self.result,
                          dry_run=self.dry_run, commit=self.commit,
                          preview_only=self.preview_only)

    def dry(self, request: ExtractRequest, stated: list[Commit], boot: list[Extraction],
            covered: int) -> Result:
        """``--dry-run``: every prompt the run would send, and what it would change."""
        result, work, cfg = self.result, self.work, self.repo.cfg
        commits = request.commits
        result.preview = triage.listing(work.sorting, _merges(self.repo, work)) + \
            (preview(self.provider, request, _evolve_preview(work, request, cfg))
             if commits else "") + bootstrap.preview(boot)
        if not isinstance(self.provider, LLMProvider):  # it runs here, sends nothing: run it
            result.would_add = _extract(self.provider, request, cfg.min_confidence, stated,
                                        boot)
        result.message = (f"dry run: {len(commits)} commit(s) to send, "
                          f"{covered - len(commits)} skipped; nothing sent or written")
        result.notes += [f"would be {line}" for line in self.checked.lines()]
        return result


def _store(repo: Repo, work: Plan, new: Memory, result: Result, *, commit: bool,
           preview_only: bool, mark: Callable[[], None]) -> None:
    """Keep ``new`` where it belongs: a local preview (background work), carried
    bookkeeping (no item changed), or the branch's memory (docs/design.md, "What runs
    unasked")."""
    state_dir, branch = repo.info.state_dir, result.branch
    if preview_only:
        previews.store(state_dir, branch, markdown.generate(new))
        result.message = "kept as a local preview"
    elif not result.items_changed:
        previews.carry(state_dir, branch, markdown.generate(new), work.text)
        mark()
        result.message = "no item changed; the bookkeeping waits for the next change"
    else:
        save(repo, work.location, work.text, new, result=result, commit=commit)
        previews.drop_carried(state_dir, branch)
        previews.discard(state_dir, branch)



def _merges(repo: Repo, work: Plan) -> list[triage.Skip]:
    """The merges among the commits of ``work`` (for --dry-run: merges are never read)."""
    end = work.through(len(work.commits))
    return triage.merges(repo.toplevel, [end, f"^{work.commits[0].sha}^@"])


def check(repo: Repo, branch: str) -> Result:
    """``branch``'s memory checked against its tip without reading new commits (what
    ``maintain`` does): renames followed, stale and dropped items removed."""
    loc = location.locate(repo.toplevel, branch)
    result = Result(branch, "skipped", rel_path=loc.rel_path)
    if loc.busy:
        result.message = f"{loc.busy} is under way on {branch}"
        return result
    found = read.at(repo.toplevel, loc)
    tip = git.rev_parse(git.HEADS + branch, repo.toplevel)
    if found is None or tip is None:
        result.message = "no memory"
        return result
    checked = prune.refresh(repo, branch, found.memory, tip)
    result.message = "memory matches the branch" if not checked.changed else \
        "memory checked against the branch"
    work = Plan(loc, found.text, found.memory, [], 0, "", tip)
    return _keep_true(repo, work, checked, result, dry_run=False, commit=True)


def _keep_true(repo: Repo, work: Plan, checked: prune.Pruned, result: Result, *,
               dry_run: bool, commit: bool, preview_only: bool = False) -> Result:
    """No new knowledge, but items went stale, lost their commits or followed a rename.
    Items removed, or paths that followed a rename, change what agents see and are stored
    (``Through:`` stays where it was); refs that only followed a rewrite are bookkeeping
    and ride along with the next real change.  A run nobody asked for (``preview_only``) stores
    nothing."""
    if not checked.changed or checked.memory is None or work.memory is None:
        return result
    if dry_run:
        result.notes += [f"would be {line}" for line in checked.lines()]
        return result
    if preview_only:
        return result
    new = checked.memory.copy()
    new.updated = state.now_iso()
    result.notes += checked.lines()
    if not (checked.dropped or checked.followed):  # only refs followed a rewrite
        previews.carry(repo.info.state_dir, result.branch, markdown.generate(new), work.text)
        if "checked against" not in result.message:
            result.message = f"{result.message}; the evidence update waits for the next change"
        return result
    result.status = "success"
    result.removed = len(checked.dropped)
    result.updated = checked.followed + checked.remapped
    result.items_changed = True
    if "checked against" not in result.message:
        result.message = f"{result.message}; memory checked against the branch"
    save(repo, work.location, work.text, new, result=result, commit=commit)
    return result


def save(repo: Repo, loc: location.Location, original: str | None, new: Memory, *,
         result: Result, commit: bool) -> None:
    """Persist ``new`` (a memory commit when asked or when the branch is not checked
    out) and refresh the agent files where the branch is checked out."""
    from gitmemory.errors import GitmemoryError
    from gitmemory.outputs import sync

    written = write.write(repo, loc, original, new, summary=result.line(), commit=commit,
                          relocate=True)
    result.commit_sha = written.sha
    where = written.location
    result.rel_path = where.rel_path
    if not where.worktree:
        return
    try:
        outcomes = sync.sync(git.repo_info(where.worktree), repo.cfg, where.branch)
    except GitmemoryError as exc:
        result.notes.append(f"agent files not refreshed: {exc.one_line()}")
        return
    result.notes += [outcome.message for outcome in outcomes if outcome.message]


def _extract(provider: Provider, request: ExtractRequest, min_confidence: float,
             stated: list[Commit], boot: list[Extraction]) -> list[Extraction]:
    """The repository's bootstrap items, provider extractions (confident ones) and explicit
    trailers (also those of skipped commits whose trailers count: ``stated``), made safe to
    store."""
    found = [replace(e, paths=None if e.paths is None else _known_paths(e.paths, request.commits))
             for e in provider.extract(request) if e.confidence >= min_confidence] \
        if request.commits else []
    commits = request.commits + stated
    return _made_safe([*boot, *found, *trailer_extractions(commits)], commits)


def _made_safe(raw: list[Extraction], commits: list[Commit]) -> list[Extraction]:
    """Extractions redacted, neutralised, de-duplicated, their refs checked."""
    shas = [c.sha for c in commits]
    safe = []
    seen = set()
    for e in raw:
        content = neutralize(redact(e.content)[0])
        key = (e.section, normal_key(content))
        if content and key not in seen:
            seen.add(key)
            safe.append(Extraction(e.section, content, e.confidence, _known_refs(e.refs, shas),
                                   e.paths))
    return safe


def _known_paths(paths: tuple[str, ...], commits: list[Commit]) -> tuple[str, ...]:
    """Paths that name a file the run's commits changed, or a directory holding one (a
    model may invent others), and hold nothing redaction would hide."""
    changed = {f.path for c in commits for f in c.files}
    return tuple(p for p in paths if redact(p)[0] == p and (
        p in changed or any(f.startswith(p.rstrip("/") + "/") for f in changed)))


def _known_refs(refs: tuple[str, ...], shas: list[str]) -> tuple[str, ...]:
    """Refs that name a commit of this run, as short shas (a model may invent others)."""
    kept = []
    for ref in refs:
        match = next((sha for sha in shas if sha.startswith(ref.lower())), None)
        if match and match[:7] not in kept:
            kept.append(match[:7])
    return tuple(kept)


def evolve(provider: Provider, existing: Memory | None, request: EvolveRequest,
           result: Result) -> Evolution:
    """The provider's evolution, or a plain merge when there is nothing to evolve or it fails."""
    found, cap = request.new, request.max_items_per_section
    if existing is None or existing.item_count() == 0:
        return deterministic_merge(existing or Memory(request.branch), found, cap)
    try:
        evolution = provider.evolve(request)
    except ProviderError as exc:
        result.notes.append(f"evolution fell back to a plain merge: {exc.one_line()}")
        return deterministic_merge(existing, found, cap)
    sources = [(i.text, i.refs, i.paths) for items in existing.sections.values() for i in items]
    sources += [(e.content, e.refs, e.paths or ()) for e in found]
    for sid, items in evolution.sections.items():  # a model may drop the paths it was given
        evolution.sections[sid] = carried(items, sources, normal_key)
    return evolution


def assemble(branch: str, old: Memory | None, evolution: Evolution, through: str | None,
             cap: int) -> Memory:
    """The memory to store: items redacted, neutralised, capped; prose kept, redacted."""
    sections: dict[str, list[Item]] = {}
    for sid in SECTION_IDS:
        items = [Item(neutralize(redact(i.text)[0]), i.refs, tuple(redact(p)[0] for p in i.paths))
                 for i in evolution.sections.get(sid, [])]
        sections[sid] = [i for i in items if i.text][-cap:] if cap else []
    notes = {sid: _redacted(lines) for sid, lines in old.notes.items()} if old else None
    extra = [(_redacted([head])[0], _redacted(body)) for head, body in old.extra] if old else None
    memory = Memory(branch, sections, updated=state.now_iso(), through=through, notes=notes,
                    extra=extra)
    return write.clean(memory)


def _redacted(lines: list[str]) -> list[str]:
    """Hand-written prose is kept as written, but not a secret in it: the file is pushed."""
    return redact("\n".join(lines))[0].split("\n") if lines else lines


def count_changes(result: Result, old: Memory | None, new: Memory, evolution: Evolution) -> None:
    """``+added ~updated -removed`` from what the file held before and after.

    An update that rewords an item shows as one text gone and one come: it
    counts once, as updated, not also as an addition and a removal.  An
    update that only adds refs changes no text and is counted as updated.
    """
    before = _keys(old.sections if old else {})
    after = _keys(new.sections)
    come, gone = after - before, before - after
    updated = [(c.section, normal_key(neutralize(redact(c.content)[0])))
               for c in evolution.changes if c.action == "updated"]
    reworded = min(sum(1 for key in updated if key in come), len(gone))
    result.added = len(come) - reworded
    result.removed = len(gone) - reworded
    result.updated = len(updated)
    result.items_changed = bool(come or gone)


def _keys(sections: dict[str, list[Item]]) -> set[tuple[str, str]]:
    return {(sid, normal_key(i.text)) for sid, items in sections.items() for i in items}


def _evolve_preview(work: Plan, request: ExtractRequest, cfg: Config) -> EvolveRequest | None:
    """The evolution a run would ask for after extracting: the memory as it is and the
    new items known before the model answers (the commits' ``Memory-*`` trailers)."""
    if work.memory is None or work.memory.item_count() == 0:
        return None
    known = _made_safe(trailer_extractions(request.commits), request.commits)
    return EvolveRequest(request.branch, work.memory, known, request.deadline,
                         cfg.max_items_per_section)


def preview(provider: Provider, request: ExtractRequest,
            evolution: EvolveRequest | None = None) -> str:
    """Exactly what a run would send (docs/design.md, "Data flow"): the extraction and,
    when the branch has memory, the evolution that follows it."""
    if not isinstance(provider, LLMProvider):
        return (f"--- {provider.name}: nothing leaves this machine; the extractor reads ---\n"
                f"{request.context}")
    from gitmemory.providers.prompts import (
        EVOLVE_SYSTEM,
        EXTRACT_SYSTEM,
        evolution_prompt,
        extraction_prompt,
    )

    name = provider.name
    shown = (f"--- {name}: system prompt ---\n{EXTRACT_SYSTEM}\n"
             f"--- {name}: prompt ---\n{extraction_prompt(request)}")
    if evolution is not None:
        shown += (f"\n--- {name}: evolve system prompt ---\n{EVOLVE_SYSTEM}\n"
                  f"--- {name}: evolve prompt (sent after the extraction; its new items will "
                  f"also hold what the model extracts) ---\n{evolution_prompt(evolution)}")
    return shown


def deadline_in(seconds: float) -> float:
    return time.monotonic() + seconds
