"""gitmemory/hooks/main.py, in process: the dispatcher never fails the git command it serves,
says what went wrong in one line with the details in the local log, honours its escape
hatches, and each hook acts only when the repository chose gitmemory and is on a branch."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from gitmemory import git as door
from gitmemory import journal
from gitmemory.errors import GitmemoryError
from gitmemory.hooks import main
from testing.gitrepo import commit_file, diverged, git, memory_text

CONFIG = ".gitmemory/config.toml"


@pytest.fixture(autouse=True)
def hook_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dispatcher sets GITMEMORY_HOOK for git commands it starts: undone after each test."""
    monkeypatch.setenv(main.HOOK_ENV, "")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


@pytest.fixture
def chosen(repo: Path) -> Path:
    """A repository whose team chose gitmemory (a tracked config) with memory on main; the
    memory's item names a file the tree has (a file pytest loads unasked needs that)."""
    (repo / ".gitmemory" / "branches").mkdir(parents=True)
    (repo / "tests").mkdir(exist_ok=True)
    (repo / "tests" / "conftest.py").write_text("import pytest\n")
    (repo / CONFIG).write_text("")
    (repo / ".gitmemory" / "branches" / "main.md").write_text(
        memory_text("main", conventions=("Fixtures live in conftest.py",)))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "memory")
    return repo


def _hook(*argv: str) -> int:
    """One hook run, as if in its own process: the recursion guard it set is gone after."""
    try:
        return main.main(list(argv))
    finally:
        os.environ[main.HOOK_ENV] = ""


def _state(repo: Path) -> Path:
    return repo / ".git" / "gitmemory"


def test_no_hook_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert _hook() == 2
    assert capsys.readouterr().err == \
        "gitmemory: error: usage: gitmemory hook <hook-name> [args]\n"


def test_an_unknown_hook_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert _hook("pre-commit") == 2
    err = capsys.readouterr().err
    assert err.startswith("gitmemory: error: unknown hook 'pre-commit'; known: post-checkout, ")
    assert err.count("\n") == 1


@pytest.mark.parametrize(("value", "off"), [("1", True), ("yes", True), ("TRUE", True),
                                            ("0", False), ("false", False), ("No", False),
                                            ("", False), (" 0 ", False)])
def test_the_disable_switch(monkeypatch: pytest.MonkeyPatch, value: str, off: bool) -> None:
    monkeypatch.setenv("GITMEMORY_DISABLE", value)
    assert main.disabled() is off


