"""``git push`` of a branch that a rebase or merge is rewriting, with native hooks.

A memory commit moves the branch ref; a rebase under way on that branch then
cannot finish ("could not update refs/heads/..."), and a merge under way
would conclude on top of it with a stale index.  So no memory is written for
a busy branch: the push goes on and the commits stay pending.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git, gitmemory
from testing.pushes import offline_remote

TRAILER = "\n\nMemory-Convention: Retry loops always back off exponentially\n"


@pytest.fixture
def remote_repo(repo: Path, tmp_path: Path) -> Path:
    return offline_remote(repo, tmp_path)


def _conflicting_rebase(repo: Path) -> str:
    """Start ``git rebase main`` on ``topic`` and stop it on a conflict; topic's tip."""
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "retry.py", "one\n", "feat(retry): add the retry loop" + TRAILER)
    commit_file(repo, "other.py", "x = 1\n", "feat(other): a second change to rebase")
    tip = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "retry.py", "two\n", "chore: main edits the same file")
    git(repo, "checkout", "-q", "topic")
    assert git(repo, "rebase", "main", check=False).returncode != 0
    return tip


def test_push_during_a_rebase_of_that_branch_leaves_the_ref_alone(remote_repo: Path) -> None:
    tip = _conflicting_rebase(remote_repo)
    done = git(remote_repo, "push", "origin", "topic", check=False)
    assert done.returncode == 0, done.stderr
    assert git(remote_repo, "rev-parse", "refs/heads/topic").stdout.strip() == tip
    (remote_repo / "retry.py").write_text("three\n")
    git(remote_repo, "add", "retry.py")
    finished = git(remote_repo, "-c", "core.editor=true", "rebase", "--continue", check=False)
    assert finished.returncode == 0, finished.stderr
    assert git(remote_repo, "symbolic-ref", "HEAD").stdout.strip() == "refs/heads/topic"
    assert git(remote_repo, "merge-base", "--is-ancestor", "main", "topic").returncode == 0


def test_memorize_skips_a_branch_rebased_in_another_worktree(remote_repo: Path,
                                                             tmp_path: Path) -> None:
    git(remote_repo, "checkout", "-q", "-b", "topic")
    commit_file(remote_repo, "retry.py", "one\n", "feat(retry): add the retry loop" + TRAILER)
    git(remote_repo, "checkout", "-q", "main")
    commit_file(remote_repo, "retry.py", "two\n", "chore: main edits the same file")
    other = tmp_path / "other"
    git(remote_repo, "worktree", "add", "-q", str(other), "topic")
    assert git(other, "rebase", "main", check=False).returncode != 0
    tip = git(remote_repo, "rev-parse", "refs/heads/topic").stdout.strip()
    done = gitmemory(remote_repo, "memorize", "topic")
    assert "rebase" in done.stdout
    assert git(remote_repo, "rev-parse", "refs/heads/topic").stdout.strip() == tip


def test_push_during_a_merge_on_that_branch_writes_nothing(remote_repo: Path) -> None:
    git(remote_repo, "checkout", "-q", "-b", "topic")
    commit_file(remote_repo, "retry.py", "one\n", "feat(retry): add the retry loop" + TRAILER)
    git(remote_repo, "checkout", "-q", "main")
    commit_file(remote_repo, "retry.py", "two\n", "chore: main edits the same file")
    git(remote_repo, "checkout", "-q", "topic")
    assert git(remote_repo, "merge", "main", check=False).returncode != 0
    tip = git(remote_repo, "rev-parse", "HEAD").stdout.strip()
    done = git(remote_repo, "push", "origin", "topic", check=False)
    assert done.returncode == 0, done.stderr
    assert git(remote_repo, "rev-parse", "HEAD").stdout.strip() == tip
    assert not (remote_repo / ".gitmemory" / "branches" / "topic.md").exists()
