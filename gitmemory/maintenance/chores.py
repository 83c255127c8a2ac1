"""Maintenance: memory for new branches, weekly consolidation, monthly check.

See docs/design.md, "Maintenance" and "What runs unasked".  A run nobody asked
for (``unattended``, started by the checkout hook) uses the offline extractor,
keeps what it learns about branches without memory as local previews, skips
consolidation and only reports what the monthly check finds: it never moves a
ref, writes the index or changes a tracked file.  An explicit ``gitmemory
maintain`` writes memory commits, but never on a branch that is checked out or
that a rebase, merge, cherry-pick or bisect is working on.

Each task handles at most ``max_branches_per_run`` branches; the rest are kept
in ``maintenance-log.json`` and come first next time.  A run records when the
next task falls due in a small file the checkout hook reads cheaply.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from gitmemory import files, git
from gitmemory.errors import GitmemoryError
from gitmemory.maintenance import background, schedule
from gitmemory.memory import filenames, location, markdown
from gitmemory.memory.markdown import title_for
from gitmemory.memory.write import written
from gitmemory.pipeline import pending
from gitmemory.pipeline.plan import Result
from gitmemory.providers.base import Provider
from gitmemory.repo import Repo


@dataclass
class Report:
    unattended: bool = False  # nobody asked: local previews and reports only
    lines: list[str] = field(default_factory=list)

    def add(self, line: str) -> None:
        self.lines.append(line)


def tasks_for(flag: str | None, log: dict[str, object], now: datetime) -> list[str]:
    """--weekly, --monthly, --full, or (no flag) whatever is due."""
    if flag == "full":
        return list(schedule.TASKS)
    if flag == "weekly":
        return ["new-branches", "weekly"]
    if flag == "monthly":
        return ["monthly"]
    return schedule.due(log, now)


def run(repo: Repo, provider: Provider, flag: str | None = None,
        now: datetime | None = None, unattended: bool = False) -> Report:
    if unattended and provider.network:
        raise ValueError("unattended maintenance runs the offline extractor only")
    now = now or datetime.now(UTC)
    state_dir = repo.info.state_dir
    report = Report(unattended)
    log = schedule.load(state_dir)
    for task in tasks_for(flag, log, now):
        left = TASKS[task](repo, provider, schedule.deferred(log, task), report)
        schedule.mark(log, task, now, left)
        schedule.save(state_dir, log)
    if not unattended:  # a run nobody asked for changes no tracked file
        check_evidence(repo, report)
        from gitmemory.maintenance import recheck

        report.lines += recheck.run(repo, provider, lambda branch, loc: writable(
            repo, branch, loc) and not left_to_ci(repo, branch))
    background.set_next(state_dir, _next_due(log, now).timestamp())
    if not report.lines:
        report.add("nothing to do")
    return report


def _next_due(log: dict[str, object], now: datetime) -> datetime:
    soonest = now + timedelta(days=1)
    for task, (field_name, interval) in schedule.TASKS.items():
        last = schedule.parse_time(log.get(field_name))
        wait = interval if not schedule.deferred(log, task) else \
            schedule.RESUME_AFTER
        if last is not None:
            soonest = min(soonest, last + wait)
    return max(soonest, now + timedelta(minutes=5))


def _ordered(first: list[str], rest: list[str], cap: int) -> tuple[list[str], list[str]]:
    """Deferred branches first, then the others; (this run's, left for later)."""
    queue = [b for b in first if b in rest] + [b for b in rest if b not in first]
    return queue[:cap], queue[cap:]


def writable(repo: Repo, branch: str, loc: location.Location) -> bool:
    """Whether an explicit run may give ``branch`` a memory commit without surprising anyone.

    Not a branch checked out anywhere (its work tree and index would move under
    the person using it), and not one that matches its upstream: the commit
    would make it diverge.  Local work (no upstream, or commits not pushed yet)
    is fine: the commit travels with the next push.
    """
    if loc.worktree or loc.busy:
        return False
    upstream = git.run(["for-each-ref", "--format=%(upstream)", git.HEADS + branch],
                       repo.toplevel).strip()
    if not upstream or not git.ref_exists(upstream, repo.toplevel):
        return True
    ahead = git.run(["rev-list", "--count", f"{upstream}..{git.HEADS}{branch}"], repo.toplevel)
    return int(ahead.strip() or 0) > 0


def left_to_ci(repo: Repo, branch: str) -> bool:
    """Whether ``branch`` is the default branch and its CI job writes its memory
    (``default_memory = "ci"``, docs/ci.md): maintenance leaves it alone."""
    from gitmemory.memory.read import default_branch

    return repo.cfg.default_memory == "ci" and branch == default_branch(repo.info, repo.cfg)


def new_branches(repo: Repo, provider: Provider, deferred: list[str], report: Report
                 ) -> list[str]:
    """Memory for local branches that have commits of their own but no memory yet.

    Unattended, it becomes a local preview (any branch not busy); asked for, a
    memory commit (branches :func:`writable` allows).  The default branch is left
    out: its memory grows by promote and by hand.
    """
    from gitmemory.memory.read import default_branch

    default = default_branch(repo.info, repo.cfg)
    candidates = []
    skipped = 0
    known = location.Worktrees(repo.toplevel)
    for branch in git.local_branches(repo.toplevel):
        loc = location.locate(repo.toplevel, branch, known)
        if branch == default or loc.exists or loc.busy or not pending.count(repo, branch, None):
            continue
        if report.unattended or writable(repo, branch, loc):
            candidates.append(branch)
        else:
            skipped += 1
    if skipped:
        report.add(f"{skipped} branch(es) left alone: checked out, or matching their upstream "
                   "(run gitmemory memorize on them, or push them)")
    now, later = _ordered(deferred, candidates, repo.cfg.max_branches_per_run)
    from gitmemory.pipeline.memorize import memorize
    from gitmemory.pipeline.mode import BACKGROUND, COMMIT

    _each("memorize", now, lambda branch: memorize(
        repo, branch, provider, BACKGROUND if report.unattended else COMMIT), report)
    if later:
        report.add(f"{len(later)} more branch(es) without memory wait for the next run")
    return later


def consolidate(repo: Repo, provider: Provider, deferred: list[str], report: Report
                ) -> list[str]:
    """Re-evolve existing memories: merge and de-duplicate (asked for only: it rewrites
    tracked memory)."""
    from gitmemory.maintenance.promote import consolidate as fold_consolidate

    if report.unattended:
        return deferred
    with_memory = []
    left = []
    known = location.Worktrees(repo.toplevel)
    for branch in git.local_branches(repo.toplevel):
        loc = location.locate(repo.toplevel, branch, known)
        if not loc.exists or left_to_ci(repo, branch):
            continue
        if writable(repo, branch, loc):
            with_memory.append(branch)
        else:
            left.append(branch)
    if left:
        report.add(f"consolidation left alone: {', '.join(left)} (checked out, busy, or "
                   "matching their upstream: a memory commit would surprise someone)")
    now, later = _ordered(deferred, with_memory, repo.cfg.max_branches_per_run)
    _each("consolidate", now, lambda branch: fold_consolidate(repo, branch, provider), report)
    if later:
        report.add(f"{len(later)} more branch(es) wait for the next consolidation")
    return later


def check_evidence(repo: Repo, report: Report) -> None:
    """Every run: the memory of each local branch checked against its tip (renames
    followed, stale items and items whose commits left the branch removed), at most
    ``max_branches_per_run`` branches; only branches whose memory changes are reported."""
    from gitmemory.pipeline.store import check

    known = location.Worktrees(repo.toplevel)
    branches = []
    for branch in git.local_branches(repo.toplevel):
        loc = location.locate(repo.toplevel, branch, known)
        if loc.exists and not loc.busy and writable(repo, branch, loc) \
                and not left_to_ci(repo, branch):
            branches.append(branch)
    for branch in branches[:repo.cfg.max_branches_per_run]:
        try:
            result = check(repo, branch)
        except GitmemoryError as exc:
            report.add(f"check evidence {branch}: error ({exc.one_line()})")
            continue
        if result.status == "success":
            report.add(f"check evidence {result.line()}")
            report.lines += [f"  {note}" for note in result.notes]


def _each(label: str, branches: list[str], action: Callable[[str], Result],
          report: Report) -> None:
    """Run ``action`` on each branch; one report line each, errors included."""
    for branch in branches:
        try:
            report.add(f"{label} {action(branch).line()}")
        except GitmemoryError as exc:
            report.add(f"{label} {branch}: error ({exc.one_line()})")


def check(repo: Repo, provider: Provider, deferred: list[str], report: Report) -> list[str]:
    """Validate the memory files here and report what is wrong, memory of deleted branches
    included.  Nothing is rewritten: each file is normalised the next time its branch's
    memory is written, in a commit of its own branch."""
    directory = os.path.join(repo.toplevel, filenames.MEMORY_DIR)
    files.check_dirs(repo.toplevel, filenames.MEMORY_DIR)
    known = set(git.local_branches(repo.toplevel)) | _remote_branches(repo.toplevel)
    try:
        names = sorted(os.listdir(directory))
    except FileNotFoundError:
        names = []
    for name in names:
        path = os.path.join(directory, name)
        if not name.endswith(".md") or name.startswith(".") or os.path.islink(path):
            continue
        _check_file(repo, path, known, report)
    return []


def _check_file(repo: Repo, path: str, known: set[str], report: Report) -> None:
    rel = repo.rel(path)
    text = files.read_text(path) or ""
    memory = markdown.parse(text)
    if memory is None:
        report.add(f"check {rel}: not a memory file (no '# Branch Memory:' title); left as is")
        return
    if markdown.generate(written(memory)) != text:
        report.add(f"check {rel}: not in normal form (wrapped lines, duplicates or unsafe "
                   "text); the next memorize of its branch rewrites it")
    if memory.branch not in {title_for(branch) for branch in known}:
        report.add(f"check {rel}: branch {memory.branch!r} no longer exists "
                   f"(gitmemory clear {memory.branch} removes its memory)")


def _remote_branches(repo_dir: str) -> set[str]:
    out = git.run(["for-each-ref", "--format=%(refname)", "refs/remotes/"], repo_dir)
    return {line.split("/", 3)[3] for line in out.split("\n") if line.count("/") >= 3}


TASKS = {"new-branches": new_branches, "weekly": consolidate, "monthly": check}
