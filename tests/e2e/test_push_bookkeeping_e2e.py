"""pre-push stops a push only for a real memory change, never for a push git will
refuse, and memory lands on its own branch however the person moves meanwhile.
Real git, the native hooks, a bare remote; the slow provider is the real SDK
against the fake Messages API."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from testing.fake_anthropic import FakeAnthropic
from testing.gitrepo import commit_file, git, wait_until
from testing.pushes import offline_remote

EXTRACTED = json.dumps({"extractions": [
    {"section": "bug-patterns", "confidence": 0.95, "refs": [],
     "content": "Token expiry was compared in local time; compare in UTC"}]})


def _head(repo: Path, ref: str = "HEAD") -> str:
    return git(repo, "rev-parse", ref).stdout.strip()



@pytest.fixture
def remote_repo(repo: Path, tmp_path: Path) -> Path:
    offline_remote(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "clock.py", "def now():\n    return utcnow()\n",
                "feat(clock): one clock\n\nMemory-Convention: Compare times in UTC")
    first = git(repo, "push", "-q", "origin", "topic", check=False)
    assert "memory for topic committed" in first.stderr
    assert git(repo, "push", "-q", "origin", "topic", check=False).returncode == 0
    return repo


def test_a_push_is_not_stopped_to_add_a_ref_to_an_existing_item(remote_repo: Path) -> None:
    """The first push after set-up was stopped for `+0 ~1 -0`: one ref added."""
    commit_file(remote_repo, "clock2.py", "def later():\n    return utcnow()\n",
                "feat(clock): later\n\nMemory-Convention: Compare times in UTC")
    tip = _head(remote_repo)
    done = git(remote_repo, "push", "origin", "topic", check=False)
    assert done.returncode == 0, done.stderr
    assert _head(remote_repo) == tip  # no memory commit for bookkeeping
    # The next real change carries the ref along.
    commit_file(remote_repo, "tz.py", "TZ = 'UTC'\n",
                "feat(tz): zone\n\nMemory-Convention: Store the zone name, never an offset")
    done = git(remote_repo, "push", "origin", "topic", check=False)
    assert "memory for topic committed" in done.stderr
    text = git(remote_repo, "show", "topic:.gitmemory/branches/topic.md").stdout
    line = next(x for x in text.splitlines() if "Compare times in UTC" in x)
    assert tip[:7] in line
    assert "Store the zone name" in text


def test_no_memory_commit_for_a_push_git_will_refuse(remote_repo: Path, tmp_path: Path
                                                     ) -> None:
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", "-b", "topic", str(tmp_path / "remote.git"), str(other))
    commit_file(other, "theirs.txt", "theirs\n", "feat: their work")
    git(other, "push", "-q", "origin", "topic", env=dict(os.environ, GITMEMORY_DISABLE="1"))
    # Not fetched: git learns the remote tip only when it connects, and asks pre-push
    # before it refuses the push.
    commit_file(remote_repo, "mine.py", "X = 1\n",
                "feat: mine\n\nMemory-Convention: Name modules after what they hold")
    tip = _head(remote_repo)
    done = git(remote_repo, "push", "origin", "topic", check=False)
    assert done.returncode != 0
    assert "rejected" in done.stderr
    assert _head(remote_repo) == tip
    assert "memory is not updated for a push git will refuse" in done.stderr


def test_a_staged_hand_edit_is_folded_in_not_undone_by_the_next_commit(
        remote_repo: Path) -> None:
    path = remote_repo / ".gitmemory" / "branches" / "topic.md"
    path.write_text(path.read_text().replace("## Facts\n\n_No entries yet._",
                                             "## Facts\n\n- Sessions are kept in Redis"))
    git(remote_repo, "add", str(path))
    commit_file(remote_repo, "tz.py", "TZ = 'UTC'\n",
                "feat(tz): zone\n\nMemory-Convention: Store the zone name, never an offset")
    git(remote_repo, "add", str(path))  # commit_file committed it; stage a second edit
    path.write_text(path.read_text().replace("- Sessions are kept in Redis",
                                             "- Sessions are kept in Redis with a 24h TTL"))
    git(remote_repo, "add", str(path))
    done = git(remote_repo, "push", "origin", "topic", check=False)
    assert "memory for topic committed" in done.stderr
    commit_file(remote_repo, "next.py", "Y = 2\n", "feat: next piece")
    text = git(remote_repo, "show", "topic:.gitmemory/branches/topic.md").stdout
    assert "Store the zone name" in text
    assert "Sessions are kept in Redis with a 24h TTL" in text


def _slow_branch(repo: Path, tmp_path: Path, fake: FakeAnthropic, name: str) -> None:
    """Branch ``name`` with one fix to memorize, branch ``b`` beside it, and a model that
    takes three seconds to answer."""
    offline_remote(repo, tmp_path, provider=None)
    git(repo, "branch", "b")
    git(repo, "checkout", "-q", "-b", name)
    commit_file(repo, "auth.py", "def expired(t):\n    return t < utcnow()\n",
                "fix(auth): compare token expiry in UTC\n\nLocal time logged users out early.")
    fake.hang(3, then=EXTRACTED)


def _run_slowly(repo: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(args, cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_memorize_of_a_branch_switched_away_from_commits_on_that_branch(
        repo: Path, tmp_path: Path, fake_anthropic: FakeAnthropic) -> None:
    """`memorize` on A with a slow provider while the person checks out B: A's memory
    went into B's work tree and B's CLAUDE.md showed it."""
    _slow_branch(repo, tmp_path, fake_anthropic, "a")
    slow = _run_slowly(repo, sys.executable, "-m", "gitmemory", "memorize")
    assert wait_until(lambda: len(fake_anthropic.requests) == 1)
    git(repo, "checkout", "-q", "b")
    out, err = slow.communicate(timeout=60)
    assert slow.returncode == 0, out + err
    assert "committed on a" in out
    assert not (repo / ".gitmemory" / "branches" / "a.md").exists()
    assert git(repo, "status", "--porcelain").stdout == ""
    assert "compare in UTC" in git(repo, "show", "a:.gitmemory/branches/a.md").stdout
    claude = repo / "CLAUDE.md"
    assert not claude.exists() or "compare in UTC" not in claude.read_text()


def test_a_slow_push_of_one_branch_stages_nothing_in_another(
        repo: Path, tmp_path: Path, fake_anthropic: FakeAnthropic) -> None:
    """`git push -u origin C` with a slow provider while the person checks out B: B's
    index got `A .gitmemory/branches/C.md` staged."""
    _slow_branch(repo, tmp_path, fake_anthropic, "c")
    slow = _run_slowly(repo, "git", "push", "-u", "origin", "c")
    assert wait_until(lambda: len(fake_anthropic.requests) == 1)
    git(repo, "checkout", "-q", "b")
    _, err = slow.communicate(timeout=60)
    assert "memory for c committed" in err
    assert git(repo, "status", "--porcelain").stdout == ""
    assert git(repo, "diff", "--cached", "--name-only").stdout == ""
    assert "compare in UTC" in git(repo, "show", "c:.gitmemory/branches/c.md").stdout
