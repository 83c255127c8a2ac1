"""Hooks run by the pre-commit framework: arguments and pushed refs rebuilt from PRE_COMMIT_*."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from gitmemory.hooks import main
from gitmemory.push import hook
from testing.precommit_repo import git, gitmemory, isolated_env, make_repo

ZERO = "0" * 40


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return isolated_env(tmp_path / "home")


@pytest.fixture
def repo(tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository that is the current directory, with only the isolated environment set."""
    for name in list(os.environ):
        if name.startswith(("GIT_", "GITMEMORY_", "PRE_COMMIT")):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    path = make_repo(tmp_path / "repo", env)
    monkeypatch.chdir(path)
    return path


def _head(path: Path, env: dict[str, str]) -> str:
    return git(path, "rev-parse", "HEAD", env=env).stdout.strip()


@pytest.mark.usefixtures("repo")
def test_variables_are_ignored_outside_pre_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRE_COMMIT_CHECKOUT_TYPE", "1")
    assert main.from_pre_commit("post-checkout") == []


@pytest.mark.usefixtures("repo")
@pytest.mark.parametrize(("hook", "variables", "expected"), [
    ("post-checkout", {"PRE_COMMIT_FROM_REF": "a" * 40, "PRE_COMMIT_TO_REF": "b" * 40,
                       "PRE_COMMIT_CHECKOUT_TYPE": "1"}, ["a" * 40, "b" * 40, "1"]),
    ("post-checkout", {"PRE_COMMIT_CHECKOUT_TYPE": "0"}, ["", "", "0"]),
    ("post-merge", {"PRE_COMMIT_IS_SQUASH_MERGE": "0"}, ["0"]),
    ("post-rewrite", {"PRE_COMMIT_REWRITE_COMMAND": "amend"}, ["amend"]),
    ("pre-push", {"PRE_COMMIT_REMOTE_NAME": "origin",
                  "PRE_COMMIT_REMOTE_URL": "/srv/r.git"}, ["origin", "/srv/r.git"]),
    ("post-commit", {}, []),
])
def test_git_arguments_are_rebuilt_from_pre_commit_variables(
        monkeypatch: pytest.MonkeyPatch, hook: str, variables: dict[str, str],
        expected: list[str]) -> None:
    monkeypatch.setenv("PRE_COMMIT", "1")
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert main.from_pre_commit(hook) == expected


@pytest.mark.usefixtures("repo")
def test_pushed_refs_come_from_git_stdin_lines_as_given() -> None:
    sha = "c" * 40
    stdin = (f"refs/heads/feature {sha} refs/heads/feature {ZERO}\n"
             f"(delete) {ZERO} refs/heads/old {sha}\n\n")
    assert hook.pushed_refs(stdin) == [
        ("refs/heads/feature", sha, "refs/heads/feature", ZERO),
        ("(delete)", ZERO, "refs/heads/old", sha),
    ]


@pytest.mark.usefixtures("repo")
def test_the_hook_reads_what_git_wrote_to_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    sha = "d" * 40
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"HEAD {sha} refs/heads/x {ZERO}\n"))
    assert hook.pushed_refs(main.read_stdin()) == [("HEAD", sha, "refs/heads/x", ZERO)]


@pytest.mark.usefixtures("repo")
def test_no_stdin_outside_pre_commit_means_nothing_pushed() -> None:
    assert hook.pushed_refs("") == []


def _pre_commit_push(monkeypatch: pytest.MonkeyPatch, **variables: str) -> None:
    monkeypatch.setenv("PRE_COMMIT", "1")
    monkeypatch.setenv("PRE_COMMIT_REMOTE_NAME", "origin")
    monkeypatch.setenv("PRE_COMMIT_REMOTE_URL", "/srv/remote.git")
    monkeypatch.setenv("PRE_COMMIT_LOCAL_BRANCH", "refs/heads/main")
    monkeypatch.setenv("PRE_COMMIT_REMOTE_BRANCH", "refs/heads/main")
    for name, value in variables.items():
        monkeypatch.setenv(name, value)


def test_under_pre_commit_the_first_ref_is_rebuilt_with_a_new_branch_remote_side(
        repo: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    head = _head(repo, env)
    _pre_commit_push(monkeypatch, PRE_COMMIT_FROM_REF="e" * 40, PRE_COMMIT_TO_REF=head)
    assert hook.pushed_refs("") == [("refs/heads/main", head, "refs/heads/main", ZERO)]


def test_under_pre_commit_the_remote_sha_comes_from_the_tracking_ref(
        repo: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    base = _head(repo, env)
    git(repo, "update-ref", "refs/remotes/origin/main", base, env=env)
    git(repo, "commit", "-q", "--allow-empty", "-m", "second", env=env)
    head = _head(repo, env)
    _pre_commit_push(monkeypatch)  # pushing from the root: pre-commit gives no FROM/TO refs
    assert hook.pushed_refs("") == [("refs/heads/main", head, "refs/heads/main", base)]


@pytest.mark.usefixtures("repo")
def test_under_pre_commit_git_stdin_still_wins_when_present(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _pre_commit_push(monkeypatch)
    sha = "f" * 40
    line = f"refs/heads/a {sha} refs/heads/a {ZERO}"
    assert hook.pushed_refs(line) == [("refs/heads/a", sha, "refs/heads/a", ZERO)]


def test_hook_process_under_pre_commit_variables_rebuilds_claude_md_on_branch_checkout(
        repo: Path, env: dict[str, str]) -> None:
    done = gitmemory(repo, "init", "--hooks", "none", env=env)
    assert done.returncode == 0, done.stderr
    claude = repo / "CLAUDE.md"
    claude.unlink()
    head = _head(repo, env)
    pre_commit = {**env, "PRE_COMMIT": "1", "PRE_COMMIT_FROM_REF": head,
                  "PRE_COMMIT_TO_REF": head}
    file_checkout = gitmemory(repo, "hook", "post-checkout",
                              env={**pre_commit, "PRE_COMMIT_CHECKOUT_TYPE": "0"})
    assert (file_checkout.returncode, file_checkout.stdout, file_checkout.stderr) == (0, "", "")
    assert not claude.exists()
    branch_checkout = gitmemory(repo, "hook", "post-checkout",
                                env={**pre_commit, "PRE_COMMIT_CHECKOUT_TYPE": "1"})
    assert (branch_checkout.returncode, branch_checkout.stdout) == (0, "")
    assert "Generated by gitmemory" in claude.read_text()
