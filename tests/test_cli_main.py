"""gitmemory/cli.py's edge, in process: every way a command can end is one line on stderr
with the exit code scripts rely on; a bug keeps its traceback in the local log."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import __version__, cli
from gitmemory.commands import memorize as memorize_command
from gitmemory.errors import ConfigError
from testing.gitrepo import commit_file, git


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.cli_main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_no_command_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys)
    assert code == 0
    assert out.startswith("Usage: gitmemory [OPTIONS] COMMAND [ARGS]...")
    assert "memorize" in out and err == ""


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--version")
    assert (code, out) == (0, f"gitmemory, version {__version__}\n")


@pytest.mark.parametrize(("args", "fragment"), [
    (["generate", "--check", "--session-start"], "--check and --session-start do not go "
                                                 "together (hint: gitmemory generate --help)"),
    (["diff", "--json", "--markdown"], "--json and --markdown do not go together "
                                       "(hint: gitmemory diff --help)"),
    (["search", "x", "--limit", "0"], "(hint: gitmemory search --help)"),
    (["search", "x", "--section", "gossip"], "'gossip' is not one of"),
    (["memorize", "--provider", "gpt"], "'gpt' is not one of 'auto', 'anthropic', "
                                        "'claude-cli', 'openai', 'offline'"),
])
def test_usage_errors_are_one_line_with_the_commands_help(
        capsys: pytest.CaptureFixture[str], repo: Path, args: list[str], fragment: str) -> None:
    code, out, err = _run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.startswith("gitmemory: error: ")
    assert err.count("\n") == 1
    assert fragment in err


def test_a_config_error_exits_2(capsys: pytest.CaptureFixture[str], repo: Path) -> None:
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text("[oops\n")
    code, _, err = _run(capsys, "memorize", "--dry-run")
    assert code == ConfigError.exit_code == 2
    assert "is not valid TOML" in err and err.count("\n") == 1


@pytest.mark.parametrize(("args", "said"), [
    (["memorize", "--all", "main"], "gitmemory: error: --all takes no BRANCH and no --since\n"),
    (["memorize", "--all", "--since", "HEAD"],
     "gitmemory: error: --all takes no BRANCH and no --since\n"),
    (["memorize", "--since", "HEAD~5"], "gitmemory: error: --since 'HEAD~5' is not a commit\n"),
])
def test_memorize_refuses_what_it_cannot_do(capsys: pytest.CaptureFixture[str], repo: Path,
                                            args: list[str], said: str) -> None:
    code, _, err = _run(capsys, *args)
    assert (code, err) == (1, said)


def test_memorize_on_a_detached_head_asks_for_a_branch(capsys: pytest.CaptureFixture[str],
                                                       repo: Path) -> None:
    git(repo, "checkout", "-q", "--detach")
    code, _, err = _run(capsys, "memorize")
    assert (code, err) == (1, "gitmemory: error: HEAD is detached (hint: name a branch, or "
                              "check one out)\n")


def test_memorize_dry_run_lists_what_the_offline_extractor_would_store(
        capsys: pytest.CaptureFixture[str], repo: Path) -> None:
    commit_file(repo, "api.py", "RETRIES = 1\n",
                "fix(api): retry once on 503\n\nMemory-Convention: Retry idempotent calls once")
    code, out, err = _run(capsys, "memorize", "--dry-run", "--provider", "offline")
    assert code == 0
    assert "provider: offline (--provider offline)" in err
    assert "--- main: items a run would store" in out
    assert "[Conventions] Retry idempotent calls once" in out
    assert not (repo / ".gitmemory").exists()  # a dry run writes nothing


def test_would_add_says_when_nothing_would_be_stored() -> None:
    assert memorize_command.would_add("main", []).splitlines()[1] == \
        "(none: these commits hold nothing the extractor keeps)"


def test_a_bug_is_one_line_and_its_traceback_goes_to_the_log(
        capsys: pytest.CaptureFixture[str], repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> int:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(memorize_command, "run", broken)
    code, _, err = _run(capsys, "memorize")
    log = repo / ".git" / "gitmemory" / "hooks.log"
    assert code == 70
    assert err == ("gitmemory: error: internal error: ZeroDivisionError: division by zero "
                   f"(details: {log})\n")
    assert "Traceback (most recent call last)" in log.read_text()
    # Issue 33 (closing trial): status listed the log's first line, "Traceback (most
    # recent call last):", as the error.
    from gitmemory.commands import status

    assert [line.split("] ", 1)[1] for line in status.recent_errors(str(log.parent))] == \
        ["memorize: internal error: ZeroDivisionError: division by zero"]


def test_a_bug_outside_a_repository_still_says_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(memorize_command, "run", lambda *a, **k: 1 // 0)
    code, _, err = _run(capsys, "memorize")
    assert (code, err) == (70, "gitmemory: error: internal error: ZeroDivisionError: integer "
                               "division or modulo by zero\n")


def test_debug_lets_a_bug_through(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITMEMORY_DEBUG", "1")
    monkeypatch.setattr(memorize_command, "run", lambda *a, **k: 1 // 0)
    with pytest.raises(ZeroDivisionError):
        cli.cli_main(["memorize"])


def test_an_interrupt_exits_130(capsys: pytest.CaptureFixture[str], repo: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(memorize_command, "run", interrupted)
    code, _, err = _run(capsys, "memorize")
    # click ends the ^C line first, then the one line says what happened
    assert (code, err) == (130, "\ngitmemory: error: aborted\n")


def test_dash_c_runs_in_another_directory(capsys: pytest.CaptureFixture[str], repo: Path,
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = _run(capsys, "-C", str(repo), "diff", "main")
    assert code == 0
    assert out.startswith("no memory changes against main")


def test_memorize_all_reports_every_branch_and_leaves_a_busy_one_waiting(
        capsys: pytest.CaptureFixture[str], repo: Path, tmp_path: Path) -> None:
    for name in ("one", "two"):
        git(repo, "checkout", "-q", "-b", name, "main")
        commit_file(repo, f"{name}.py", f"def {name}():\n    return 1\n",
                    f"feat({name}): add {name}\n\nMemory-Convention: {name} returns ints")
    git(repo, "checkout", "-q", "main")
    busy = tmp_path / "busy"
    git(repo, "worktree", "add", "-q", str(busy), "two")
    commit_file(busy, "f.txt", "two\n", "two edits f")
    git(repo, "branch", "-q", "other", "main")
    git(repo, "checkout", "-q", "other")
    commit_file(repo, "f.txt", "other\n", "other edits f")
    git(repo, "checkout", "-q", "main")
    assert git(busy, "merge", "other", check=False).returncode != 0
    code, out, _ = _run(capsys, "memorize", "--all", "--provider", "offline")
    assert code == 0
    assert "one: success +1" in out
    assert "two: skipped (a merge is under way on two; its commits wait for the next run)" \
        in out
