"""Memory that moves between branches or is tidied up: promote and consolidate (SPEC §9, §10).

Both go through the provider's evolve step and fall back to the
deterministic merge, then write like memorize does: the work tree where the
target is checked out, otherwise a memory commit on it.
"""

from __future__ import annotations

from gitmemory import state
from gitmemory.errors import GitmemoryError
from gitmemory.memory import location, markdown
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline.memorize import Result, assemble, count_changes, evolve, save
from gitmemory.providers.answers import Extraction
from gitmemory.providers.base import EvolveRequest, Provider
from gitmemory.repo import Repo


def _read(repo: Repo, branch: str) -> tuple[location.Location, str | None,
                                            Memory | None]:
    loc = location.locate(repo.toplevel, branch)
    text = location.read(repo.toplevel, loc)
    memory = markdown.parse(text) if text else None
    return loc, text, memory if memory is not None and memory.branch == branch else None


def source_memory(repo: Repo, branch: str, target: str) -> Memory:
    """``branch``'s memory: from the branch, or (once it is merged and deleted) from the
    copy of its file that the merge brought into ``target``."""
    from gitmemory import git
    if git.ref_exists(git.HEADS + branch, repo.toplevel):
        memory = _read(repo, branch)[2]
        if memory is not None:
            return memory
    loc = location.locate(repo.toplevel, target)
    found = _file_of(repo, loc, branch)
    if found is None:
        raise GitmemoryError(f"no memory for branch {branch!r}",
                             hint="gitmemory list shows which branches have memory")
    return found


def _file_of(repo: Repo, target: location.Location, branch: str) -> Memory | None:
    """The memory file of ``branch`` in the tree (or work tree) of ``target``."""
    import os

    from gitmemory import files, git
    from gitmemory.memory import filenames
    if target.worktree:
        path = filenames.find(os.path.join(target.worktree, filenames.MEMORY_DIR), branch)
        text = files.read_text(path) if path else None
    else:
        for name in filenames.candidates(branch):
            spec = f"{git.HEADS}{target.branch}:{filenames.MEMORY_DIR}/{name}"
            code, text_or_error = git.run_status(["cat-file", "blob", spec], repo.toplevel)
            text = text_or_error if code == 0 else None
            if text and markdown.read_title(text[:4096]) == branch:
                break
        else:
            text = None
    memory = markdown.parse(text) if text else None
    return memory if memory is not None and memory.branch == branch else None


def promote(repo: Repo, branch: str, target: str, provider: Provider,
            deadline: float | None = None) -> Result:
    """Fold ``branch``'s memory into ``target``'s (typically the default branch)."""
    if branch == target:
        raise GitmemoryError("a branch cannot be promoted into itself",
                             hint="name the target with --into")
    source = source_memory(repo, branch, target)
    found = [Extraction(sid, item.text, 1.0, item.refs)
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
    save(repo, loc, text, new, result=result, commit=False)
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
    save(repo, loc, text, new, result=result, commit=False)
    return result
