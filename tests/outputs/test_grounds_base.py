"""Where a branch left the default branch, the commit whose files are evidence
(``grounds._left``): read from the ref files, one ``git merge-base`` in all."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import git as door
from gitmemory.outputs import grounds
from testing.gitrepo import commit_file, git


def _by_git(repo: Path, tip: str, default: str) -> str:
    return git(repo, "merge-base", tip, default).stdout.strip()


@pytest.mark.parametrize("packed", [False, True])
def test_the_branch_left_is_read_from_the_ref_files_with_one_process(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, packed: bool) -> None:
    """origin's HEAD names the default branch, main is only origin's (packed after a
    gc or loose): the answer git gives, and no process but the merge-base."""
    remote = tmp_path / "remote.git"
    git(tmp_path, "clone", "-q", "--bare", str(repo), str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "fetch", "-q", "origin")
    git(repo, "remote", "set-head", "origin", "main")
    fork = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "-b", "feature")
    tip = commit_file(repo, "f.txt", "f\n", "feature work")
    git(repo, "branch", "-D", "main")  # the default branch is origin's alone
    if packed:
        git(repo, "pack-refs", "--all")
    asked: list[list[str]] = []
    real = door._execute
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    assert grounds._left(str(repo), tip) == fork == _by_git(repo, tip, "origin/main")
    assert [argv[3] for argv in asked] == ["merge-base"]


def test_without_a_default_branch_the_tip_is_its_own_evidence(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    tip = commit_file(repo, "f.txt", "f\n", "feature work")
    git(repo, "branch", "-m", "main", "trunk")
    assert grounds._left(str(repo), tip) == tip
