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
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline.knowledge import assemble, count_changes, evolve
from gitmemory.pipeline.plan import Result
from gitmemory.pipeline.store import save
from gitmemory.providers.base import Provider
from gitmemory.providers.requests import EvolveRequest
from gitmemory.repo import Repo


def _read(repo: Repo, branch: str) -> tuple[location.Location, str | None,
                                            Memory | None]:
    loc, found = read.find(repo.toplevel, branch)
    return loc, (found.text if found else None), (found.memory if found else None)


def source_memory(repo: Repo, branch: str, target: str) -> Memory:
    """``branch``'s memory: from the branch, or (once it is merged and deleted) from the
    copy of its file that the merge brought into ``target``."""
    if git.ref_exists(git.HEADS + branch, repo.toplevel):
        memory = _read(repo, branch)[2]
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
    found = [Extraction(sid, item.text, 1.0, item.refs, item.paths)
             for sid, items in source.sections.items() for item in items]
    loc, text, existing = _read(repo, target)
    result = Result(target, "skipped", rel_path=loc.rel_path)
    if not found:
        result.message = f"{branch} has no items to promote"
        return result
    cap = repo.cfg.max_items_per_section
    evolution = evolve(provider, existing, EvolveRequest(target, existing or Memory(target),
                                                         found, deadline, cap), result)
    new = assemble(target, existing, evolution, existing.through if existing else None, cap)
    count_changes(result, existing, new, evolution)
    result.status = "success"
    result.message = f"from {branch}"
    save(repo, loc, text, new, result=result, commit=True)
    return result


def consolidate(repo: Repo, branch: str, provider: Provider,
                deadline: float | None = None) -> Result:
    """Re-evolve ``branch``'s memory on its own: merge and de-duplicate (weekly)."""
    loc, text, existing = _read(repo, branch)
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
