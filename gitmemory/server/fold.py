"""Folding a merged branch's memory into the default branch's: memory in, memory out.

This is ``promote``'s logic, :func:`gitmemory.maintenance.promote.fold`: the
inherited items the branch's ``## Not Inherited`` section names go, then the
branch's items go to the provider's evolve step with the target's memory (the
deterministic merge when the provider cannot), so near-duplicates fold
together and refs and paths are kept.  Like it, this writes nothing: the sync
job decides where the result goes.
"""

from __future__ import annotations

from gitmemory.maintenance import promote
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline.plan import Result
from gitmemory.providers.base import Provider


def fold(target: str, existing: Memory | None, source: Memory, provider: Provider, *,
         cap: int, deadline: float | None = None) -> tuple[Memory | None, Result]:
    """``existing`` (the memory of branch ``target``) with ``source``'s own memory folded
    in, and the counts; ``existing`` itself when ``source`` brings nothing."""
    new, result = promote.fold(target, existing, source.copy(), provider, cap=cap,
                               deadline=deadline)
    if new is None:
        result.message = f"{source.branch} has no items"
        return existing, result
    result.message = f"from {source.branch}"
    return new, result
