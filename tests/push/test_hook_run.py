"""gitmemory/push/hook.py in process: the policy decides whether a push stops after a
memory commit, every failure on the way fails open in one line, and a push git will
refuse gets no memory commit in its way."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import git as door
from gitmemory.pipeline import memorize
from gitmemory.push import hook
from gitmemory.push.hook import BLOCK, PushedRef
from gitmemory.repo import Repo
from testing.gitrepo import commit_file, git

CONVENTION = "Memory-Convention: Retry loops always back off exponentially"


@pytest.fixture
def topic(repo: Path) -> Path:
    """A repository that chose gitmemory (offline), on branch topic with one new commit."""
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text('provider = "offline"\n')
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "choose gitmemory")
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "retry.py", "def retry():\n    pass\n",
                f"feat(retry): add the retry loop\n\n{CONVENTION}")
    return repo


def _stdin(repo: Path, branch: str = "topic", remote_sha: str = door.ZERO_SHA) -> str:
    sha = git(repo, "rev-parse", branch).stdout.strip()
    return f"refs/heads/{branch} {sha} refs/heads/{branch} {remote_sha}\n"


def _run(repo: Path, stdin: str) -> int:
    return hook.run(door.repo_info(str(repo)), stdin)


def _set(repo: Path, text: str) -> None:
    (repo / ".gitmemory" / "config.toml").write_text('provider = "offline"\n' + text)


def test_block_commits_memory_and_stops_the_push_once(topic: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    tip = git(topic, "rev-parse", "topic").stdout.strip()
    assert _run(topic, _stdin(topic)) == BLOCK
    assert git(topic, "rev-parse", "topic^").stdout.strip() == tip
    err = capsys.readouterr().err
    assert "memory for topic committed as" in err and "run `git push` again" in err
    assert _run(topic, _stdin(topic)) == 0  # the memory commit needs no new one


def test_follow_commits_memory_and_lets_the_push_go(topic: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    _set(topic, 'push_policy = "follow"\n')
    assert _run(topic, _stdin(topic)) == 0
    assert "it goes with your next push" in capsys.readouterr().err
    assert "Gitmemory-Update: true" in git(topic, "log", "-1", "--format=%B").stdout


@pytest.mark.parametrize("text", ['push_policy = "off"\n', "enabled = false\n"])
def test_off_or_disabled_commits_nothing(topic: Path, text: str) -> None:
    _set(topic, text)
    tip = git(topic, "rev-parse", "topic").stdout.strip()
    assert _run(topic, _stdin(topic)) == 0
    assert git(topic, "rev-parse", "topic").stdout.strip() == tip


def test_a_bad_policy_value_skips_memory_and_says_the_scan_ran(
        topic: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _set(topic, 'push_policy = "sometimes"\n')
    assert _run(topic, _stdin(topic)) == 0
    err = capsys.readouterr().err
    assert "memory is not updated: bad value 'sometimes' for 'push_policy'" in err
    assert "the secret scan ran" in err


def test_settings_that_do_not_parse_skip_memory_not_the_scan(
        topic: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (topic / ".gitmemory" / "config.toml").write_text("[broken\n")
    assert _run(topic, _stdin(topic)) == 0
    assert "settings not read (" in capsys.readouterr().err


def test_a_repository_that_never_chose_gitmemory_is_left_alone(repo: Path) -> None:
    commit_file(repo, "a.py", "A = 1\n", f"feat: a\n\n{CONVENTION}")
    tip = git(repo, "rev-parse", "main").stdout.strip()
    assert _run(repo, _stdin(repo, "main")) == 0
    assert git(repo, "rev-parse", "main").stdout.strip() == tip


def test_a_bare_repository_has_nothing_to_do(tmp_path: Path) -> None:
    bare = tmp_path / "bare.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    assert hook.run(door.repo_info(str(bare)), "") == 0


def test_a_push_git_will_refuse_gets_no_memory_commit(topic: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The remote has a commit this push lacks: the memory commit would only stand in the
    way of the pull the user needs."""
    unknown = "e" * 40
    tip = git(topic, "rev-parse", "topic").stdout.strip()
    assert _run(topic, _stdin(topic, remote_sha=unknown)) == 0
    assert git(topic, "rev-parse", "topic").stdout.strip() == tip
    assert "memory is not updated for a push git will refuse (pull first)" in \
        capsys.readouterr().err


def test_a_remote_tip_in_the_pushed_history_is_accepted(topic: Path) -> None:
    base = git(topic, "rev-parse", "topic^").stdout.strip()
    assert _run(topic, _stdin(topic, remote_sha=base)) == BLOCK


def test_a_bug_while_memorizing_is_logged_and_the_push_goes_on(
        topic: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object, **kwargs: object) -> memorize.Result:
        raise KeyError("a bug")

    monkeypatch.setattr(memorize, "memorize", broken)
    assert _run(topic, _stdin(topic)) == 0
    err = capsys.readouterr().err
    log = topic / ".git" / "gitmemory" / "hooks.log"
    assert f"memory for topic not updated: internal error (KeyError) (details: {log}); " \
           "the push goes on" in err
    assert "raise KeyError" in log.read_text()
    from gitmemory.commands import status  # the log's entry is headed by what happened

    assert [line.split("] ", 1)[1] for line in status.recent_errors(str(log.parent))] == \
        ["pre-push: memory for topic not updated: internal error (KeyError: 'a bug')"]


def test_tags_deletes_and_stale_tips_are_not_memorized(topic: Path) -> None:
    sha = git(topic, "rev-parse", "topic").stdout.strip()
    older = git(topic, "rev-parse", "topic^").stdout.strip()
    refs = [PushedRef("refs/tags/v1", sha, "refs/tags/v1", door.ZERO_SHA),
            PushedRef("(delete)", door.ZERO_SHA, "refs/heads/old", sha),
            PushedRef("refs/heads/topic", older, "refs/heads/topic", door.ZERO_SHA),
            PushedRef("refs/heads/main", git(topic, "rev-parse", "main").stdout.strip(),
                      "refs/heads/main", door.ZERO_SHA),
            PushedRef("refs/heads/main", git(topic, "rev-parse", "main").stdout.strip(),
                      "refs/heads/other", door.ZERO_SHA)]
    assert hook.branches_to_memorize(Repo.open(), refs) == ["main"]


def test_commits_that_taught_nothing_make_no_memory_commit_and_their_lines_wait(
        topic: Path) -> None:
    """Every commit gives the history record a line; a push whose commits taught nothing
    else must not stop for a memory commit, and no line may be lost for it."""
    assert _run(topic, _stdin(topic)) == BLOCK  # the convention: a memory commit
    commit_file(topic, "retry.py", "def retry(n):\n    pass\n", "Count the retries")
    tip = git(topic, "rev-parse", "topic").stdout.strip()
    assert _run(topic, _stdin(topic)) == 0
    assert git(topic, "rev-parse", "topic").stdout.strip() == tip  # no memory commit
    commit_file(topic, "retry.py", "def retry(n, cap):\n    pass\n",
                "Cap the retries\n\nThe loop never ended on a dead host, because nothing "
                "capped the attempts.")
    assert _run(topic, _stdin(topic)) == BLOCK
    memory = (topic / ".gitmemory" / "branches" / "topic.md").read_text()
    history = memory.split("## History\n", 1)[1]
    assert "- Count the retries (refs: " in history
    assert "- Cap the retries \u2014 The loop never ended on a dead host" in history