def test_a_disabled_hook_does_nothing_at_all(chosen: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GITMEMORY_DISABLE", "1")
    assert _hook("post-checkout", "a", "b", "1") == 0
    assert not (chosen / "CLAUDE.md").exists()
    assert capsys.readouterr() == ("", "")


def test_a_hook_inside_a_hook_does_nothing(chosen: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """git commands a hook runs fire hooks of their own: the guard stops the recursion."""
    monkeypatch.setenv(main.HOOK_ENV, "post-commit")
    assert _hook("post-checkout", "a", "b", "1") == 0
    assert not (chosen / "CLAUDE.md").exists()


def test_a_branch_checkout_renders_the_agent_file(chosen: Path) -> None:
    assert _hook("post-checkout", "a", "b", "1") == 0
    assert "Fixtures live in conftest.py" in (chosen / "CLAUDE.md").read_text()


@pytest.mark.parametrize("args", [[], ["a", "b"], ["a", "b", "0"]])
def test_a_file_checkout_or_missing_arguments_render_nothing(chosen: Path,
                                                             args: list[str]) -> None:
    assert _hook("post-checkout", *args) == 0
    assert not (chosen / "CLAUDE.md").exists()


def test_a_repository_that_never_chose_gitmemory_is_left_alone(repo: Path) -> None:
    assert _hook("post-checkout", "a", "b", "1") == 0
    assert _hook("post-commit") == 0
    assert not (repo / "CLAUDE.md").exists()
    assert not _state(repo).exists()


def test_a_disabled_repository_is_left_alone(chosen: Path) -> None:
    (chosen / CONFIG).write_text("enabled = false\n")
    assert _hook("post-checkout", "a", "b", "1") == 0
    assert not (chosen / "CLAUDE.md").exists()


def test_a_detached_head_renders_nothing(chosen: Path) -> None:
    git(chosen, "checkout", "-q", "--detach")
    assert _hook("post-checkout", "a", "b", "1") == 0
    assert not (chosen / "CLAUDE.md").exists()


def test_a_user_error_is_one_line_logged_and_never_fails_git(
        chosen: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (chosen / CONFIG).write_text("this is = not toml [\n")
    assert _hook("post-checkout", "a", "b", "1") == 0
    err = capsys.readouterr().err
    log = _state(chosen) / "hooks.log"
    assert err.startswith("gitmemory: post-checkout hook: ")
    assert "is not valid TOML" in err
    assert err.rstrip("\n").endswith(f"(details: {log})")
    assert err.count("\n") == 1
    assert "post-checkout: " in log.read_text()


def test_an_internal_error_keeps_its_traceback_in_the_log(
        chosen: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken(info: door.RepoInfo, args: list[str]) -> int:
        raise KeyError("a bug")

    monkeypatch.setitem(main.HANDLERS, "post-commit", broken)
    assert _hook("post-commit") == 0
    err = capsys.readouterr().err
    assert "post-commit hook: internal error (KeyError: 'a bug')" in err
    log = (_state(chosen) / "hooks.log").read_text()
    assert "Traceback (most recent call last)" in log
    assert "raise KeyError" in log


def test_outside_a_repository_the_error_has_no_log_to_point_at(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert _hook("post-commit") == 0
    err = capsys.readouterr().err
    assert err == "gitmemory: post-commit hook: not a git repository " \
                  "(hint: run gitmemory inside a git work tree)\n"


def test_a_log_that_cannot_be_written_still_leaves_the_one_line(
        chosen: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (chosen / CONFIG).write_text("[broken\n")
    _state(chosen).parent.joinpath("gitmemory").write_text("a file where the dir should be")
    assert _hook("post-checkout", "a", "b", "1") == 0
    err = capsys.readouterr().err
    assert "is not valid TOML" in err
    assert "details" not in err


def test_post_commit_journals_the_commit_and_leaves_a_fresh_agent_file(chosen: Path) -> None:
    assert _hook("post-checkout", "a", "b", "1") == 0
    written = (chosen / "CLAUDE.md").stat().st_mtime_ns
    sha = commit_file(chosen, "a.py", "A = 1\n", "feat: a")
    assert _hook("post-commit") == 0
    (entry,) = journal.entries(str(_state(chosen)))
    assert entry[:3] == ["commit", sha, "main"]
    assert (chosen / "CLAUDE.md").stat().st_mtime_ns == written  # no input of it changed


def test_post_commit_renders_when_the_commit_changed_memory(chosen: Path) -> None:
    assert _hook("post-checkout", "a", "b", "1") == 0
    claude = chosen / "CLAUDE.md"
    os.utime(claude, ns=(10**18, 10**18 - 10**12))  # written well before the edit below
    (chosen / ".gitmemory" / "branches" / "main.md").write_text(
        memory_text("main", conventions=("Fixtures moved to testing/",)))
    os.utime(chosen / ".gitmemory" / "branches" / "main.md", ns=(10**18, 10**18))
    git(chosen, "commit", "-qam", "edit memory")
    assert _hook("post-commit") == 0
    assert "Fixtures moved to testing/" in claude.read_text()


def test_post_commit_renders_an_agent_file_that_is_missing(chosen: Path) -> None:
    commit_file(chosen, "a.py", "A = 1\n", "feat: a")
    assert _hook("post-commit") == 0
    assert "Fixtures live in conftest.py" in (chosen / "CLAUDE.md").read_text()


def test_post_commit_during_a_rebase_does_nothing(chosen: Path) -> None:
    (chosen / ".git" / "rebase-merge").mkdir()
    assert _hook("post-commit") == 0
    assert journal.entries(str(_state(chosen))) == []


def test_post_rewrite_journals_the_pairs_git_gives(chosen: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = "a" * 40, "b" * 40
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{old} {new}\n{old}\nnot-a-pair\n"))
    assert _hook("post-rewrite", "rebase") == 0
    assert journal.direct_rewrites(str(_state(chosen))) == {old: new}
    assert (chosen / "CLAUDE.md").exists()


def test_an_amend_without_stdin_is_read_from_the_reflog(chosen: Path) -> None:
    """Under pre-commit git's sha list is lost: HEAD@{1} -> HEAD stands for it."""
    before = git(chosen, "rev-parse", "HEAD").stdout.strip()
    git(chosen, "commit", "-q", "--amend", "-m", "memory, amended")
    after = git(chosen, "rev-parse", "HEAD").stdout.strip()
    assert _hook("post-rewrite", "amend") == 0
    assert journal.direct_rewrites(str(_state(chosen))) == {before: after}


def test_post_rewrite_in_a_repository_that_never_chose_journals_nothing(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{'a' * 40} {'b' * 40}\n"))
    assert _hook("post-rewrite", "rebase") == 0
    assert not _state(repo).exists()


def _merge(repo: Path, branch: str, message: str | None = None) -> None:
    git(repo, "checkout", "-q", "-b", branch)
    commit_file(repo, f"{branch}.txt", "x\n", f"work on {branch}")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "-m", message or f"Merge {branch}", branch)


def test_merged_branch_is_read_from_heads_reflog(chosen: Path) -> None:
    _merge(chosen, "feature/login")
    info = door.repo_info(str(chosen))
    assert main.merged_branch(info) == "feature/login"


def test_merged_branch_from_packed_refs(chosen: Path) -> None:
    _merge(chosen, "topic")
    git(chosen, "pack-refs", "--all")
    assert main.merged_branch(door.repo_info(str(chosen))) == "topic"


def test_merged_branch_is_none_when_the_last_move_was_no_merge(chosen: Path) -> None:
    _merge(chosen, "topic")
    commit_file(chosen, "after.txt", "x\n", "after the merge")
    assert main.merged_branch(door.repo_info(str(chosen))) is None


def test_merged_branch_is_none_once_the_branch_is_deleted(chosen: Path) -> None:
    _merge(chosen, "gone")
    git(chosen, "branch", "-q", "-D", "gone")
    assert main.merged_branch(door.repo_info(str(chosen))) is None


def test_merged_branch_without_a_reflog_is_none(chosen: Path) -> None:
    (chosen / ".git" / "logs" / "HEAD").unlink()
    assert main.merged_branch(door.repo_info(str(chosen))) is None


@pytest.mark.parametrize(("promote", "said"), [(True, True), (False, False)])
def test_post_merge_into_the_default_branch_says_how_to_promote(
        chosen: Path, capsys: pytest.CaptureFixture[str], promote: bool, said: bool) -> None:
    (chosen / CONFIG).write_text(f"promote_on_merge = {str(promote).lower()}\n")
    _merge(chosen, "feature/x")
    assert _hook("post-merge", "0") == 0
    err = capsys.readouterr().err
    hint = "feature/x is merged into main: `gitmemory promote feature/x` folds its memory"
    assert (hint in err) is said
    assert (chosen / "CLAUDE.md").exists()


def test_post_merge_into_another_branch_says_nothing(chosen: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (chosen / CONFIG).write_text("promote_on_merge = true\n")
    git(chosen, "checkout", "-q", "-b", "integration")
    git(chosen, "checkout", "-q", "-b", "topic")
    commit_file(chosen, "t.txt", "t\n", "topic work")
    git(chosen, "checkout", "-q", "integration")
    git(chosen, "merge", "-q", "--no-ff", "-m", "Merge topic", "topic")
    assert _hook("post-merge", "0") == 0
    assert "promote" not in capsys.readouterr().err


def test_post_merge_while_a_cherry_pick_is_stopped_does_nothing(chosen: Path) -> None:
    diverged(chosen, "other")
    assert git(chosen, "cherry-pick", "other", check=False).returncode != 0
    assert (chosen / ".git" / "CHERRY_PICK_HEAD").exists()
    assert _hook("post-merge", "0") == 0
    assert not (chosen / "CLAUDE.md").exists()


@pytest.mark.parametrize(("stdin", "expected"), [
    (None, ""),
    ("closed", ""),
    ("HEAD abc refs/heads/x def\n", "HEAD abc refs/heads/x def\n"),
])
def test_read_stdin(monkeypatch: pytest.MonkeyPatch, stdin: str | None, expected: str) -> None:
    stream: io.StringIO | None = None
    if stdin is not None:
        stream = io.StringIO("" if stdin == "closed" else stdin)
        if stdin == "closed":
            stream.close()
    monkeypatch.setattr(sys, "stdin", stream)
    assert main.read_stdin() == expected


def test_the_error_type_hooks_report_is_the_users_one() -> None:
    """What the dispatcher prints for a user error is exactly its one line."""
    error = GitmemoryError("memory is locked", hint="wait for the other run")
    assert error.one_line() == "memory is locked (hint: wait for the other run)"
    assert GitmemoryError("plain").one_line() == "plain"
    assert GitmemoryError("x", exit_code=4).exit_code == 4


def test_pre_push_returns_the_push_hook_s_verdict(chosen: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The one hook that may stop its git command: exit code 3 after a memory commit."""
    (chosen / CONFIG).write_text('provider = "offline"\n')
    sha = commit_file(chosen, "retry.py", "def retry():\n    pass\n",
                      "feat: retry\n\nMemory-Convention: Retry loops back off exponentially")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"refs/heads/main {sha} refs/heads/main "
                                                  f"{'0' * 40}\n"))
    assert _hook("pre-push", "origin", "/srv/remote.git") == 3
    assert git(chosen, "rev-parse", "HEAD^").stdout.strip() == sha


@pytest.mark.parametrize("how", ["--ff-only", "--no-ff"])
def test_merged_branch_after_a_fast_forward_or_a_merge_commit(chosen: Path, how: str) -> None:
    git(chosen, "checkout", "-q", "-b", "feature/ff")
    commit_file(chosen, "ff.txt", "x\n", "work")
    git(chosen, "checkout", "-q", "main")
    git(chosen, "merge", "-q", how, "--no-edit", "feature/ff")
    assert main.merged_branch(door.repo_info(str(chosen))) == "feature/ff"


def test_a_pull_is_not_a_local_branch_merged(chosen: Path, tmp_path: Path) -> None:
    remote = tmp_path / "remote.git"
    git(tmp_path, "clone", "-q", "--bare", str(chosen), str(remote))
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", str(remote), str(other))
    commit_file(other, "theirs.txt", "t\n", "theirs")
    git(other, "push", "-q", "origin", "main")
    git(chosen, "pull", "-q", "--no-rebase", str(remote), "main")
    assert main.merged_branch(door.repo_info(str(chosen))) is None
