"""The pre-push secret scan of memory files (secret_scan.py), through real ``git push``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git, memory_text
from testing.pushes import offline_remote

TOKEN = "ghp_" + "Zq7RkW2mXv9LpT4sHj6N" + "cB3yFd8GeA1uKo5iPw0x"
MEMORY = ".gitmemory/branches/main.md"


@pytest.fixture
def remote_repo(repo: Path, tmp_path: Path) -> Path:
    return offline_remote(repo, tmp_path)


def _memory_with(repo: Path, *conventions: str) -> None:
    (repo / MEMORY).write_text(memory_text("main", conventions=conventions))


def test_a_secret_in_a_pushed_memory_file_stops_the_push(remote_repo: Path) -> None:
    _memory_with(remote_repo, f"Deploy with token {TOKEN}")
    commit_file(remote_repo, MEMORY, (remote_repo / MEMORY).read_text(), "docs: deploy note")
    done = git(remote_repo, "push", "origin", "main", check=False)
    assert done.returncode != 0
    assert f"possible secret in {MEMORY} line" in done.stderr
    assert TOKEN not in done.stderr + done.stdout


def test_a_secret_removed_by_a_later_commit_still_stops_the_push(remote_repo: Path) -> None:
    """'remove it, commit, and push again' would send the secret in the history."""
    _memory_with(remote_repo, f"Deploy with token {TOKEN}")
    commit_file(remote_repo, MEMORY, (remote_repo / MEMORY).read_text(), "docs: deploy note")
    _memory_with(remote_repo, "Deploy with the vault token")
    commit_file(remote_repo, MEMORY, (remote_repo / MEMORY).read_text(), "docs: no token")
    done = git(remote_repo, "push", "origin", "main", check=False)
    assert done.returncode != 0
    assert f"possible secret in {MEMORY}" in done.stderr
    assert "rebase" in done.stderr
    assert TOKEN not in done.stderr + done.stdout


@pytest.mark.slow
def test_history_the_remote_already_has_is_not_scanned_again(remote_repo: Path) -> None:
    _memory_with(remote_repo, f"Deploy with token {TOKEN}")
    commit_file(remote_repo, MEMORY, (remote_repo / MEMORY).read_text(), "docs: deploy note")
    git(remote_repo, "push", "-q", "origin", "main",
        env=dict(os.environ, GITMEMORY_DISABLE="1"))
    _memory_with(remote_repo, "Deploy with the vault token")
    commit_file(remote_repo, MEMORY, (remote_repo / MEMORY).read_text(), "docs: no token")
    done = git(remote_repo, "push", "origin", "main", check=False)
    assert done.returncode == 0, done.stderr
