"""The offline provider: knowledge from commit messages, paths and manifests, no model.

What a user without an API key gets first.  Deterministic: the same commits
give the same items, in the same order.  ``Memory-*`` trailers are left to
the pipeline (:func:`gitmemory.offline.trailers.trailer_extractions`), so they are
not reported twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.memory.combine import deterministic_merge, merge_refs
from gitmemory.memory.similar import dedupe_key
from gitmemory.offline.habits import habit_extractions
from gitmemory.offline.identity import same_item
from gitmemory.offline.layout import layout_extractions
from gitmemory.offline.manifests import dependency_extractions
from gitmemory.offline.phrasing import safe_lead
from gitmemory.offline.rules import message_extractions
from gitmemory.offline.trailers import trailer_extractions
from gitmemory.providers.base import Provider
from gitmemory.providers.requests import EvolveRequest, ExtractRequest


class OfflineProvider(Provider):
    name = "offline"

    def extract(self, request: ExtractRequest) -> list[Extraction]:
        return extract_commits(request.commits)

    def evolve(self, request: EvolveRequest) -> Evolution:
        return deterministic_merge(request.existing, request.new, request.max_items_per_section,
                                   same_item)


def extract_commits(commits: list[Commit]) -> list[Extraction]:
    """Every item the rules find in ``commits`` (oldest first), duplicates merged."""
    found: list[Extraction] = []
    for commit in commits:
        found += message_extractions(commit)
    found += habit_extractions(commits)
    found += layout_extractions(commits)
    found += dependency_extractions(commits)
    stated = {(e.section, dedupe_key(e.content)) for e in trailer_extractions(commits)}
    return _merge_duplicates(replace(e, content=safe_lead(e.content)) for e in found
                             if (e.section, dedupe_key(e.content)) not in stated)


REPEAT_BONUS = 0.08  # the same item from another commit: more evidence
MAX_REPEAT_CONFIDENCE = 0.9


def _merge_duplicates(found: Iterable[Extraction]) -> list[Extraction]:
    """One extraction per (section, content); a repeat from another commit merges its refs
    and raises the confidence a little."""
    merged: dict[tuple[str, str], Extraction] = {}
    for extraction in found:
        key = (extraction.section, dedupe_key(extraction.content))
        prior = merged.get(key)
        if prior is None:
            merged[key] = extraction
        else:
            refs = merge_refs(prior.refs, extraction.refs)
            confidence = max(prior.confidence, extraction.confidence)
            if len(refs) > len(prior.refs):
                confidence = min(max(confidence, prior.confidence + REPEAT_BONUS),
                                 max(MAX_REPEAT_CONFIDENCE, confidence))
            merged[key] = Extraction(prior.section, prior.content, round(confidence, 2), refs,
                                     prior.paths)
    return list(merged.values())
