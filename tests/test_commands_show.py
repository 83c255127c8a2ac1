"""``gitmemory show``, ``list`` and ``clear`` for branches that are not checked out.

Their memory lives in their own tip (pre-push, ``memorize BRANCH`` and
maintenance make memory commits there), not in the current work tree.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git, gitmemory, set_up


@pytest.fixture
def other_branch(repo: Path) -> Path:
    """``main`` checked out; ``topic`` has a memory commit in its own tip."""
    set_up(repo, provider="offline")
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "retry.py", "def retry():\n    pass\n",
                "feat: retry\n\nMemory-Convention: Retries back off exponentially")
    git(repo, "checkout", "-q", "main")
    assert "committed on topic" in gitmemory(repo, "memorize", "topic").stdout
    return repo


def test_show_reads_the_branch_tip(other_branch: Path) -> None:
    done = gitmemory(other_branch, "show", "topic")
    assert "Retries back off exponentially" in done.stdout
    shown = json.loads(gitmemory(other_branch, "show", "topic", "--json").stdout)
    assert shown["branch"] == "topic"
    assert shown["path"] == "topic:.gitmemory/branches/topic.md"


def test_list_includes_branches_with_memory_in_their_tip(other_branch: Path) -> None:
    rows = json.loads(gitmemory(other_branch, "list", "--json").stdout)
    topic = [row for row in rows if row["branch"] == "topic"]
    assert topic and topic[0]["items"]["conventions"] == 1
    assert topic[0]["pending"] == 0


def test_clear_of_a_branch_not_checked_out_says_how(other_branch: Path) -> None:
    done = gitmemory(other_branch, "clear", "topic", check=False)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert "git checkout topic" in lines[0]
    assert "Retries" in git(other_branch, "show", "topic:.gitmemory/branches/topic.md").stdout


def test_clear_of_a_branch_checked_out_in_another_worktree(other_branch: Path,
                                                         tmp_path: Path) -> None:
    linked = tmp_path / "linked"
    git(other_branch, "worktree", "add", "-q", str(linked), "topic")
    done = gitmemory(other_branch, "clear", "topic")
    assert "removed" in done.stdout
    assert not (linked / ".gitmemory" / "branches" / "topic.md").exists()
