"""The pre-push secret scan: ``git push`` with the native hook, offline provider."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from testing.gitrepo import git, gitmemory, memory_text

TOKEN = "ghp_" + "1234567890abcdefghijABCDEFGHIJ123456"
MEMORY = Path(".gitmemory") / "branches" / "feature.md"


@pytest.fixture
def feature(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Native hooks, offline provider, a bare remote with main, branch feature checked out."""
    monkeypatch.setenv("GITMEMORY_PROVIDER", "offline")
    gitmemory(repo, "init")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Set up gitmemory")
    git(tmp_path, "init", "-q", "--bare", str(tmp_path / "remote.git"))
    git(repo, "remote", "add", "origin", str(tmp_path / "remote.git"))
    git(repo, "push", "-q", "origin", "main", env=dict(os.environ, GITMEMORY_DISABLE="1"))
    git(repo, "checkout", "-q", "-b", "feature")
    return repo


def _commit_memory(repo: Path, *facts: str) -> None:
    (repo / MEMORY).parent.mkdir(parents=True, exist_ok=True)
    (repo / MEMORY).write_text(memory_text("feature", facts=facts))
    git(repo, "add", str(MEMORY))
    git(repo, "commit", "-q", "-m", "memory by hand")


def test_a_secret_in_the_pushed_memory_stops_the_push(feature: Path) -> None:
    _commit_memory(feature, f"The CI token is {TOKEN}")
    done = git(feature, "push", "origin", "feature", check=False)
    assert done.returncode != 0
    assert "possible secret in .gitmemory/branches/feature.md line" in done.stderr
    assert "(github-token): push stopped" in done.stderr
    assert "git commit --amend" in done.stderr
    assert TOKEN not in done.stderr + done.stdout
    assert git(feature, "ls-remote", "origin", "refs/heads/feature").stdout == ""


def test_a_secret_removed_by_a_later_commit_still_stops_the_push(feature: Path) -> None:
    _commit_memory(feature, f"The CI token is {TOKEN}")
    added = git(feature, "rev-parse", "--short=10", "HEAD").stdout.strip()
    _commit_memory(feature, "The CI token lives in the CI settings")
    done = git(feature, "push", "origin", "feature", check=False)
    assert done.returncode != 0
    assert f".gitmemory/branches/feature.md (commit {added}) line" in done.stderr
    assert "CLAUDE.md" not in done.stderr  # the work tree is clean now
    git(feature, "reset", "-q", "--hard", "HEAD~2")
    _commit_memory(feature, "The CI token lives in the CI settings")
    assert git(feature, "push", "origin", "feature", check=False).returncode == 0


def test_history_already_on_the_remote_is_not_scanned_again(feature: Path) -> None:
    _commit_memory(feature, f"The CI token is {TOKEN}")
    git(feature, "push", "-q", "origin", "feature", env=dict(os.environ, GITMEMORY_DISABLE="1"))
    _commit_memory(feature, "The CI token lives in the CI settings")
    done = git(feature, "push", "origin", "feature", check=False)
    assert done.returncode == 0, done.stderr
