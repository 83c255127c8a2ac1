"""memorize(branch): what a branch's sources teach -> its memory file (docs/design.md,
"Data flow").

One loop over the knowledge sources (:mod:`gitmemory.sources`): plan what the
run reads (:mod:`~gitmemory.pipeline.plan`, the memory checked against the
branch by :mod:`~gitmemory.pipeline.prune`), gather from each source, make
safe (:func:`~gitmemory.pipeline.knowledge.made_safe`), keep what the branch
does not inherit, evolve (:mod:`~gitmemory.pipeline.evolve`), store
(:mod:`~gitmemory.pipeline.store`), mark read.  ``--dry-run`` asks each source
what it would send instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gitmemory.errors import GitmemoryError
from gitmemory.memory import previews
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.inherit import base_of, own_only
from gitmemory.memory.layers import with_hidden
from gitmemory.memory.markdown import Memory, generate
from gitmemory.pipeline import anchors, floors, prune, superseded
from gitmemory.pipeline.evolve import EvolveRequest, evolve, question
from gitmemory.pipeline.knowledge import assemble, count_changes, made_safe
from gitmemory.pipeline.mode import Mode
from gitmemory.pipeline.plan import Plan, Result, plan
from gitmemory.pipeline.store import keep_true, store
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import Provider
from gitmemory.reading.project import slot
from gitmemory.repo import Repo
from gitmemory.sources import registry
from gitmemory.sources.protocol import Estimate, Run, Source

Found = dict[Source, "list[Extraction] | None"]  # None: the run keeps none of its items


def memorize(repo: Repo, branch: str, provider: Provider, mode: Mode, *,
             since: str | None = None, deadline: float | None = None,
             approve: Callable[[Estimate], bool] | None = None,
             progress: Callable[[str], None] | None = None) -> Result:
    """Run the loop for ``branch``; keep the result as ``mode`` says (a memory commit, the
    work tree's file, a local preview, or only a description of it).

    A result that changes no item (only ``Through:``, timestamps, refs or paths) is
    kept back locally and rides along with the next real change.  A background run
    keeps the result in the local previews and marks nothing read: the commits stay
    pending for an explicit run or the next push.

    A model reads the whole pending range in as many calls as it takes; ``approve`` is
    asked first, with what they will cost (declined: nothing is sent), and ``progress``
    gets a line after each call.
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
    run = Run(repo, branch, provider, checked.memory, base_of(repo, work.location), work.tip,
              work.commits, deadline, dry_run=not mode.stores, marks=mode.marks,
              sessions=not mode.preview,
              end=work.through(len(work.commits)) if work.commits else None,
              approve=approve, progress=progress, least=work.least())
    sources = [make(run) for make in registry()]
    if run.dry_run:
        return _dry_run(run, sources, checked, result)
    try:
        found = _gather(run, sources)
    except ProviderError as exc:
        result.status, result.message = "error", exc.one_line()
        result.commits, result.remaining = run.covered, work.remaining + len(work.commits)
        return result
    run.covered = work.cut(run.covered)  # where Through: can name what was read
    result.commits = run.covered
    result.remaining = work.remaining + len(work.commits) - run.covered
    run.through = work.through(run.covered) if run.covered else \
        (checked.memory.through if checked.memory else None)
    replaced, waiting = _own(run, found)
    if not any(found.values()) and not _settles(found):
        _nothing_found(run, result)
        _mark_read(run, sources, result, stored=False)
        if waiting and mode.stores and not mode.preview:
            _carry(run, work, checked, waiting)
        # A memory written for what the check found covers the commits read meanwhile.
        return keep_true(repo, work, checked, result, mode,
                         read_up_to=run.through if run.covered else None)
    evolution = _evolve(run, found, result)
    cap = repo.cfg.max_items_per_section
    new = with_hidden(assemble(branch, checked.memory, evolution, run.through, cap,
                               history_cap=repo.cfg.max_history_items),
                      [*replaced, *run.hides])
    # what this run wrote, as the tip shows it: an item an old commit gave about a file
    # gone since is stale now, and the next run's check would make a commit to remove it
    settled = prune.checked_against(repo, branch, new, work.tip)
    if settled.changed and settled.memory is not None:
        new = settled.memory
    count_changes(result, work.memory, new, evolution)
    # Items gone stale or moved with their files change what agents see: a real change.
    result.items_changed = result.items_changed or bool(checked.dropped or checked.followed
                                                        or checked.relocated)
    result.notes += checked.lines()
    result.status, result.through = "success", run.through
    if run.declined:
        result.message = run.message
    stored = store(repo, work, new, result, mode=mode)
    if result.recorded:
        result.notes.append(f"history record: {result.recorded} commit line(s) "
                            + ("added" if stored else "wait for the next change"))
    _mark_read(run, sources, result, stored=stored)
    return result


def _gather(run: Run, sources: list[Source]) -> Found:
    """What each source found, made safe; a source the provider failed on (not a required
    one) contributes nothing and reads the same again next time."""
    found: Found = {}
    seen: set[tuple[str, str]] = set()
    for source in sources:
        try:
            items = source.gather()
        except ProviderError as exc:
            if source.required:
                raise
            source.failed(exc.one_line())
            items = []
        found[source] = made_safe(items, source.citable(), seen)
        run.gathered += found[source] or []
    return found


def _settles(found: Found) -> bool:
    """Whether a source whose items are not evolved has a change to settle all the same
    (a command a session withdrew)."""
    return any(source.had_news() for source in found if not source.evolved)


def _carry(run: Run, work: Plan, checked: prune.Pruned,
           waiting: dict[Source, list[Extraction]]) -> None:
    """What the sources that ride along found (the history record's lines) waits with the
    memory's other bookkeeping for the next run that stores (docs/design.md, "History"):
    in the memory the check stores, or else carried for the next run to start from."""
    memory = checked.memory.copy() if checked.memory else Memory(run.branch)
    evolution = Evolution({sid: list(items) for sid, items in memory.sections.items()}, [])
    for source, items in waiting.items():
        source.settle(evolution, items)
    memory.sections.update(evolution.sections)  # ``Through:`` stays: nothing was stored
    if checked.changed and checked.memory is not None and work.memory is not None:
        checked.memory = memory  # stored by keep_true, the lines with it
    else:
        previews.carry(run.repo.info.state_dir, run.branch, generate(memory), work.text)


def _own(run: Run, found: Found) -> tuple[list[str], dict[Source, list[Extraction]]]:
    """Keep what the branch does not inherit (docs/design.md, "Layers of memory"); the
    inherited items the branch's own now stand in for (its ``## Not Inherited``).  When
    no source whose items stand alone found anything or had news, the others' items are
    not kept this run: they wait (the second value) for the next one that stores."""
    replaced: list[str] = []
    waiting: dict[Source, list[Extraction]] = {}
    for source, items in found.items():
        own = own_only(items or [], run.base, run.memory, slot)
        found[source] = own.found
        replaced += own.replaced
    if not any(items or source.had_news() for source, items in found.items()
               if source.alone()):
        for source in found:
            found[source] = found[source] if source.alone() else None
    # what rides along (the history record) is stored with another source's items or not
    # at all: commits read that taught nothing make no memory change
    if not any(items and not source.rides_along(items) for source, items in found.items()) \
            and not _settles(found):
        for source, items in found.items():
            if items and source.rides_along(items):
                waiting[source] = items
                found[source] = None
    return list(dict.fromkeys(replaced)), waiting


def _nothing_found(run: Run, result: Result) -> None:
    if run.message:
        result.message = run.message
    elif run.commits:
        result.status, result.message = "empty", "nothing worth remembering"
    else:
        result.message = "no new commits"


def _evolve(run: Run, found: Found, result: Result) -> Evolution:
    """The provider's evolution of the branch's memory with what the evolved sources found;
    the others put their items in their slots after it."""
    cfg, existing = run.repo.cfg, run.memory
    new = [e for source, items in found.items() if source.evolved for e in items or []]
    new = superseded.current(new, run.commits[:run.covered])
    if run.tip and (given := floors.tip_floors(run.tip, run.repo.toplevel)):
        new = [e for e in new if not (e.refs and floors.against_tip(e.content, given))]
    new = anchors.attach(new, run.commits[:run.covered], run.repo.toplevel, run.tip,
                          cfg.exclude_paths)
    if new:
        evolution = evolve(run.provider, existing, EvolveRequest(
            run.branch, existing or Memory(run.branch), new, run.deadline,
            cfg.max_items_per_section, run.repo.toplevel, run.tip), result)
    else:
        evolution = deterministic_merge(existing or Memory(run.branch), [],
                                        cfg.max_items_per_section)
    for source, items in found.items():
        if not source.evolved:
            source.settle(evolution, items)
    return evolution


def _mark_read(run: Run, sources: list[Source], result: Result, *, stored: bool) -> None:
    for source in sources:
        source.mark_read(stored)
    result.notes += run.notes


def _dry_run(run: Run, sources: list[Source], checked: prune.Pruned, result: Result
             ) -> Result:
    """``--dry-run``: what each source would send or keep, and what the evolve step would
    be asked.  A provider that runs here and sends nothing is run: its items are shown."""
    local = not run.provider.network
    shown = [source.preview() for source in sources]
    found = _gather(run, [s for s in sources if local or not s.asks])
    _own(run, found)
    evolved = [e for source, items in found.items() if source.evolved for e in items or []]
    if run.memory is not None and run.memory.item_count() and not local and run.commits:
        shown.append(run.provider.preview(question(EvolveRequest(
            run.branch, run.memory, evolved, None, run.repo.cfg.max_items_per_section)),
            note=" (sent after the extraction; its new items will also hold what the model "
                 "extracts)"))
    result.preview = "\n".join(text.strip("\n") for text in shown if text.strip())
    result.commits = run.covered
    if local:
        result.would_add = [e for items in found.values() for e in items or []]
    result.message = run.message or ("no new commits" if not run.commits else "")
    result.notes += run.notes + [f"would be {line}" for line in checked.lines()]
    return result


def deadline_in(seconds: float) -> float:
    return time.monotonic() + seconds

