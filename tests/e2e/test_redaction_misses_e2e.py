"""Secrets the rules used to miss, each followed from a commit to the prompt ``--dry-run``
prints and, through a ``Memory-Fact`` trailer and the pre-push hook, to the remote."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git, gitmemory
from testing.pushes import offline_remote

# Assembled at run time so that no scanner mistakes this file for a leak.
AWS_ID = "AKIA" + "Q3EGRBXW7TZ5KJ4P"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzq8Lm2Tq9v"
REDIS = "s3cret" + "Pass"
ROOT = "Xk9#" + "mQ2vLp"
STAGING = "hunter2" + "hunter2"
GITHUB = "ghp_" + "r8Kf2LmQ9xTz4VbN7wYc1HsJ6dPq3UeA0gXo"

CASES = {
    "url password with an empty user": (
        f"The session cache lives at redis://:{REDIS}@cache.internal:6379/0", REDIS),
    "password in prose, words between": (
        f"The root password for prod db is now {ROOT}", ROOT),
    "aws secret key after a slash": (
        f"CI reads the artifacts bucket as {AWS_ID}/{AWS_SECRET}", AWS_SECRET),
    "password for a place, after a colon": (
        f"Password for staging: {STAGING}", STAGING),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_dry_run_prompt_holds_no_secret(repo: Path, case: str) -> None:
    sentence, secret = CASES[case]
    commit_file(repo, "notes.txt", "x\n", f"docs: note the environment\n\n{sentence}\n")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic",
                     env=dict(os.environ, ANTHROPIC_API_KEY="sk-ant-dummy"))
    assert "--- anthropic: prompt ---" in done.stdout, done.stdout + done.stderr
    assert secret not in done.stdout
    assert "[REDACTED:" in done.stdout


@pytest.mark.parametrize("case", list(CASES))
def test_the_remote_gets_no_secret(repo: Path, tmp_path: Path, case: str) -> None:
    sentence, secret = CASES[case]
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "env.md", "x\n", f"docs: note the environment\n\nMemory-Fact: {sentence}")
    env = dict(os.environ, GITMEMORY_PUSH_POLICY="follow")
    git(repo, "push", "-q", "origin", "feature", env=env, check=False)
    git(repo, "push", "-q", "origin", "feature", env=env, check=False)
    remote = tmp_path / "remote.git"
    shipped = git(remote, "log", "--all", "-p", "--format=%B").stdout
    assert ".gitmemory/branches/feature.md" in shipped  # the memory did travel
    # The user's own commit message goes as written; the memory made from it does not.
    assert secret not in shipped.replace(f"docs: note the environment\n\nMemory-Fact: "
                                         f"{sentence}", "")
    assert "[REDACTED:" in shipped


def test_a_token_split_across_subject_and_body_is_not_sent(repo: Path) -> None:
    commit_file(repo, "bot.py", "BOT = 1\n",
                f"fix: rotate the deploy bot token to {GITHUB[:18]}\n\n{GITHUB[18:]} is "
                "now the one the deploy bot uses.\n")
    done = gitmemory(repo, "memorize", "--dry-run", "--provider", "anthropic",
                     env=dict(os.environ, ANTHROPIC_API_KEY="sk-ant-dummy"))
    assert "--- anthropic: prompt ---" in done.stdout, done.stdout + done.stderr
    assert GITHUB[:18] not in done.stdout
    assert GITHUB[18:] not in done.stdout
