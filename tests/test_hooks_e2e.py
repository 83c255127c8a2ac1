"""Native hooks installed by ``gitmemory init``/``install``, fired by real git commands."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gitmemory.setup import native
from testing.gitrepo import commit_file, git, gitmemory, memory_text, set_up


def _claude(repo: Path) -> str:
    return (repo / "CLAUDE.md").read_text()


def _add_memory(repo: Path, branch: str, item: str) -> None:
    from testing.memory import path_for

    directory = repo / ".gitmemory" / "branches"
    directory.mkdir(parents=True, exist_ok=True)
    Path(path_for(str(directory), branch)).write_text(memory_text(branch, conventions=(item,)))
    git(repo, "add", ".gitmemory")
    git(repo, "commit", "-q", "-m", f"memory for {branch}")


@pytest.fixture
def setup(repo: Path) -> Path:
    """main and feature/auth, each with its own memory; gitmemory initialised."""
    done = set_up(repo)
    assert "hooks: post-checkout: installed" in done.stdout
    _add_memory(repo, "main", "Main uses snake_case fixtures")
    git(repo, "checkout", "-q", "-b", "feature/auth")
    _add_memory(repo, "feature/auth", "Auth tokens are compared in UTC")
    return repo


def test_init_then_checkout_switches_memory(setup: Path) -> None:
    repo = setup
    git(repo, "checkout", "-q", "main")
    text = _claude(repo)
    assert "Main uses snake_case fixtures" in text and "Auth tokens" not in text
    git(repo, "checkout", "-q", "feature/auth")
    text = _claude(repo)
    assert "- Auth tokens are compared in UTC\n- Main uses snake_case fixtures [inherited]\n" \
        in text  # its own first, the default branch's under it (layered, not copied)
    assert (repo / ".gitmemory" / "config.toml").exists()
    assert "/CLAUDE.md" in (repo / ".gitignore").read_text()
    assert git(repo, "status", "--porcelain").stdout == ""  # CLAUDE.md is ignored


def test_new_branch_shows_inherited_memory(setup: Path) -> None:
    git(setup, "checkout", "-q", "main")
    done = git(setup, "checkout", "-q", "-b", "fresh")
    assert done.stderr == ""
    text = _claude(setup)
    assert "Main uses snake_case fixtures" in text
    assert "inherited from `main`" in text


def test_file_checkout_touches_nothing(setup: Path) -> None:
    before = os.stat(setup / "CLAUDE.md")
    (setup / "README.md").write_text("changed\n")
    git(setup, "checkout", "--", "README.md")
    after = os.stat(setup / "CLAUDE.md")
    assert (before.st_mtime_ns, before.st_ino) == (after.st_mtime_ns, after.st_ino)


def test_unchanged_checkout_does_not_rewrite(setup: Path) -> None:
    git(setup, "checkout", "-q", "main")
    git(setup, "checkout", "-q", "-b", "same-as-main")
    git(setup, "checkout", "-q", "main")
    before = os.stat(setup / "CLAUDE.md").st_mtime_ns
    git(setup, "checkout", "-q", "same-as-main")  # inherits main: different text (marked)
    git(setup, "checkout", "-q", "main")
    middle = os.stat(setup / "CLAUDE.md").st_mtime_ns
    git(setup, "checkout", "-q", "main")
    assert os.stat(setup / "CLAUDE.md").st_mtime_ns == middle
    assert middle >= before


def test_hand_written_claude_md_survives(repo: Path) -> None:
    gitmemory(repo, "init", "--hooks", "none")
    (repo / "CLAUDE.md").write_text("written by a person\n")
    gitmemory(repo, "install")
    git(repo, "checkout", "-q", "-b", "other")
    done = git(repo, "checkout", "main")
    assert (repo / "CLAUDE.md").read_text() == "written by a person\n"
    assert done.returncode == 0


def test_init_migrates_existing_claude_md_with_history(repo: Path) -> None:
    commit_file(repo, "CLAUDE.md", "# Team rules\n", "Add CLAUDE.md")
    gitmemory(repo, "init")
    assert (repo / "CLAUDE_base.md").read_text() == "# Team rules\n"
    git(repo, "commit", "-q", "-m", "migrate")
    log = git(repo, "log", "--follow", "--format=%s", "--", "CLAUDE_base.md").stdout
    assert "Add CLAUDE.md" in log
    assert _claude(repo).split("\n", 1)[1].startswith("# Team rules\n")
    again = gitmemory(repo, "init")
    assert "already there" in again.stdout  # idempotent


def test_existing_hook_is_chained_and_restored(repo: Path, tmp_path: Path) -> None:
    hooks = repo / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    marker = tmp_path / "legacy-ran"
    original = f"#!/bin/sh\necho \"$@\" >> {marker}\ncat >> {marker}\nexit 0\n"
    for name in ("post-checkout", "pre-push"):
        (hooks / name).write_text(original)
        (hooks / name).chmod(0o755)
    gitmemory(repo, "init")
    assert (hooks / "post-checkout.pre-gitmemory").read_text() == original
    git(repo, "checkout", "-q", "-b", "other")
    assert marker.read_text().split()[-1] == "1"  # the old hook saw checkout's arguments
    assert (repo / "CLAUDE.md").exists()  # and gitmemory ran too
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "config", "gitmemory.pushPolicy", "off")
    git(repo, "push", "-q", "origin", "other")
    head = git(repo, "rev-parse", "HEAD").stdout.strip()
    assert f"refs/heads/other {head} refs/heads/other" in marker.read_text()  # stdin replayed
    done = gitmemory(repo, "uninstall")
    assert "your previous hook restored" in done.stdout
    assert (hooks / "post-checkout").read_text() == original
    assert not (hooks / "post-checkout.pre-gitmemory").exists()
    assert not (hooks / "post-commit").exists()


def test_failing_legacy_pre_push_still_blocks(repo: Path, tmp_path: Path) -> None:
    hooks = repo / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    (hooks / "pre-push").write_text("#!/bin/sh\necho no >&2\nexit 1\n")
    (hooks / "pre-push").chmod(0o755)
    gitmemory(repo, "install")
    git(tmp_path, "init", "-q", "--bare", str(tmp_path / "r.git"))
    git(repo, "remote", "add", "origin", str(tmp_path / "r.git"))
    assert git(repo, "push", "origin", "main", check=False).returncode != 0


def test_hooks_path_is_respected(repo: Path) -> None:
    git(repo, "config", "core.hooksPath", "custom-hooks")
    gitmemory(repo, "install")
    assert native.is_ours(str(repo / "custom-hooks" / "post-checkout"))
    assert not (repo / ".git" / "hooks" / "post-checkout").exists()
    (repo / "CLAUDE_base.md").write_text("base\n")
    git(repo, "checkout", "-q", "-b", "x")
    assert "base" in _claude(repo)


def test_linked_worktree(setup: Path, tmp_path: Path) -> None:
    other = tmp_path / "wt"
    git(setup, "checkout", "-q", "main")
    git(setup, "worktree", "add", "-q", str(other), "feature/auth")
    assert "Auth tokens are compared in UTC" in _claude(other)  # post-checkout on worktree add
    assert "snake_case" in _claude(setup)
    git(other, "checkout", "-q", "-b", "wt-branch")
    assert "inherited from `main`" in _claude(other)
    journal = setup / ".git" / "gitmemory" / "journal"
    commit_file(other, "wt.txt", "x\n", "Work in the worktree")
    assert "\twt-branch\t" in journal.read_text()  # one journal for every worktree


def test_deleted_interpreter_never_breaks_checkout(repo: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    hooks = Path(git(repo, "rev-parse", "--git-path", "hooks").stdout.strip())
    hooks = hooks if hooks.is_absolute() else repo / hooks
    hooks.mkdir(exist_ok=True)
    for name in native.HOOKS:
        (hooks / name).write_text(native.render(name, str(python)))
        (hooks / name).chmod(0o755)
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text("")  # the repository chose gitmemory
    (repo / "CLAUDE_base.md").write_text("base\n")
    git(repo, "checkout", "-q", "-b", "one")
    assert (repo / "CLAUDE.md").exists()  # that interpreter ran the hook
    shutil.rmtree(venv)
    env = dict(os.environ, PATH="/usr/bin:/bin")  # no gitmemory to fall back on either
    done = git(repo, "checkout", "main", env=env, check=False)
    assert done.returncode == 0
    assert "gitmemory" not in done.stderr
    assert git(repo, "commit", "--allow-empty", "-q", "-m", "x", env=env,
               check=False).returncode == 0


def test_disable_switch_and_detached_head(setup: Path) -> None:
    git(setup, "checkout", "-q", "main")
    before = _claude(setup)
    env = dict(os.environ, GITMEMORY_DISABLE="1")
    git(setup, "checkout", "-q", "feature/auth", env=env)
    assert _claude(setup) == before
    git(setup, "checkout", "-q", "--detach", "main")
    git(setup, "checkout", "-q", "--detach", "feature/auth")
    assert _claude(setup) == before  # detached HEAD: nothing


def test_post_commit_journals_and_rebuilds_on_base_change(setup: Path) -> None:
    sha = commit_file(setup, "CLAUDE_base.md", "# New base text\n", "Edit base")
    journal = (setup / ".git" / "gitmemory" / "journal").read_text()
    assert f"commit\t{sha}\tfeature/auth\t" in journal
    assert "# New base text" in _claude(setup)


def test_rebase_in_progress_does_nothing_then_rewrite_is_recorded(setup: Path) -> None:
    git(setup, "checkout", "-q", "main")
    commit_file(setup, "a.txt", "main\n", "main change")
    git(setup, "checkout", "-q", "feature/auth")
    old = commit_file(setup, "b.txt", "feature\n", "feature change")
    git(setup, "rebase", "-q", "main")
    new = git(setup, "rev-parse", "HEAD").stdout.strip()
    journal = (setup / ".git" / "gitmemory" / "journal").read_text()
    assert f"rewrite\t{old}\t{new}\trebase\t" in journal
    assert "Auth tokens are compared in UTC" in _claude(setup)
    amended_from = new
    git(setup, "commit", "-q", "--amend", "-m", "feature change, reworded")
    amended = git(setup, "rev-parse", "HEAD").stdout.strip()
    journal = (setup / ".git" / "gitmemory" / "journal").read_text()
    assert f"rewrite\t{amended_from}\t{amended}\tamend\t" in journal


def test_merge_conflict_in_progress_skips_hooks(setup: Path) -> None:
    commit_file(setup, "c.txt", "feature\n", "feature c")
    git(setup, "checkout", "-q", "main")
    commit_file(setup, "c.txt", "main\n", "main c")
    assert git(setup, "merge", "feature/auth", check=False).returncode != 0
    assert (setup / ".git" / "MERGE_HEAD").exists()
    before = _claude(setup)
    done = git(setup, "checkout", "-q", "--", "README.md", check=False)
    assert done.stderr == ""
    assert _claude(setup) == before


def test_merge_commit_refreshes_claude_md(setup: Path) -> None:
    """git keeps MERGE_HEAD while post-merge runs; the finished merge still counts."""
    git(setup, "checkout", "-q", "main")
    git(setup, "checkout", "-q", "-b", "topic")
    _add_memory(setup, "main", "Releases are tagged from main only")
    git(setup, "checkout", "-q", "main")
    commit_file(setup, "other.txt", "diverge\n", "main moves on")
    assert "Releases are tagged" not in _claude(setup)
    git(setup, "merge", "-q", "--no-ff", "--no-edit", "topic")
    assert "Releases are tagged from main only" in _claude(setup)


def test_the_hook_log_never_keeps_a_secret(repo: Path) -> None:
    from gitmemory import state
    token = "ghp_" + "r8Kf2LmQ9xTz4VbN7wYc1HsJ6dPq3UeA0gXo"
    path = state.log(str(repo / ".git" / "gitmemory"),
                     f"fatal: unable to access 'https://bot:{token}@example.com/x.git'")
    text = Path(path).read_text()
    assert token not in text
    assert "[REDACTED:" in text


def test_a_memory_file_too_large_to_read_is_left_out_in_one_line(setup: Path) -> None:
    """Any branch can commit a memory file of any size; a checkout reads none past
    MAX_BYTES (it would read and parse it whole on every switch): one line, no hang."""
    from gitmemory.memory.markdown import MAX_BYTES

    git(setup, "checkout", "-q", "-b", "huge")
    path = setup / ".gitmemory" / "branches" / "huge.md"
    line = "- An item long enough to fill the file with something that parses\n"
    path.write_text("# Branch Memory: huge\n\n## Facts\n\n" + line * (MAX_BYTES // len(line) + 1))
    git(setup, "add", "-A")
    git(setup, "commit", "-q", "-m", "a huge memory file")
    git(setup, "checkout", "-q", "main")
    done = git(setup, "checkout", "-q", "huge")
    assert done.stderr.count("\n") == 1
    assert "huge.md is too large to read" in done.stderr
    assert "its memory is left out" in done.stderr
