"""Where a memorize run's result goes (docs/design.md, "What runs unasked").

A result that changes an item is the branch's memory (a memory commit, the work
tree and index of a checked-out branch following it); bookkeeping alone is
carried locally to the next real change; a background run keeps a local
preview.  :func:`check` is ``maintain``'s check of a branch's memory against
its tip.
"""

from __future__ import annotations

from gitmemory import git, state
from gitmemory.memory import location, markdown, previews, read, write
from gitmemory.memory.markdown import Memory
from gitmemory.pipeline import prune
from gitmemory.pipeline.mode import COMMIT, Mode
from gitmemory.pipeline.plan import Plan, Result
from gitmemory.repo import Repo


def store(repo: Repo, work: Plan, new: Memory, result: Result, *, mode: Mode) -> bool:
    """Keep ``new`` where ``mode`` says it belongs: a local preview (background work),
    carried bookkeeping (no item changed), or the branch's memory (docs/design.md, "What
    runs unasked").  Whether it became the branch's memory (``Through:`` moved)."""
    state_dir, branch = repo.info.state_dir, result.branch
    if mode.preview:
        previews.store(state_dir, branch, markdown.generate(new))
        result.message = "kept as a local preview"
        return False
    if not result.items_changed:
        previews.carry(state_dir, branch, markdown.generate(new), work.text)
        # "~3" counts items that only gained a ref: said so, never "no item changed" beside it
        refs = f"; {result.updated} only gained a ref" if result.updated else ""
        result.message = f"no item's text changed{refs}; the bookkeeping waits for the next change"
        return False
    save(repo, work.location, work.text, new, result=result, commit=mode.commits)
    previews.drop_carried(state_dir, branch)
    previews.discard(state_dir, branch)
    return True


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
    return keep_true(repo, work, checked, result, COMMIT)


def keep_true(repo: Repo, work: Plan, checked: prune.Pruned, result: Result, mode: Mode, *,
              read_up_to: str | None = None) -> Result:
    """No new knowledge, but items went stale, lost their commits or followed their files.
    Items removed, or paths that followed a rename or the code, change what agents see and
    are stored (``Through:`` moves to ``read_up_to``, the commit the run read to and found
    nothing in, or stays where it was); refs that only followed a rewrite are bookkeeping
    and ride along with the next real change.  A run nobody asked for (background) stores
    nothing."""
    if not checked.changed or checked.memory is None or work.memory is None:
        return result
    if not mode.stores:
        result.notes += [f"would be {line}" for line in checked.lines()]
        return result
    if mode.preview:
        return result
    new = checked.memory.copy()
    new.updated = state.now_iso()
    new.through = read_up_to or new.through
    result.notes += checked.lines()
    if not (checked.dropped or checked.followed or checked.relocated):  # only refs moved
        previews.carry(repo.info.state_dir, result.branch, markdown.generate(new), work.text)
        if "checked against" not in result.message:
            result.message = f"{result.message}; the evidence update waits for the next change"
        return result
    result.status = "success"
    result.removed = len(checked.dropped)
    result.updated = checked.followed + checked.relocated + checked.remapped
    result.items_changed = True
    if "checked against" not in result.message:
        result.message = f"{result.message}; memory checked against the branch"
    save(repo, work.location, work.text, new, result=result, commit=mode.commits)
    return result


def save(repo: Repo, loc: location.Location, original: str | None, new: Memory, *,
         result: Result, commit: bool) -> None:
    """Persist ``new`` (a memory commit when asked or when the branch is not checked
    out) and refresh the agent files where the branch is checked out."""
    from gitmemory.errors import GitmemoryError
    from gitmemory.outputs import sync

    written = write.write(repo, loc, original, new, summary=result.line(), commit=commit,
                          relocate=True)
    result.commit_sha = written.sha
    where = written.location
    result.rel_path = where.rel_path
    if not where.worktree:
        return
    try:
        outcomes = sync.sync(git.work_tree_info(where.worktree), repo.cfg, where.branch)
    except GitmemoryError as exc:
        result.notes.append(f"agent files not refreshed: {exc.one_line()}")
        return
    result.notes += [outcome.message for outcome in outcomes if outcome.message]
