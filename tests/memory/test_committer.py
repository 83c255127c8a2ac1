"""Memory commits made with plumbing on a temporary index (committer.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from testing.gitrepo import git, gitmemory


def _set_up_apart(store: Path, work: Path) -> dict[str, str]:
    """A first commit and gitmemory set up in ``work``, whose git dir is ``store``; the
    environment that names both."""
    env = dict(os.environ, GIT_DIR=str(store), GIT_WORK_TREE=str(work))
    (work / "a.txt").write_text("a\n")
    git(work, "add", "a.txt", env=env)
    git(work, "commit", "-q", "-m", "init", env=env)
    git(work, "config", "gitmemory.provider", "offline", env=env)
    gitmemory(work, "init", env=env)
    git(work, "add", "-A", env=env)
    git(work, "commit", "-q", "-m", "Set up gitmemory", env=env)
    return env


@pytest.mark.slow
def test_pre_push_with_a_git_dir_apart_from_its_work_tree(tmp_path: Path) -> None:
    """``git --git-dir=... --work-tree=...`` (dotfile setups): hooks get GIT_DIR set and
    the work tree has no .git of its own."""
    store, work, remote = tmp_path / "store.git", tmp_path / "work", tmp_path / "remote.git"
    work.mkdir()
    for bare in (store, remote):
        git(tmp_path, "init", "-q", "--bare", "-b", "main", str(bare))
    env = _set_up_apart(store, work)
    git(work, "remote", "add", "origin", str(remote), env=env)
    (work / "h.py").write_text("def h():\n    return 1\n")
    git(work, "add", "h.py", env=env)
    git(work, "commit", "-q", "-m", "feat: h\n\nMemory-Convention: Helpers return ints", env=env)
    first = git(work, "push", "origin", "main", check=False, env=env)
    assert "memory for main committed as" in first.stderr, first.stderr
    assert "Helpers return ints" in git(work, "show", "HEAD:.gitmemory/branches/main.md",
                                        env=env).stdout
    assert git(work, "status", "--porcelain", env=env).stdout == ""
    assert git(work, "push", "origin", "main", check=False, env=env).returncode == 0


def test_memorize_with_a_non_bare_git_dir_apart_from_its_work_tree(tmp_path: Path) -> None:
    """GIT_DIR/GIT_WORK_TREE on a git dir that is not bare: memorize wrote the memory
    file inside the git dir while saying it wrote to the work tree."""
    work = tmp_path / "work"
    git(tmp_path, "init", "-q", "-b", "main", str(work))
    store = tmp_path / "store.git"
    (work / ".git").rename(store)  # a non-bare git dir, away from its work tree
    env = _set_up_apart(store, work)
    (work / "h.py").write_text("def h():\n    return 1\n")
    git(work, "add", "h.py", env=env)
    git(work, "commit", "-q", "-m", "feat: h\n\nMemory-Convention: Helpers return ints", env=env)
    done = gitmemory(work, "memorize", env=env)
    assert "committed on main" in done.stdout
    assert not (store / ".gitmemory").exists()
    assert "Helpers return ints" in (work / ".gitmemory" / "branches" / "main.md").read_text()
    assert git(work, "status", "--porcelain", env=env).stdout == ""
    assert "Helpers return ints" in (work / "CLAUDE.md").read_text()


def test_the_message_is_utf8_whatever_commit_encoding_says(repo: Path) -> None:
    from gitmemory.memory import committer
    from gitmemory.repo import Repo

    git(repo, "config", "i18n.commitEncoding", "latin1")
    git(repo, "branch", "café")
    info = Repo.open(str(repo)).info
    sha = committer.commit_file(str(repo), info.state_dir, "café",
                                    rel_path=".gitmemory/branches/caf_.md", text="# x\n",
                                    summary="café: success")
    assert sha is not None
    raw = git(repo, "cat-file", "commit", sha).stdout
    assert "\nencoding " not in raw.split("\n\n", 1)[0]
    assert "update memory for café" in raw


def test_a_memory_commit_asks_git_nothing_its_dot_git_says(repo: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """The git dir a memory commit names for its temporary index, and where the writer
    looks for an operation under way, are read from ``.git``: no ``rev-parse`` asks where
    the repository lives (a run of memorize started ten)."""
    from gitmemory import git as door
    from gitmemory import worktrees
    from gitmemory.memory import committer

    asked: list[list[str]] = []
    real = door._execute
    monkeypatch.setattr(door, "_execute", lambda argv, stdin=None, env=None: (
        asked.append(argv), real(argv, stdin, env))[1])
    door.local_env_vars(str(repo))  # git's own list, asked once a process
    asked.clear()
    state = str(repo / ".git" / "gitmemory")
    sha = committer.commit_file(str(repo), state, "main", rel_path=".gitmemory/branches/main.md",
                                text="# main\n", summary="a test")
    assert sha and git(repo, "show", f"{sha}:.gitmemory/branches/main.md").stdout == "# main\n"
    assert worktrees.busy(str(repo)) == {}
    where = [argv for argv in asked if "--absolute-git-dir" in argv or
             "--git-common-dir" in argv or "--local-env-vars" in argv]
    assert where == []
