"""Hooks act only in repositories that chose gitmemory.

``core.hooksPath`` set globally shares one hooks directory between every
repository of a user: ``gitmemory install`` in one of them puts gitmemory's
shims in front of all the others.  Those must not get memory commits, blocked
pushes or a generated CLAUDE.md.  A repository has chosen gitmemory when its
work tree has ``.gitmemory/config.toml`` (the team's choice, tracked) or its
clone registered the merge driver (``init``/``install``, this clone's choice).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git, gitmemory, set_up

WORK = "feat: retry module\n\nMemory-Convention: Retry loops always back off exponentially"


@pytest.fixture
def shared_hooks(tmp_path: Path, git_env: dict[str, str]) -> Path:
    """A global core.hooksPath with gitmemory installed there from repository ``a``."""
    hooks = tmp_path / "shared-hooks"
    hooks.mkdir()
    git(tmp_path, "config", "--global", "core.hooksPath", str(hooks))
    a = tmp_path / "a"
    git(tmp_path, "init", "-q", "-b", "main", str(a))
    commit_file(a, "a.txt", "a\n", "init")
    gitmemory(a, "init")
    assert (hooks / "pre-push").exists()
    return hooks


def _with_remote(tmp_path: Path, name: str) -> Path:
    remote = tmp_path / f"{name}-remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    repo = tmp_path / name
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    git(repo, "remote", "add", "origin", str(remote))
    return repo


def test_a_repository_that_never_chose_gitmemory_is_left_alone(shared_hooks: Path,
                                                                tmp_path: Path) -> None:
    b = _with_remote(tmp_path, "b")
    commit_file(b, "f.py", "x = 1\n", "init")
    git(b, "push", "-q", "origin", "main")
    commit_file(b, "retry.py", "def retry():\n    pass\n", WORK)
    git(b, "checkout", "-q", "-b", "topic")
    done = git(b, "push", "origin", "main", check=False)
    assert done.returncode == 0, done.stderr
    assert "gitmemory" not in done.stderr
    assert git(b, "log", "-1", "--format=%s", "main").stdout.strip() == "feat: retry module"
    assert not (b / ".gitmemory").exists() and not (b / "CLAUDE.md").exists()
    assert not (b / ".git" / "gitmemory").exists()


def test_a_team_config_in_the_work_tree_is_enough(shared_hooks: Path, tmp_path: Path) -> None:
    c = _with_remote(tmp_path, "c")
    commit_file(c, ".gitmemory/config.toml", 'provider = "offline"\n', "Set up gitmemory")
    git(c, "push", "-q", "origin", "main")
    commit_file(c, "retry.py", "def retry():\n    pass\n", WORK)
    done = git(c, "push", "origin", "main", check=False)
    assert "memory for main committed as" in done.stderr


def test_a_clone_that_registered_the_driver_acts_on_old_branches(repo: Path) -> None:
    """A branch from before the team set gitmemory up has no config file; the clone
    ran init, so CLAUDE.md still follows the checkout."""
    git(repo, "branch", "old")
    set_up(repo)
    assert (repo / "CLAUDE.md").exists()
    git(repo, "checkout", "-q", "old")
    assert not (repo / ".gitmemory" / "config.toml").exists()
    assert not (repo / "CLAUDE.md").exists()  # no base file on old: nothing to generate
