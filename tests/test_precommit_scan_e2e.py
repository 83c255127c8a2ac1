"""The pre-push secret scan on the pre-commit route, fired by the real framework and git.

pre-commit runs a pre-push hook without git's stdin and tells it about the
first pushed ref only.  The scan must still run before anything that can fail
(a branch's broken or symlinked ``config.toml``, the clone's adoption) and
cover every ref the push carries.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from gitmemory.memory import filenames
from gitmemory.memory.markdown import Item, Memory, generate
from testing.memory import path_for
from testing.precommit_repo import (
    git,
    gitmemory,
    isolated_env,
    make_repo,
    wire,
)

pytestmark = pytest.mark.slow

TOKEN = "ghp_" + "Zq8Lm2Tq9vNsR4xK7wPb3YdH6cFj1GtA5eUo"  # assembled: no scanner trips on this file
OFF = {"GITMEMORY_DISABLE": "1"}


@pytest.fixture
def env(tmp_path: Path, pre_commit_home: Path) -> dict[str, str]:
    return isolated_env(tmp_path / "home", pre_commit_home)


def _remote(tmp_path: Path, repo: Path, env: dict[str, str]) -> Path:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(remote), env=env)
    git(repo, "remote", "add", "origin", str(remote), env=env)
    git(repo, "push", "-q", "origin", "main", env={**env, **OFF})
    return remote


def _adopted_clone(tmp_path: Path, source: tuple[str, str], env: dict[str, str]) -> Path:
    """A clone whose team lists gitmemory's hooks in .pre-commit-config.yaml; nobody ran init."""
    repo = make_repo(tmp_path / "repo", env)
    wire(repo, *source, env)
    git(repo, "add", ".pre-commit-config.yaml", env=env)
    git(repo, "commit", "-q", "-m", "Team hooks", env={**env, **OFF})
    return repo


def _initialised_clone(tmp_path: Path, source: tuple[str, str], env: dict[str, str]) -> Path:
    repo = make_repo(tmp_path / "repo", env)
    done = gitmemory(repo, "init", "--hooks", "pre-commit", "--pre-commit-repo", source[0],
                     env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "Set up gitmemory", env={**env, **OFF})
    return repo


def _plant(repo: Path, branch: str, env: dict[str, str], section: str = "conventions") -> None:
    memory = Memory(branch)
    memory.sections[section] = [Item(f"The deploy bot authenticates with {TOKEN}")]
    path = Path(path_for(str(repo / filenames.MEMORY_DIR), branch))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(generate(memory))
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", f"Notes for {branch}", env={**env, **OFF})


def _on_remote(remote: Path, branch: str, env: dict[str, str]) -> bool:
    return git(remote, "rev-parse", "--verify", "-q", f"refs/heads/{branch}", env=env,
               check=False).returncode == 0


def _push(repo: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return git(repo, "push", "origin", *args, env=env, check=False)


def _blocked(done: subprocess.CompletedProcess[str]) -> bool:
    said = done.stdout + done.stderr
    return done.returncode != 0 and "possible secret" in said and TOKEN not in said


@pytest.mark.parametrize("broken", ["invalid", "symlink"])
def test_a_broken_branch_config_does_not_let_a_token_through(
        tmp_path: Path, source: tuple[str, str], env: dict[str, str], broken: str) -> None:
    repo = _adopted_clone(tmp_path, source, env)
    remote = _remote(tmp_path, repo, env)
    git(repo, "checkout", "-q", "-b", "leaky", env={**env, **OFF})
    config = repo / ".gitmemory" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    if broken == "invalid":
        config.write_text("provider = [offline\n")
    else:
        os.symlink("../README.md", config)
    _plant(repo, "leaky", env)

    done = _push(repo, env, "leaky")
    assert _blocked(done), done.stdout + done.stderr
    assert "Passed" not in done.stdout + done.stderr
    assert not _on_remote(remote, "leaky", env)


@pytest.mark.parametrize("route", ["adopted", "initialised"])
def test_a_two_ref_push_with_the_leak_second_is_stopped(
        tmp_path: Path, source: tuple[str, str], env: dict[str, str], route: str) -> None:
    make = _adopted_clone if route == "adopted" else _initialised_clone
    repo = make(tmp_path, source, env)
    remote = _remote(tmp_path, repo, env)
    git(repo, "checkout", "-q", "-b", "leaky", env={**env, **OFF})
    _plant(repo, "leaky", env, section="facts")  # facts are not injected: only the scan sees them
    git(repo, "checkout", "-q", "-b", "clean", "main", env={**env, **OFF})
    (repo / "clean.txt").write_text("clean\n")
    git(repo, "add", "clean.txt", env=env)
    git(repo, "commit", "-q", "-m", "A clean change", env={**env, **OFF})

    done = _push(repo, {**env, "GITMEMORY_PUSH_POLICY": "off"}, "clean", "leaky")
    assert _blocked(done), done.stdout + done.stderr
    assert not _on_remote(remote, "leaky", env)


def test_a_clean_two_ref_push_goes_through(
        tmp_path: Path, source: tuple[str, str], env: dict[str, str]) -> None:
    repo = _initialised_clone(tmp_path, source, env)
    remote = _remote(tmp_path, repo, env)
    for branch in ("one", "two"):
        git(repo, "checkout", "-q", "-b", branch, "main", env={**env, **OFF})
        (repo / f"{branch}.txt").write_text(f"{branch}\n")
        git(repo, "add", f"{branch}.txt", env=env)
        git(repo, "commit", "-q", "-m", f"Work on {branch}", env={**env, **OFF})

    done = _push(repo, {**env, "GITMEMORY_PUSH_POLICY": "off"}, "one", "two")
    assert done.returncode == 0, done.stdout + done.stderr
    assert _on_remote(remote, "one", env) and _on_remote(remote, "two", env)
