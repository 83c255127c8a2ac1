"""Memory that moves between branches or is tidied up: promote and consolidate.

See docs/design.md, "Team sharing" and "Maintenance".

Both go through the provider's evolve step and fall back to the
deterministic merge, then write like memorize does: the work tree where the
target is checked out, otherwise a memory commit on it.
"""

from __future__ import annotations

from gitmemory import git, state
from gitmemory.errors import GitmemoryError
from gitmemory.memory import location, markdown, read
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.combine import deterministic_merge
from gitmemory.memory.layers import hidden, key
from gitmemory.memory.markdown import SECTION_IDS, Item, Memory
from gitmemory.memory.similar import normal_key
from gitmemory.pipeline.evolve import EvolveRequest, evolve
from gitmemory.pipeline.knowledge import assemble, count_changes
from gitmemory.pipeline.plan import Result
from gitmemory.pipeline.prune import follow_renames
from gitmemory.pipeline.store import save
from gitmemory.providers.base import Provider
from gitmemory.repo import Repo


def _memory_of(repo: Repo, branch: str) -> tuple[location.Location, str | None,
                                            Memory | None]:
    loc, found = read.find(repo.toplevel, branch)
    return loc, (found.text if found else None), (found.memory if found else None)


def source_memory(repo: Repo, branch: str, target: str) -> Memory:
    """``branch``'s memory: from the branch, or (once it is merged and deleted) from the
    copy of its file that the merge brought into ``target``; items whose files were
    renamed since it was written follow them, as ``target``'s tip has them."""
    memory = _merged_memory(repo, branch, target)
    tip = git.rev_parse(git.HEADS + target, repo.toplevel)
    return follow_renames(repo, memory, tip)[0] if tip else memory


def _merged_memory(repo: Repo, branch: str, target: str) -> Memory:
    if git.ref_exists(git.HEADS + branch, repo.toplevel):
        memory = _memory_of(repo, branch)[2]
        if memory is not None:
            return memory
    loc = location.locate(repo.toplevel, target)
    found = read.in_work_tree(loc.worktree, branch) if loc.worktree else \
        read.in_tree(repo.toplevel, git.HEADS + target, branch)
    if found is None:
        raise GitmemoryError(f"no memory for branch {branch!r}",
                             hint="gitmemory list shows which branches have memory")
    return found.memory


def promote(repo: Repo, branch: str, target: str, provider: Provider,
            deadline: float | None = None) -> Result:
    """Fold ``branch``'s memory into ``target``'s (typically the default branch)."""
    if branch == target:
        raise GitmemoryError("a branch cannot be promoted into itself",
                             hint="name the target with --into")
    source = source_memory(repo, branch, target)
    loc, text, existing = _memory_of(repo, target)
    new, result = fold(target, existing, source, provider,
                       cap=repo.cfg.max_items_per_section, deadline=deadline)
    result.rel_path = loc.rel_path
    if new is None:
        result.message = f"{branch} has no items to promote"
        return result
    result.message = f"from {branch}"
    save(repo, loc, text, new, result=result, commit=True)
    return result


def fold(target: str, existing: Memory | None, source: Memory, provider: Provider, *,
         cap: int, deadline: float | None = None) -> tuple[Memory | None, Result]:
    """``target``'s memory with a merged branch's own memory folded in: memory in, memory
    out, nothing read or written (docs/design.md, "Layers of memory").

    ``source`` holds what the branch learned; the items of ``existing`` that its
    ``## Not Inherited`` section names (it replaced or removed them) go first, then
    its items are merged in through the provider's evolve step (the deterministic
    merge when that fails).  None, and a skipped result, when the branch brings
    nothing.
    """
    result = Result(target, "skipped")
    found = [Extraction(sid, item.text, 1.0, item.refs, item.paths)
             for sid, items in source.sections.items() for item in items]
    base, dropped = _without(existing, hidden(source))
    if not found and not dropped:
        return None, result
    evolution = evolve(provider, base, EvolveRequest(target, base or Memory(target), found,
                                                     deadline, cap), result) if found else \
        deterministic_merge(base or Memory(target), [], cap)  # removals only: nothing to ask
    new = assemble(target, base, evolution, existing.through if existing else None, cap)
    _keep_keys(new, source)
    count_changes(result, existing, new, evolution)
    result.status = "success"
    return new, result


def _keep_keys(new: Memory, source: Memory) -> None:
    """The suffix keys of ``source``'s items (a newer version's) stay on the items they
    were written on: an item goes to evolve as text, refs and paths only."""
    keys = {normal_key(i.text): i.extra for items in source.sections.values() for i in items
            if i.extra}
    if not keys:
        return
    for sid in SECTION_IDS:
        new.sections[sid] = [i if i.extra else Item(i.text, i.refs, i.paths,
                                                     keys.get(normal_key(i.text), ()))
                             for i in new.sections[sid]]


def _without(memory: Memory | None, texts: list[str]) -> tuple[Memory | None, int]:
    """``memory`` less the items ``texts`` name, and how many went."""
    gone = {key(text) for text in texts}
    if memory is None or not gone:
        return memory, 0
    out = memory.copy()
    for sid in SECTION_IDS:
        out.sections[sid] = [i for i in out.sections[sid] if key(i.text) not in gone]
    return out, memory.item_count() - out.item_count()


def consolidate(repo: Repo, branch: str, provider: Provider,
                deadline: float | None = None) -> Result:
    """Re-evolve ``branch``'s memory on its own: merge and de-duplicate (weekly)."""
    loc, text, existing = _memory_of(repo, branch)
    result = Result(branch, "skipped", rel_path=loc.rel_path)
    if existing is None or existing.item_count() == 0:
        result.message = "no memory"
        return result
    cap = repo.cfg.max_items_per_section
    evolution = evolve(provider, existing, EvolveRequest(branch, existing, [], deadline, cap),
                       result)
    new = assemble(branch, existing, evolution, existing.through, cap)
    new.updated = existing.updated
    if markdown.generate(new) == text:
        result.message = "already tidy"
        return result
    new.updated = state.now_iso()
    count_changes(result, existing, new, evolution)
    result.status = "success"
    save(repo, loc, text, new, result=result, commit=True)
    return result
