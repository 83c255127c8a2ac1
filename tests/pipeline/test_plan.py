"""What a memorize run reads (pipeline/plan.py): where its commits start, how many one run
takes and how many wait, where the next run starts, and the count status and list show."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.memory import previews, read
from gitmemory.memory.markdown import Item, Memory, generate
from gitmemory.pipeline.plan import pending_count, plan
from gitmemory.repo import Repo
from testing.gitrepo import commit_file, git, memory_text


def _commits(repo: Path, count: int, prefix: str = "m") -> list[str]:
    return [commit_file(repo, f"{prefix}{n}.py", f"X = {n}\n", f"feat: {prefix}{n}")
            for n in range(count)]


def _memory_through(repo: Path, through: str, branch: str = "main") -> None:
    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{branch}.md").write_text(memory_text(branch, conventions=("Kept",),
                                                        through=through))


def _repo(repo: Path, **overrides: object) -> Repo:
    return Repo.open(str(repo), overrides=overrides or None)


def test_a_branch_without_memory_reads_its_recent_history_only(repo: Path) -> None:
    shas = _commits(repo, 6)
    work = plan(_repo(repo, history_window=4), "main")
    assert [c.sha for c in work.commits] == shas[-4:]
    assert work.remaining == 0  # older history is never read
    assert work.reason == "no memory yet: the last 4 first-parent commits"
    assert len(plan(_repo(repo), "main").commits) == 7  # shorter than the window: all of it
    assert plan(_repo(repo, history_window=0), "main").commits == []
    assert work.memory is None and work.text is None
    assert work.tip == shas[-1]
    assert work.through(4) == shas[-1]


def test_a_backlog_after_through_is_read_oldest_first_in_batches(repo: Path) -> None:
    start = _commits(repo, 1, "a")[0]
    _memory_through(repo, start)
    shas = _commits(repo, 7)
    work = plan(_repo(repo, max_commits_per_memorize=3), "main")
    assert [c.sha for c in work.commits] == shas[:3]
    assert work.remaining == 4
    assert work.through(3) == shas[2]  # not the tip: commits are left over
    assert work.through(2) == shas[1]
    assert work.memory is not None and work.memory.through == start
    assert pending_count(_repo(repo, max_commits_per_memorize=3), "main",
                         read.in_work_tree(str(repo), "main")) == 7


def test_the_last_batch_ends_at_the_tip(repo: Path) -> None:
    start = _commits(repo, 1, "a")[0]
    _memory_through(repo, start)
    git(repo, "checkout", "-q", "-b", "side")
    side = _commits(repo, 1, "s")[0]
    git(repo, "checkout", "-q", "main")
    _commits(repo, 1, "m")
    git(repo, "merge", "-q", "--no-edit", "--no-ff", "side")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    work = plan(_repo(repo), "main")
    assert side in [c.sha for c in work.commits]
    assert work.remaining == 0
    # the tip, not the newest commit read: after a merge that one is not a descendant of all
    assert work.through(len(work.commits)) == tip


def test_since_reads_after_the_given_commit_and_rejects_what_is_not_one(repo: Path) -> None:
    shas = _commits(repo, 5)
    work = plan(_repo(repo), "main", since=shas[1])
    assert [c.sha for c in work.commits] == shas[2:]
    assert work.reason == f"--since {shas[1]}"
    with pytest.raises(GitmemoryError, match="--since 'no-such-rev' is not a commit"):
        plan(_repo(repo), "main", since="no-such-rev")


def test_a_branch_in_the_middle_of_a_merge_is_not_read(repo: Path) -> None:
    commit_file(repo, "clash.txt", "base\n", "base")
    git(repo, "checkout", "-q", "-b", "other")
    commit_file(repo, "clash.txt", "theirs\n", "theirs")
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "clash.txt", "ours\n", "ours")
    assert git(repo, "merge", "-q", "other", check=False).returncode != 0
    work = plan(_repo(repo), "main")
    assert work.reason == "a merge is under way on main"
    assert work.commits == [] and work.memory is None


def test_a_run_starts_from_the_bookkeeping_an_earlier_run_kept_back(repo: Path) -> None:
    """A run that changed no item keeps its new Through: locally; the next one starts
    there while the memory file is as that run found it, and from the file once it moved."""
    first = _commits(repo, 1, "a")[0]
    _memory_through(repo, first)
    later = _commits(repo, 3)
    found = read.in_work_tree(str(repo), "main")
    assert found is not None
    carried = Memory("main", {"conventions": [Item("Kept")]}, through=later[1])
    state_dir = _repo(repo).info.state_dir
    previews.carry(state_dir, "main", generate(carried), found.text)
    work = plan(_repo(repo), "main")
    assert [c.sha for c in work.commits] == later[2:]
    assert work.text == found.text  # the file as read, for the writer's check
    _memory_through(repo, later[0])  # someone changed the file since
    assert [c.sha for c in plan(_repo(repo), "main").commits] == later[1:]


def test_pending_count_agrees_with_what_runs_read(repo: Path) -> None:
    _commits(repo, 4)
    found = None
    assert pending_count(_repo(repo, history_window=2), "main", found) == 2
    assert pending_count(_repo(repo, max_commits_per_memorize=2), "main", found) == 5
    _memory_through(repo, git(repo, "rev-parse", "HEAD~3").stdout.strip())
    found = read.in_work_tree(str(repo), "main")
    assert pending_count(_repo(repo, max_commits_per_memorize=2), "main", found) == 3
