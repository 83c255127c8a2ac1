"""memorize(branch): commits -> knowledge -> the branch's memory file (docs/design.md, "Data flow").

collect -> sanitize (redaction happens while collecting) -> gate -> context
-> extract -> evolve or create -> write.  Provider output is redacted and
neutralised again before it is stored (docs/design.md, "Invariants").
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from gitmemory import git, state
from gitmemory.commits import Commit
from gitmemory.injection.neutralize import neutralize
from gitmemory.memory import location, read, write
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.evidence import carried
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.memory.similar import normal_key
from gitmemory.offline.trailers import trailer_extractions
from gitmemory.pipeline import context, evidence, pending, prune
from gitmemory.pipeline.history import History
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.requests import EvolveRequest, ExtractRequest
from gitmemory.repo import Repo
from gitmemory.secrets.redact import redact


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
    preview: str = ""  # --dry-run: what would be sent
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


def plan(repo: Repo, branch: str, since: str | None = None) -> Plan:
    top = repo.toplevel
    loc = location.locate(top, branch)
    if loc.busy:
        return Plan(loc, None, None, [], 0, f"{loc.busy} is under way on {branch}")
    found = read.at(top, loc)
    text, memory = (found.text, found.memory) if found else (None, None)
    if since:
        start = git.rev_parse(since, top)
        if start is None:
            from gitmemory.errors import GitmemoryError

            raise GitmemoryError(f"--since {since!r} is not a commit")
        rng = pending.Range(start, reason=f"--since {since}")
    else:
        rng = pending.start_range(repo, branch, memory.through if memory else None)
    tip = git.rev_parse(git.HEADS + branch, top)
    shas = pending.shas(repo, branch, rng, tip)
    limit = repo.cfg.max_commits_per_memorize
    batch = shas[-limit:] if rng.start is None else shas[:limit]
    commits = History(top).collect(batch, repo.cfg.exclude_paths) if batch else []
    remaining = len(shas) - len(batch) if rng.start is not None else 0
    return Plan(loc, text, memory, commits, remaining, rng.reason, tip)


def memorize(repo: Repo, branch: str, provider: Provider, *, since: str | None = None,
             dry_run: bool = False, deadline: float | None = None, commit: bool = False
             ) -> Result:
    """Run the pipeline for ``branch``; write (and with ``commit``, commit) the result."""
    work = plan(repo, branch, since)
    result = Result(branch, "skipped", rel_path=work.location.rel_path, remaining=work.remaining)
    if work.location.busy:
        result.message = f"{work.reason}; its commits wait for the next run"
        return result
    checked = prune.refresh(repo, branch, work.memory, work.tip)
    if not work.commits:
        result.message = "no new commits"
        return _keep_true(repo, work, checked, result, dry_run=dry_run, commit=commit)
    if not context.substantive(work.commits):
        result.message = f"{len(work.commits)} trivial commit(s) only"
        pending.mark_examined(repo.info.state_dir, branch, work.through(len(work.commits)))
        return _keep_true(repo, work, checked, result, dry_run=dry_run, commit=commit)
    cfg = repo.cfg
    text, included = context.build(work.commits, cfg.max_chars_per_commit, cfg.max_context_chars)
    commits = work.commits[:included]
    result.remaining += len(work.commits) - included
    result.commits = len(commits)
    request = ExtractRequest(branch, commits, text, deadline)
    if dry_run:
        result.preview = preview(provider, request)
        result.message = f"dry run: {len(commits)} commit(s), nothing sent or written"
        result.notes += [f"would be {line}" for line in checked.lines()]
        return result
    try:
        found = _extract(provider, request, cfg.min_confidence)
    except ProviderError as exc:
        result.status, result.message = "error", exc.one_line()
        result.remaining += len(commits)
        return result
    through = work.through(included)
    if not found:
        # Nothing to store: remember locally that these commits were read, so the
        # next run does not send them again, without a file change to commit.
        pending.mark_examined(repo.info.state_dir, branch, through)
        result.status, result.message = "empty", "nothing worth remembering"
        return _keep_true(repo, work, checked, result, dry_run=dry_run, commit=commit)
    found = evidence.attach(found, commits, repo.toplevel, work.tip, cfg.exclude_paths)
    existing = checked.memory
    evolution = evolve(provider, existing, EvolveRequest(
        branch, existing or Memory(branch), found, deadline, cfg.max_items_per_section), result)
    new = assemble(branch, existing, evolution, through, cfg.max_items_per_section)
    count_changes(result, work.memory, new, evolution)
    result.notes += checked.lines()
    result.status, result.through = "success", through
    save(repo, work.location, work.text, new, result=result, commit=commit)
    return result


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
    return _keep_true(repo, work, checked, result, dry_run=False, commit=False)


def _keep_true(repo: Repo, work: Plan, checked: prune.Pruned, result: Result, *,
               dry_run: bool, commit: bool) -> Result:
    """No new knowledge, but items went stale, lost their commits or followed a rename:
    store that (``Through:`` stays where it was)."""
    if not checked.changed or checked.memory is None or work.memory is None:
        return result
    if dry_run:
        result.notes += [f"would be {line}" for line in checked.lines()]
        return result
    new = checked.memory.copy()
    new.updated = state.now_iso()
    result.status = "success"
    result.removed = len(checked.dropped)
    result.updated = checked.followed + checked.remapped
    if "checked against" not in result.message:
        result.message = f"{result.message}; memory checked against the branch"
    result.notes += checked.lines()
    save(repo, work.location, work.text, new, result=result, commit=commit)
    return result


def save(repo: Repo, loc: location.Location, original: str | None, new: Memory, *,
         result: Result, commit: bool) -> None:
    """Persist ``new`` (a memory commit when asked or when the branch is not checked
    out) and refresh the agent files where the branch is checked out."""
    from gitmemory.errors import GitmemoryError
    from gitmemory.outputs import sync

    result.commit_sha = write.write(repo, loc, original, new, summary=result.line(),
                                    commit=commit)
    if not loc.worktree:
        return
    try:
        outcomes = sync.sync(git.repo_info(loc.worktree), repo.cfg, loc.branch)
    except GitmemoryError as exc:
        result.notes.append(f"agent files not refreshed: {exc.one_line()}")
        return
    result.notes += [outcome.message for outcome in outcomes if outcome.message]


def _extract(provider: Provider, request: ExtractRequest, min_confidence: float
             ) -> list[Extraction]:
    """Provider extractions (confident ones) plus explicit trailers, made safe to store."""
    raw = [e for e in provider.extract(request) if e.confidence >= min_confidence]
    raw += trailer_extractions(request.commits)
    shas = [c.sha for c in request.commits]
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
    """The memory to store: items redacted, neutralised, capped; prose kept."""
    sections: dict[str, list[Item]] = {}
    for sid in SECTION_IDS:
        items = [Item(neutralize(redact(i.text)[0]), i.refs, i.paths)
                 for i in evolution.sections.get(sid, [])]
        sections[sid] = [i for i in items if i.text][-cap:] if cap else []
    memory = Memory(branch, sections, updated=state.now_iso(), through=through,
                    notes=old.notes if old else None, extra=old.extra if old else None)
    return write.clean(memory)


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


def _keys(sections: dict[str, list[Item]]) -> set[tuple[str, str]]:
    return {(sid, normal_key(i.text)) for sid, items in sections.items() for i in items}


def preview(provider: Provider, request: ExtractRequest) -> str:
    """Exactly what the extraction call would send (docs/design.md, "Data flow")."""
    if isinstance(provider, LLMProvider):
        from gitmemory.providers.prompts import EXTRACT_SYSTEM, extraction_prompt

        return (f"--- {provider.name}: system prompt ---\n{EXTRACT_SYSTEM}\n"
                f"--- {provider.name}: prompt ---\n{extraction_prompt(request)}")
    return (f"--- {provider.name}: nothing leaves this machine; the extractor reads ---\n"
            f"{request.context}")


def deadline_in(seconds: float) -> float:
    return time.monotonic() + seconds
