"""gitmemory/pipeline/pending.py: where a branch's pending work starts, in every state its
history can be in — no memory yet, Through still in the branch, Through rewritten by an
amend this clone saw, Through gone after a rebase elsewhere — and what a local mark adds."""

from __future__ import annotations

from pathlib import Path

from gitmemory import journal
from gitmemory.pipeline import pending
from gitmemory.repo import Repo
from gitmemory.sources.commits import examined
from testing.gitrepo import commit_file, git


def _feature(repo: Path, n: int = 2) -> list[str]:
    git(repo, "checkout", "-q", "-b", "feature")
    return [commit_file(repo, f"f{i}.py", f"X = {i}\n", f"feat: step {i}") for i in range(n)]


def _state(repo: Path) -> str:
    return str(repo / ".git" / "gitmemory")


def test_without_memory_work_starts_at_the_merge_base_with_the_default_branch(repo: Path
                                                                              ) -> None:
    base = git(repo, "rev-parse", "main").stdout.strip()
    made = _feature(repo)
    rng = pending.start_range(Repo.open(), "feature", None)
    assert (rng.start, rng.reason) == (base, "no memory yet: from the merge-base")
    assert pending.shas(Repo.open(), "feature", rng) == made


def test_the_default_branch_itself_starts_from_the_root(repo: Path) -> None:
    rng = pending.start_range(Repo.open(), "main", None)
    assert rng.start is None
    assert len(pending.shas(Repo.open(), "main", rng)) == 1


def test_work_starts_after_a_through_still_in_the_branch(repo: Path) -> None:
    first, second = _feature(repo)
    rng = pending.start_range(Repo.open(), "feature", first)
    assert (rng.start, rng.reason) == (first, "after Through")
    assert pending.shas(Repo.open(), "feature", rng) == [second]


def test_an_amended_through_is_followed_through_the_journal(repo: Path) -> None:
    _, second = _feature(repo)
    git(repo, "commit", "-q", "--amend", "-m", "feat: step 1, reworded")
    amended = git(repo, "rev-parse", "HEAD").stdout.strip()
    journal.record_rewrites(_state(repo), "amend", [(second, amended)])
    rng = pending.start_range(Repo.open(), "feature", second)
    assert (rng.start, rng.reason) == (amended, "after Through, mapped through a local rewrite")
    assert pending.shas(Repo.open(), "feature", rng) == []


def test_a_through_rebased_elsewhere_skips_the_patches_it_covered(repo: Path) -> None:
    """A teammate rebased and force-pushed: Through is gone and this clone has no record
    of the rewrite; commits with patches memory already covers are not read twice."""
    first, second = _feature(repo)
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "main.txt", "m\n", "main moves on")
    git(repo, "checkout", "-q", "feature")
    git(repo, "rebase", "-q", "main")
    later = commit_file(repo, "f9.py", "X = 9\n", "feat: after the rebase")
    rng = pending.start_range(Repo.open(), "feature", second)
    assert rng.start == git(repo, "rev-parse", "main").stdout.strip()
    assert rng.reason.startswith("Through is no longer in the branch")
    assert len(rng.covered) == 2  # the rebased copies of first and second
    assert pending.shas(Repo.open(), "feature", rng) == [later]
    assert first not in rng.covered  # the new copies are covered, by their new shas


def test_a_newer_examined_mark_moves_the_start(repo: Path) -> None:
    first, second = _feature(repo)
    examined.mark_examined(_state(repo), "feature", second, model=True)
    rng = pending.start_range(Repo.open(), "feature", first, model=True)
    assert rng.start == second
    assert rng.reason == "after Through; later commits already read here"


def test_an_examined_mark_behind_through_or_off_the_branch_is_ignored(repo: Path) -> None:
    first, second = _feature(repo)
    examined.mark_examined(_state(repo), "feature", first, model=True)
    assert pending.start_range(Repo.open(), "feature", second, model=True).start == second
    git(repo, "checkout", "-q", "-b", "elsewhere", "main")
    stray = commit_file(repo, "e.py", "E = 1\n", "elsewhere")
    examined.mark_examined(_state(repo), "feature", stray, model=True)
    assert pending.start_range(Repo.open(), "feature", second, model=True).start == second
    examined.mark_examined(_state(repo), "feature", "f" * 40, model=True)  # gone since
    assert pending.start_range(Repo.open(), "feature", second, model=True).start == second


def test_count_is_none_for_a_branch_that_is_not_local(repo: Path) -> None:
    _feature(repo, 3)
    assert pending.count(Repo.open(), "feature", None) == 3
    assert pending.count(Repo.open(), "origin/feature", None) is None


def test_marked_lists_every_commit_any_mark_names(repo: Path) -> None:
    state_dir = _state(repo)
    examined.mark_examined(state_dir, "a", "1" * 40, "offline")
    examined.mark_examined(state_dir, "b", "2" * 40, "anthropic")
    assert examined.marked(state_dir) == ["1" * 40, "2" * 40]
