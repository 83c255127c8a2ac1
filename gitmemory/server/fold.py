"""Folding a merged branch's memory into the default branch's: memory in, memory out.

This is ``promote``'s logic (:mod:`gitmemory.maintenance.promote`): the
branch's items go to the provider's evolve step with the target's memory
(the deterministic merge when the provider cannot), so near-duplicates fold
together and refs and paths are kept.  Unlike ``promote`` it writes nothing:
the sync job decides where the result goes.  It is the one place the job
reaches promote's logic, so that logic can move without the job changing.
"""

from __future__ import annotations

from gitmemory.memory.candidates import Extraction
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline.knowledge import assemble, count_changes, evolve
from gitmemory.pipeline.plan import Result
from gitmemory.providers.base import Provider
from gitmemory.providers.requests import EvolveRequest


def own_items(source: Memory) -> list[Extraction]:
    """The items ``source`` brings, as evolve takes them."""
    return [Extraction(sid, item.text, 1.0, item.refs, item.paths)
            for sid, items in source.sections.items() for item in items]


def fold(target: str, existing: Memory | None, source: Memory, provider: Provider, *,
         cap: int, deadline: float | None = None) -> tuple[Memory | None, Result]:
    """``existing`` (the memory of branch ``target``) with ``source``'s items folded in,
    and the counts; ``existing`` itself when ``source`` has no items."""
    result = Result(target, "skipped")
    found = own_items(source)
    if not found:
        result.message = f"{source.branch} has no items"
        return existing, result
    evolution = evolve(provider, existing, EvolveRequest(target, existing or Memory(target),
                                                         found, deadline, cap), result)
    new = assemble(target, existing, evolution, existing.through if existing else None, cap)
    count_changes(result, existing, new, evolution)
    result.status = "success"
    result.message = f"from {source.branch}"
    return new, result
