"""From what a run's sources found to the memory to store (docs/design.md, "Data flow").

:func:`made_safe` redacts, makes one line and checks what the sources found;
after the evolve step (:mod:`gitmemory.pipeline.evolve`) :func:`assemble` makes
the memory to store, and :func:`count_changes` says what changed.
"""

from __future__ import annotations

from collections.abc import Collection

from gitmemory import state
from gitmemory.injection.neutralize import stored
from gitmemory.memory import write
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.markdown import FORMAT, HISTORY, SECTION_IDS, Item, Memory
from gitmemory.memory.similar import normal_key
from gitmemory.memory.suffix import verified_by
from gitmemory.pipeline.plan import Result
from gitmemory.providers.offline.record import says_why
from gitmemory.secrets.redact import redact


def made_safe(raw: list[Extraction], citable: Collection[str],
              seen: set[tuple[str, str]] | None = None) -> list[Extraction]:
    """Extractions redacted, made one line (as written otherwise), de-duplicated (also
    against ``seen``, which learns them), their refs checked against what their source
    may cite."""
    seen = set() if seen is None else seen
    safe = []
    shas = _Shas(citable)
    for e in raw:
        content = stored(redact(e.content)[0])
        key = (e.section, normal_key(content))
        if content and key not in seen:
            seen.add(key)
            safe.append(Extraction(e.section, content, e.confidence,
                                   known_refs(e.refs, citable, shas), e.paths))
    return safe


def known_refs(refs: tuple[str, ...], citable: Collection[str],
               shas: _Shas | None = None) -> tuple[str, ...]:
    """Refs that name something the source may cite: a commit of the run (as a short sha)
    or a ``kind:id`` ref such as ``session:<id8>`` exactly (a model may invent others)."""
    shas = _Shas(citable) if shas is None else shas
    kept: list[str] = []
    for ref in refs:
        if ":" in ref:
            found = ref if ref in citable else None
        else:
            match = shas.first(ref.lower())
            found = match[:7] if match else None
        if found and found not in kept:
            kept.append(found)
    return tuple(kept)


class _Shas:
    """The shas a source may cite, found by a short sha's first seven characters (every
    item of a run asks; a scan of a thousand shas each time was quadratic)."""

    def __init__(self, citable: Collection[str]) -> None:
        self._all = [c for c in citable if ":" not in c]
        self._by_start: dict[str, str] = {}
        for sha in self._all:
            self._by_start.setdefault(sha[:7], sha)

    def first(self, ref: str) -> str | None:
        """The first sha that starts with ``ref``, as a scan in ``citable``'s order finds it."""
        match = self._by_start.get(ref[:7]) if len(ref) >= 7 else None
        if match is not None and match.startswith(ref):
            return match
        if match is None and len(ref) >= 7:
            return None  # no sha starts with its first seven characters
        return next((sha for sha in self._all if sha.startswith(ref)), None)


def assemble(branch: str, old: Memory | None, evolution: Evolution, through: str | None,
             cap: int, *, history_cap: int | None = None) -> Memory:
    """The memory to store: items redacted and made one line (as written otherwise),
    capped; prose kept, redacted."""
    sections: dict[str, list[Item]] = {}
    for sid in SECTION_IDS:
        items = [i.replace(text=stored(redact(i.text)[0]),
                           paths=tuple(redact(p)[0] for p in i.paths))
                 for i in evolution.sections.get(sid, [])]
        items = [i for i in items if i.text]
        if sid == HISTORY:  # its own cap, where one is given (a fold keeps every line)
            sections[sid] = items if history_cap is None else \
                items[-history_cap:] if history_cap > 0 else []
        else:
            sections[sid] = _capped(items, cap)
    notes = {sid: _without_secrets(lines) for sid, lines in old.notes.items()} if old else None
    extra = [(_without_secrets([head])[0], _without_secrets(body))
             for head, body in old.extra] if old else None
    memory = Memory(branch, sections, updated=state.now_iso(), through=through, notes=notes,
                    extra=extra, fields=old.fields if old else None,
                    format=old.format if old else FORMAT)
    return write.written(memory)


def _capped(items: list[Item], cap: int) -> list[Item]:
    """The newest ``cap`` items, but the repository reading's items pass first: the cap
    drops the other items, oldest first, then a workspace package's commands (the last
    first), then the reading's last ones (its order is its weight: the Tests of the top
    before its license).  vueuse's eleven packages once pushed its Tests out."""
    if len(items) <= cap:
        return items
    if not cap:
        return []
    from gitmemory.sources.repository import read_by_bootstrap, slot

    read = [i for i in items if read_by_bootstrap(i)]
    read = [i for i in read if not _packaged(slot(i.text))] + \
        [i for i in read if _packaged(slot(i.text))]
    others = [i for i in items if not read_by_bootstrap(i)]
    kept = read[:cap] if len(read) >= cap else others[len(others) - (cap - len(read)):] + read
    keep = {id(i) for i in kept}
    return [i for i in items if id(i) in keep]


def _packaged(key: str | None) -> bool:
    """A workspace package's slot (``Commands in `packages/core/```), not the top's."""
    return key is not None and key.startswith("Commands in ")


def _without_secrets(lines: list[str]) -> list[str]:
    """Hand-written prose is kept as written, but not a secret in it: the file is pushed."""
    return redact("\n".join(lines))[0].split("\n") if lines else lines


def count_changes(result: Result, old: Memory | None, new: Memory, evolution: Evolution) -> None:
    """``+added ~updated -removed`` from what the file held before and after.

    An update that rewords an item shows as one text gone and one come: it
    counts once, as updated, not also as an addition and a removal.  An
    update that only adds refs changes no text and is counted as updated.  An item
    an agent session newly verified changes what agents see: updated, and a change.
    The history record's lines are counted apart (``recorded``): one that only names its
    change rides along with the next change, one that says why is a change of its own
    (docs/design.md, "History").
    """
    before = _keys(old.sections if old else {})
    after = _keys(new.sections)
    come, gone = after - before, before - after
    result.recorded = sum(1 for section, _ in come if section == HISTORY)
    taught = any(says_why(i.text) for i in new.sections.get(HISTORY, [])
                 if (HISTORY, normal_key(i.text)) in come)
    come = {key for key in come if key[0] != HISTORY}
    gone = {key for key in gone if key[0] != HISTORY}
    updated = [(c.section, normal_key(stored(redact(c.content)[0])))
               for c in evolution.changes if c.action == "updated"]
    reworded = min(sum(1 for key in updated if key in come), len(gone))
    result.added = len(come) - reworded
    result.removed = len(gone) - reworded
    marked = _marks(new.sections).items() - _marks(old.sections if old else {}).items()
    result.updated = len(updated) + len(marked)
    result.items_changed = bool(come or gone or marked or taught)


def _marks(sections: dict[str, list[Item]]) -> dict[tuple[str, str], str]:
    """The session that verified each verified item."""
    return {(sid, normal_key(i.text)): mark for sid, items in sections.items() for i in items
            if (mark := verified_by(i.extra)) is not None}


def _keys(sections: dict[str, list[Item]]) -> set[tuple[str, str]]:
    return {(sid, normal_key(i.text)) for sid, items in sections.items() for i in items}
