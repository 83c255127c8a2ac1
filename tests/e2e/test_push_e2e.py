"""``git push`` with gitmemory's native pre-push hook and the real anthropic SDK
talking to a fake Messages API on loopback."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, gitmemory
from testing.pushes import offline_remote

EXTRACTED = json.dumps({"extractions": [
    {"section": "bug-patterns", "confidence": 0.95, "refs": [],
     "content": "Token expiry was compared in local time; compare in UTC"}]})


@pytest.fixture
def pushed(repo: Path, tmp_path: Path) -> Path:
    """A repo set up with native hooks, a bare remote, and a feature branch with work;
    the provider is chosen by the environment (the fake Messages API)."""
    offline_remote(repo, tmp_path, provider=None)
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "auth.py", "def expired(t):\n    return t < utcnow()\n",
                "fix(auth): compare token expiry in UTC\n\nLocal time logged users out early.")
    return repo


def _remote_has(repo: Path, ref: str) -> str:
    done = git(repo, "ls-remote", "origin", ref)
    return done.stdout.split()[0] if done.stdout.strip() else ""


def test_block_commits_memory_then_second_push_passes(pushed: Path,
                                                      fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(EXTRACTED)
    (pushed / "staged.txt").write_text("work in progress\n")
    git(pushed, "add", "staged.txt")
    tip = git(pushed, "rev-parse", "HEAD").stdout.strip()
    first = git(pushed, "push", "origin", "feature", check=False)
    assert first.returncode != 0
    assert "memory for feature committed as" in first.stderr
    assert "run `git push origin feature` again" in first.stderr  # the push as typed
    assert _remote_has(pushed, "refs/heads/feature") == ""
    assert git(pushed, "rev-parse", "HEAD^").stdout.strip() == tip
    message = git(pushed, "log", "-1", "--format=%B").stdout
    assert "Gitmemory-Update: true" in message
    assert git(pushed, "diff", "--cached", "--name-only").stdout.split() == ["staged.txt"]
    assert git(pushed, "status", "--porcelain", "--", ".gitmemory").stdout == ""
    requests = len(fake_anthropic.requests)
    assert requests == 1
    second = git(pushed, "push", "origin", "feature", check=False)
    assert second.returncode == 0, second.stderr
    assert len(fake_anthropic.requests) == requests  # no provider call the second time
    assert _remote_has(pushed, "refs/heads/feature") == git(pushed, "rev-parse",
                                                            "HEAD").stdout.strip()
    shown = git(pushed, "show", "origin/feature:.gitmemory/branches/feature.md").stdout
    assert "compare in UTC" in shown
    assert "Token expiry" in (pushed / "CLAUDE.md").read_text()
    assert "staged.txt" in git(pushed, "diff", "--cached", "--name-only").stdout


def test_follow_lets_the_push_go(pushed: Path, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(EXTRACTED)
    git(pushed, "config", "gitmemory.pushPolicy", "follow")
    tip = git(pushed, "rev-parse", "HEAD").stdout.strip()
    done = git(pushed, "push", "origin", "feature", check=False)
    assert done.returncode == 0
    assert "goes with your next push" in done.stderr
    assert _remote_has(pushed, "refs/heads/feature") == tip
    assert git(pushed, "rev-parse", "HEAD^").stdout.strip() == tip


def test_off_does_nothing(pushed: Path, fake_anthropic: FakeAnthropic) -> None:
    git(pushed, "config", "gitmemory.pushPolicy", "off")
    done = git(pushed, "push", "origin", "feature", check=False)
    assert done.returncode == 0
    assert fake_anthropic.requests == []


@pytest.mark.parametrize("failure", ["500", "401", "hang"])
def test_provider_failures_fail_open(pushed: Path, fake_anthropic: FakeAnthropic,
                                     failure: str) -> None:
    git(pushed, "config", "gitmemory.timeLimit", "3")
    if failure == "hang":
        fake_anthropic.hang(120)
    else:
        for _ in range(5):
            fake_anthropic.error(int(failure))
    start = time.monotonic()
    done = git(pushed, "push", "origin", "feature", check=False)
    assert done.returncode == 0, done.stderr
    if failure == "hang":  # the time limit cut the wait (how fast is bench/, not here)
        assert time.monotonic() - start < 100
    assert "memory for feature not updated" in done.stderr
    assert "stay pending" in done.stderr
    assert len([line for line in done.stderr.splitlines() if "gitmemory" in line]) == 1
    assert _remote_has(pushed, "refs/heads/feature")
    assert not (pushed / ".gitmemory" / "branches" / "feature.md").exists()


def test_tags_and_deletes_are_skipped(pushed: Path, fake_anthropic: FakeAnthropic) -> None:
    git(pushed, "tag", "v1")
    assert git(pushed, "push", "origin", "v1", check=False).returncode == 0
    env = dict(os.environ, GITMEMORY_DISABLE="1")
    git(pushed, "push", "-q", "origin", "feature", env=env)
    assert git(pushed, "push", "origin", "--delete", "feature", check=False).returncode == 0
    assert fake_anthropic.requests == []


def test_pushing_a_branch_that_is_not_checked_out(pushed: Path,
                                                  fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(EXTRACTED)
    git(pushed, "checkout", "-q", "main")
    done = git(pushed, "push", "origin", "feature", check=False)
    assert done.returncode != 0
    assert "memory for feature committed" in done.stderr
    assert "compare in UTC" in git(pushed, "show",
                                   "feature:.gitmemory/branches/feature.md").stdout
    assert not (pushed / ".gitmemory" / "branches" / "feature.md").exists()
    assert git(pushed, "push", "origin", "feature", check=False).returncode == 0


def test_memorize_by_hand_commits_at_once_and_the_push_goes_through(
        pushed: Path, fake_anthropic: FakeAnthropic) -> None:
    """Memory written by `gitmemory memorize` is committed on the branch right away, so
    nothing is left in the work tree for a checkout to carry elsewhere, and the next
    push has nothing to stop for."""
    fake_anthropic.text(EXTRACTED)
    ran = gitmemory(pushed, "memorize")
    assert "committed on feature as" in ran.stdout
    assert git(pushed, "status", "--porcelain").stdout == ""
    assert "Gitmemory-Update: true" in git(pushed, "log", "-1", "--format=%B").stdout
    first = git(pushed, "push", "origin", "feature", check=False)
    assert first.returncode == 0, first.stderr
    assert len(fake_anthropic.requests) == 1  # memorize's call; pre-push had nothing new
    shown = git(pushed, "show", "origin/feature:.gitmemory/branches/feature.md").stdout
    assert "compare in UTC" in shown


def test_a_hand_edit_left_in_the_work_tree_is_committed_by_pre_push(
        pushed: Path, fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(EXTRACTED)
    gitmemory(pushed, "memorize")
    path = pushed / ".gitmemory" / "branches" / "feature.md"
    path.write_text(path.read_text().replace("_No entries yet._",
                                             "- Sessions are kept in Redis", 1))
    first = git(pushed, "push", "origin", "feature", check=False)
    assert first.returncode != 0
    assert "memory for feature committed as" in first.stderr
    assert git(pushed, "status", "--porcelain", "--", ".gitmemory").stdout == ""
    assert "Gitmemory-Update: true" in git(pushed, "log", "-1", "--format=%B").stdout
    second = git(pushed, "push", "origin", "feature", check=False)
    assert second.returncode == 0, second.stderr
    shown = git(pushed, "show", "origin/feature:.gitmemory/branches/feature.md").stdout
    assert "Sessions are kept in Redis" in shown


def test_after_pulling_a_teammates_work_the_push_blocks_at_most_once(
        pushed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITMEMORY_PROVIDER", "offline")

    def push(clone: Path) -> int:
        return git(clone, "push", "-q", "origin", "feature", check=False).returncode

    commit_file(pushed, "session.py", "TTL = 86400\n", "feat: sessions\n\n"
                "Memory-Fact: Sessions live in Redis with a 24h TTL")
    assert (push(pushed), push(pushed)) == (1, 0)
    mate = tmp_path / "mate"
    git(tmp_path, "clone", "-q", "-b", "feature", str(tmp_path / "remote.git"), str(mate))
    gitmemory(mate, "init")
    commit_file(mate, "pool.py", "POOL = None\n", "fix: close the pool\n\n"
                "Memory-Bug: The Redis pool leaked on reload; close it on shutdown")
    assert (push(mate), push(mate)) == (1, 0)
    commit_file(pushed, "pw.py", "ROUNDS = 3\n", "feat: hash passwords\n\n"
                "Memory-Fact: Passwords are hashed with argon2id")
    assert push(pushed) == 1
    git(pushed, "pull", "-q", "--no-rebase", "origin", "feature")
    assert 0 in (push(pushed), push(pushed))  # at most one more memory commit, then through
    memory = (pushed / ".gitmemory" / "branches" / "feature.md").read_text()
    assert "argon2id" in memory
    assert "pool leaked" in memory
    assert "<<<<<<<" not in memory


def test_remote_url_with_credentials_is_never_written(pushed: Path, tmp_path: Path,
                                                      fake_anthropic: FakeAnthropic) -> None:
    for _ in range(5):
        fake_anthropic.error(500)
    git(pushed, "config", "gitmemory.timeLimit", "2")
    remote = tmp_path / "remote.git"
    git(pushed, "remote", "set-url", "origin", f"file://user:hunter2pass@localhost{remote}")
    done = git(pushed, "push", "origin", "feature", check=False)
    assert "hunter2pass" not in done.stderr + done.stdout
    state = pushed / ".git" / "gitmemory"
    for path in state.iterdir():
        if path.is_file():
            assert b"hunter2pass" not in path.read_bytes()
    for request in fake_anthropic.requests:
        assert "hunter2pass" not in request.text
