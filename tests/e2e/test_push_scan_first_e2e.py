"""The pre-push secret scan runs first and whatever else fails (docs/design.md,
"Invariants"): settings a branch carries, provider failures and broken local state
cannot let a token reach the remote.  Real git, the native hook, a bare remote."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, memory_text
from testing.pushes import offline_remote

TOKEN = "ghp_" + "Zq8Rk2Lm5Np7Xw3Vb9Tc4Yd6Hf1Js0Ga2Ue8"
MEMORY = ".gitmemory/branches/topic.md"


def _remote_ref(repo: Path) -> str:
    return git(repo, "ls-remote", "origin", "refs/heads/topic").stdout.strip()


@pytest.fixture
def leaky(repo: Path, tmp_path: Path) -> Path:
    """A branch whose memory file someone edited by hand to hold a token."""
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, MEMORY, memory_text("topic", facts=(f"CI pushes with {TOKEN}",)),
                "notes for the team")
    return repo


def _assert_stopped(repo: Path) -> None:
    done = git(repo, "push", "origin", "topic", check=False)
    assert done.returncode != 0, done.stderr
    assert f"possible secret in {MEMORY}" in done.stderr
    assert TOKEN not in done.stderr
    assert _remote_ref(repo) == ""


@pytest.mark.parametrize("settings", [
    'summary_style = "terse"\n',  # a key a newer version knows
    'push_policy = "off"\n',
    'push_policy = "sometimes"\n',  # a bad value
    "enabled = false\n",
    "this is [ not toml\n",
])
def test_the_scan_runs_whatever_the_settings_say(leaky: Path, settings: str) -> None:
    path = leaky / ".gitmemory" / "config.toml"
    path.write_text(path.read_text() + "\n" + settings)
    git(leaky, "commit", "-q", "-am", "settings from a teammate's branch")
    _assert_stopped(leaky)


def test_the_scan_runs_when_local_state_is_broken(leaky: Path) -> None:
    state = leaky / ".git" / "gitmemory"
    shutil.rmtree(state, ignore_errors=True)
    state.write_text("not a directory\n")  # every write under it fails
    _assert_stopped(leaky)


def test_only_the_users_own_switches_skip_it(leaky: Path) -> None:
    done = git(leaky, "push", "-q", "--no-verify", "origin", "topic", check=False)
    assert done.returncode == 0
    assert _remote_ref(leaky)


@pytest.fixture
def remote_with_model(repo: Path, tmp_path: Path) -> Path:
    offline_remote(repo, tmp_path, provider=None)
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "auth.py", "def expired(t):\n    return t < utcnow()\n",
                "fix(auth): compare token expiry in UTC\n\nLocal time logged users out early.")
    return repo


def test_an_answer_nested_too_deep_fails_open_in_one_line(
        remote_with_model: Path, fake_anthropic: FakeAnthropic) -> None:
    for _ in range(3):
        fake_anthropic.text("[" * 200_000 + "]" * 200_000)
        fake_anthropic.text('{"a":' * 200_000 + "1" + "}" * 200_000)
    done = git(remote_with_model, "push", "origin", "topic", check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    notes = [line for line in done.stderr.splitlines() if line.startswith("gitmemory:")]
    assert len(notes) == 1 and "the push goes on" in notes[0]


def test_a_byte_that_is_not_utf8_in_memory_does_not_break_the_request(
        remote_with_model: Path, fake_anthropic: FakeAnthropic) -> None:
    path = remote_with_model / MEMORY
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(memory_text("topic", facts=("Caf\xe9 menu is cached",)).encode("latin-1"))
    git(remote_with_model, "add", MEMORY)
    git(remote_with_model, "commit", "-q", "-m", "memory in latin-1")
    fake_anthropic.text(json.dumps({"extractions": [
        {"section": "bug-patterns", "confidence": 0.95, "refs": [],
         "content": "Token expiry was compared in local time; compare in UTC"}]}))
    fake_anthropic.text(json.dumps({"sections": {"facts": [{"content": "Menu is cached"}],
                                                 "bug-patterns": [{"content": "Use UTC"}]},
                                    "changes": []}))
    done = git(remote_with_model, "push", "origin", "topic", check=False,
               env=dict(os.environ))
    assert "Traceback" not in done.stderr
    assert "internal error" not in done.stderr
    assert fake_anthropic.requests, "the model was asked"
