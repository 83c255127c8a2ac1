"""From a provider's answer to the memory to store (docs/design.md, "Data flow").

:func:`extract` asks the provider and adds the ``Memory-*`` trailers and the
bootstrap items; :func:`made_safe` redacts, makes one line and checks what came
back; :func:`evolve` merges it into the branch's memory (the provider's
evolution, or the deterministic merge); :func:`assemble` makes the memory to
store, and :func:`count_changes` says what changed.
"""

from __future__ import annotations

from dataclasses import replace

from gitmemory import state
from gitmemory.commits import Commit
from gitmemory.injection.neutralize import stored
from gitmemory.memory import write
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.evidence import carried
from gitmemory.memory.markdown import FORMAT, SECTION_IDS, Item, Memory
from gitmemory.memory.similar import normal_key
from gitmemory.pipeline.plan import Result
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import Provider
from gitmemory.providers.requests import EvolveRequest, ExtractRequest
from gitmemory.reading.trailers import trailer_extractions
from gitmemory.secrets.redact import redact


def extract(provider: Provider, request: ExtractRequest, min_confidence: float,
            stated: list[Commit], boot: list[Extraction]) -> list[Extraction]:
    """The repository's bootstrap items, provider extractions (confident ones) and explicit
    trailers (also those of skipped commits whose trailers count: ``stated``), made safe to
    store."""
    found = [replace(e, paths=None if e.paths is None else _known_paths(e.paths, request.commits))
             for e in provider.extract(request) if e.confidence >= min_confidence] \
        if request.commits else []
    commits = request.commits + stated
    # The bootstrap cites the run's newest commit, sent or not (a typo fix is not): its
    # refs are known, and dropping them made its items look hand-written, never replaced.
    return made_safe([*boot, *found, *trailer_extractions(commits)], commits,
                     known=[ref for e in boot for ref in e.refs])


def made_safe(raw: list[Extraction], commits: list[Commit], known: list[str] | None = None
              ) -> list[Extraction]:
    """Extractions redacted, made one line (as written otherwise), de-duplicated, their
    refs checked (against the commits, and the shas ``known`` besides)."""
    shas = [c.sha for c in commits] + (known or [])
    safe = []
    seen = set()
    for e in raw:
        content = stored(redact(e.content)[0])
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
    unknown = {normal_key(i.text): i.extra for items in existing.sections.values()
               for i in items if i.extra}
    for sid, items in evolution.sections.items():  # a model may drop the paths it was given
        evolution.sections[sid] = [
            Item(i.text, i.refs, i.paths, unknown.get(normal_key(i.text), i.extra))
            for i in carried(items, sources, normal_key)]  # and keys it was never shown
    return evolution


def assemble(branch: str, old: Memory | None, evolution: Evolution, through: str | None,
             cap: int) -> Memory:
    """The memory to store: items redacted and made one line (as written otherwise),
    capped; prose kept, redacted."""
    sections: dict[str, list[Item]] = {}
    for sid in SECTION_IDS:
        items = [i.replace(text=stored(redact(i.text)[0]),
                           paths=tuple(redact(p)[0] for p in i.paths))
                 for i in evolution.sections.get(sid, [])]
        sections[sid] = [i for i in items if i.text][-cap:] if cap else []
    notes = {sid: _without_secrets(lines) for sid, lines in old.notes.items()} if old else None
    extra = [(_without_secrets([head])[0], _without_secrets(body))
             for head, body in old.extra] if old else None
    memory = Memory(branch, sections, updated=state.now_iso(), through=through, notes=notes,
                    extra=extra, fields=old.fields if old else None,
                    format=old.format if old else FORMAT)
    return write.written(memory)


def _without_secrets(lines: list[str]) -> list[str]:
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
    updated = [(c.section, normal_key(stored(redact(c.content)[0])))
               for c in evolution.changes if c.action == "updated"]
    reworded = min(sum(1 for key in updated if key in come), len(gone))
    result.added = len(come) - reworded
    result.removed = len(gone) - reworded
    result.updated = len(updated)
    result.items_changed = bool(come or gone)


def _keys(sections: dict[str, list[Item]]) -> set[tuple[str, str]]:
    return {(sid, normal_key(i.text)) for sid, items in sections.items() for i in items}
