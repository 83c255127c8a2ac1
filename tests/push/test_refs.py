"""What the pre-push scan reads when git's lines are missing (gitmemory/push/refs.py):
every local tip the remote does not hold, more than the push carries, never less."""

from __future__ import annotations

from pathlib import Path

from gitmemory import git as door
from gitmemory.push import hook
from gitmemory.push.hook import BLOCK
from gitmemory.push.refs import PushedRef, scan_targets
from testing.gitrepo import commit_file, git, memory_text

TOKEN = "ghp_" + "Zq8Lm2Tq9vNsR4xK7wPb3YdH6cFj1GtA5eUo"


def _sha(repo: Path, rev: str) -> str:
    return git(repo, "rev-parse", rev).stdout.strip()


def _published(repo: Path, tmp_path: Path) -> None:
    """origin holds main; its tracking ref says so."""
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "push", "-q", "origin", "main")


def test_git_lines_decide_when_there_are_any(repo: Path, tmp_path: Path) -> None:
    _published(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "other")
    commit_file(repo, "o.txt", "o\n", "other work")
    git(repo, "checkout", "-q", "main")
    tip = _sha(repo, "main")
    stdin = f"refs/heads/main {tip} refs/heads/main {door.ZERO_SHA}\n"
    ref = PushedRef("refs/heads/main", tip, "refs/heads/main", door.ZERO_SHA)
    targets = scan_targets(str(repo), stdin, [ref], "origin")
    assert targets.commits == [tip] and not targets.guessed


def test_without_lines_every_local_tip_the_remote_lacks_is_scanned(
        repo: Path, tmp_path: Path) -> None:
    _published(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "one")
    one = commit_file(repo, "1.txt", "1\n", "one")
    git(repo, "tag", "-a", "-m", "annotated", "v1", "main")  # on main: the remote has it
    git(repo, "checkout", "-q", "-b", "two", "main")
    two = commit_file(repo, "2.txt", "2\n", "two")
    git(repo, "tag", "-a", "-m", "annotated", "v2")  # peeled to two
    git(repo, "checkout", "-q", "--detach", "main")
    detached = commit_file(repo, "3.txt", "3\n", "on a detached HEAD")
    git(repo, "stash", "list")  # no stash: refs/stash is never scanned anyway

    targets = scan_targets(str(repo), "", [], "origin")
    assert targets.guessed
    assert set(targets.commits) == {one, two, detached}
    assert _sha(repo, "origin/main") in targets.published


def test_a_url_remote_has_no_tracking_refs_so_every_tip_is_scanned(repo: Path) -> None:
    main = _sha(repo, "main")
    targets = scan_targets(str(repo), "", [], "/srv/elsewhere.git")
    assert targets.commits == [main] and targets.guessed


def test_a_hook_manager_that_drops_stdin_still_gets_the_leak_stopped(
        repo: Path, tmp_path: Path) -> None:
    """A native push whose stdin a hook manager swallowed: the leaky branch is scanned."""
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text('provider = "offline"\n')
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "choose gitmemory")
    _published(repo, tmp_path)
    git(repo, "checkout", "-q", "-b", "leaky")
    commit_file(repo, ".gitmemory/branches/leaky.md",
                memory_text("leaky", conventions=(f"The bot logs in with {TOKEN}",)),
                "notes")
    git(repo, "checkout", "-q", "main")
    assert hook.run(door.repo_info(str(repo)), "", ["origin", "/srv/x.git"]) == BLOCK
