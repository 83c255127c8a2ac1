"""``gitmemory init --hooks pre-commit``: where it refuses, what it pins, what it stages."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gitmemory import __version__
from gitmemory.setup import precommit
from testing.precommit_repo import git, gitmemory, isolated_env, make_repo


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return isolated_env(tmp_path / "home", tmp_path / "pre-commit-home")


@pytest.fixture
def repo(tmp_path: Path, env: dict[str, str]) -> Path:
    return make_repo(tmp_path / "repo", env)


@pytest.fixture
def in_env(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The isolated environment applied to this process, for in-process calls."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return env


def _error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The one error line (a progress note may come before it)."""
    errors = [line for line in done.stderr.splitlines() if line.startswith("gitmemory: error:")]
    assert len(errors) == 1, done.stderr
    return errors[0]


def test_upstream_is_pinned_to_this_version_by_default() -> None:
    assert precommit.resolve(None, None) == (precommit.UPSTREAM, f"v{__version__}")
    assert precommit.resolve("https://example.org/fork.git", "main") == (
        "https://example.org/fork.git", "main")


def test_a_local_checkout_is_pinned_to_its_commit(tmp_path: Path,
                                                  in_env: dict[str, str]) -> None:
    env = in_env
    checkout = make_repo(tmp_path / "checkout", env)
    (checkout / ".pre-commit-hooks.yaml").write_text("[]\n")
    git(checkout, "add", "-A", env=env)
    git(checkout, "commit", "-q", "-m", "manifest", env=env)
    head = git(checkout, "rev-parse", "HEAD", env=env).stdout.strip()
    assert precommit.resolve(str(checkout), None) == (str(checkout), head)


def test_a_local_path_without_a_manifest_is_refused(tmp_path: Path, repo: Path,
                                                    env: dict[str, str]) -> None:
    other = make_repo(tmp_path / "not-gitmemory", env)
    done = gitmemory(repo, "init", "--hooks", "pre-commit", "--pre-commit-repo", str(other),
                     env=env)
    assert done.returncode != 0
    assert "has no .pre-commit-hooks.yaml" in _error_line(done)
    assert not (repo / ".pre-commit-config.yaml").exists()


def test_core_hooks_path_is_refused_before_anything_is_written(repo: Path,
                                                               env: dict[str, str]) -> None:
    git(repo, "config", "core.hooksPath", ".githooks", env=env)
    done = gitmemory(repo, "init", "--hooks", "pre-commit", env=env)
    assert done.returncode != 0
    assert "core.hooksPath" in _error_line(done)
    assert not (repo / ".pre-commit-config.yaml").exists()


def test_pre_commit_options_need_the_pre_commit_route(repo: Path, env: dict[str, str]) -> None:
    done = gitmemory(repo, "init", "--hooks", "native", "--pre-commit-rev", "v1", env=env)
    assert done.returncode != 0
    assert "go with --hooks pre-commit" in _error_line(done)


def _hooks(repo: Path) -> dict[str, bytes]:
    hooks = repo / ".git" / "hooks"
    return {p.name: p.read_bytes() for p in hooks.iterdir()} if hooks.is_dir() else {}


@pytest.mark.parametrize("tracked", [False, True])
@pytest.mark.slow
def test_a_failing_pre_commit_install_leaves_the_repository_as_it_was(
        tmp_path: Path, repo: Path, env: dict[str, str], tracked: bool) -> None:
    """pre-commit writes its hook scripts before it builds the environment: when that
    fails, they must go (every later git commit would fail), and so must the config edit,
    or running init again would be refused."""
    if tracked:
        (repo / ".pre-commit-config.yaml").write_text("repos: []  # the team's\n")
        git(repo, "add", ".pre-commit-config.yaml", env=env)
        git(repo, "commit", "-q", "-m", "team config", env=env)
    assert gitmemory(repo, "install", env=env).returncode == 0
    hooks, status = _hooks(repo), git(repo, "status", "--porcelain", env=env).stdout
    config = (repo / ".pre-commit-config.yaml").read_text() if tracked else None
    missing = str(tmp_path / "no-such-repository")
    done = gitmemory(repo, "init", "--hooks", "pre-commit", "--pre-commit-repo", missing,
                     env=env)
    assert done.returncode != 0
    assert _hooks(repo) == hooks  # gitmemory's shims back, pre-commit's gone
    assert git(repo, "status", "--porcelain", env=env).stdout == status
    if tracked:
        assert (repo / ".pre-commit-config.yaml").read_text() == config
    else:
        assert not (repo / ".pre-commit-config.yaml").exists()
    line = _error_line(done)
    assert line.startswith("gitmemory: error: pre-commit install failed:")
    assert "no-such-repository" in line  # the reason, not just "check the log"
    assert "are as they were: run gitmemory init --hooks pre-commit again" in line
    (repo / "x.txt").write_text("x\n")
    git(repo, "add", "x.txt", env=env)
    git(repo, "commit", "-q", "-m", "commits still work", env=env)
    again = gitmemory(repo, "init", "--hooks", "pre-commit", "--pre-commit-repo",
                      str(tmp_path / "still-missing"), env=env)
    assert "already pins" not in again.stderr  # a retry is tried, not refused
    assert "pre-commit install failed" in _error_line(again)


def test_a_tracked_config_is_staged_after_the_edit(repo: Path, in_env: dict[str, str]) -> None:
    env = in_env
    (repo / ".pre-commit-config.yaml").write_text("repos: []\n")
    git(repo, "add", ".pre-commit-config.yaml", env=env)
    git(repo, "commit", "-q", "-m", "config", env=env)
    line = precommit.write_config(str(repo), precommit.UPSTREAM, "v1")
    assert "staged" in line
    assert git(repo, "diff", "--quiet", "--", ".pre-commit-config.yaml", env=env,
               check=False).returncode == 0
    assert precommit.write_config(str(repo), precommit.UPSTREAM, "v1").endswith(
        "already runs every gitmemory hook")


def test_a_new_config_is_left_untracked(repo: Path, in_env: dict[str, str]) -> None:
    env = in_env
    line = precommit.write_config(str(repo), precommit.UPSTREAM, "v1")
    assert line.startswith(".pre-commit-config.yaml: created")
    assert "staged" not in line
    status = git(repo, "status", "--porcelain", env=env).stdout
    assert "?? .pre-commit-config.yaml" in status



def test_an_explicit_repo_that_differs_from_the_pinned_one_is_refused(
        tmp_path: Path, repo: Path, env: dict[str, str]) -> None:
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {precommit.UPSTREAM}\n    rev: v0.1.0\n    hooks:\n"
        "      - id: gitmemory-post-checkout\n")
    before = (repo / ".pre-commit-config.yaml").read_text()
    done = gitmemory(repo, "init", "--hooks", "pre-commit", "--pre-commit-repo",
                     "https://example.org/fork.git", env=env)
    assert done.returncode != 0
    line = _error_line(done)
    assert f"already pins gitmemory to {precommit.UPSTREAM} at v0.1.0" in line
    assert "https://example.org/fork.git" in line
    assert "change repo: and rev:" in line
    assert (repo / ".pre-commit-config.yaml").read_text() == before
