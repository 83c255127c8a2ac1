"""INTERIM (replaced by the offline branch): deterministic merge."""

from __future__ import annotations

from gitmemory.commits import Commit
from gitmemory.extraction import Change, Evolution, Extraction
from gitmemory.memory_file import SECTION_IDS, Item, Memory
from gitmemory.store import normal_key

TRAILERS = {"memory-fact": "facts", "memory-decision": "architectural-decisions",
            "memory-convention": "conventions", "memory-bug": "bug-patterns"}


def trailer_extractions(commits: list[Commit]) -> list[Extraction]:
    return [Extraction(TRAILERS[k.lower()], v, 1.0, (c.short,)) for c in commits
            for k, v in c.trailers if k.lower() in TRAILERS and v.strip()]


def group_extractions(new: list[Extraction], min_confidence: float) -> dict[str, list[Item]]:
    sections: dict[str, list[Item]] = {sid: [] for sid in SECTION_IDS}
    for e in new:
        if e.confidence >= min_confidence:
            sections[e.section].append(Item(e.content, e.refs))
    return sections


def deterministic_merge(existing: Memory, new: list[Extraction], max_items_per_section: int
                        ) -> Evolution:
    sections = {sid: list(items) for sid, items in existing.sections.items()}
    changes = []
    for e in new:
        keys = {normal_key(i.text) for i in sections[e.section]}
        if normal_key(e.content) not in keys:
            sections[e.section].append(Item(e.content, e.refs))
            changes.append(Change("added", e.section, e.content))
    for sid in SECTION_IDS:
        sections[sid] = sections[sid][-max_items_per_section:]
    return Evolution(sections, changes)
