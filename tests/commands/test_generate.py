"""``gitmemory generate`` (commands/generate.py): rebuild, ``--check`` for CI and editors,
``--session-start`` for an agent's hook; the exit code says when a file was not ours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from testing.agents import API_RULES, write_memory
from testing.cli import Cli, runner
from testing.gitrepo import git
from testing.team import run_gitmemory

API = ("Handlers in src/api return plain dicts", ("src/api/",))


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    return runner(capsys)


@pytest.fixture
def api(repo: Path) -> Path:
    (repo / "src" / "api").mkdir(parents=True)
    (repo / "src" / "api" / "routes.py").write_text("ROUTES = []\n")
    (repo / "CLAUDE_base.md").write_text("# Project\n")
    git(repo, "config", "gitmemory.outputs", "claude,cursor")
    (repo / ".gitignore").write_text("/CLAUDE.md\n/.cursor/rules/gitmemory*\n")  # as init
    write_memory(repo, "main", conventions=(API, "Logs go through one logger"))
    return repo


def test_generate_says_what_it_did_to_each_file(api: Path, cli: Cli) -> None:
    assert cli("generate") == (0, "CLAUDE.md: written\n.cursor/rules/gitmemory.mdc: written\n"
                                  ".cursor/rules/gitmemory-src-api.mdc: written\n", "")
    assert cli("generate") == (0, "CLAUDE.md: unchanged\n.cursor/rules/gitmemory.mdc: "
                                  "unchanged\n.cursor/rules/gitmemory-src-api.mdc: "
                                  "unchanged\n", "")


@pytest.mark.parametrize("change", ["memory", "base", "deleted rule", "edited rule",
                                    "area gone"])
def test_check_names_each_stale_file_and_changes_nothing(api: Path, cli: Cli, change: str
                                                         ) -> None:
    cli("generate")
    assert cli("generate", "--check") == (0, "agent files are up to date\n", "")
    rule = api / API_RULES["cursor"]
    if change == "memory":
        write_memory(api, "main", conventions=(API, "Logs go through two loggers"))
        stale = ["CLAUDE.md", ".cursor/rules/gitmemory.mdc"]
    elif change == "base":
        (api / "CLAUDE_base.md").write_text("# Project, renamed\n")
        stale = ["CLAUDE.md"]
    elif change == "deleted rule":
        rule.unlink()
        stale = [API_RULES["cursor"]]
    elif change == "edited rule":
        rule.write_text(rule.read_text() + "- a note\n")
        stale = [API_RULES["cursor"]]
    else:  # the rule file is still there, but no item needs it (and the refs moved)
        write_memory(api, "main", conventions=("Logs go through one logger",))
        stale = ["CLAUDE.md", ".cursor/rules/gitmemory.mdc", API_RULES["cursor"]]
    before = {p: p.read_bytes() for p in api.rglob("*") if p.is_file() and ".git/" not in
              str(p)}
    code, out, err = cli("generate", "--check")
    assert code == 1 and err == ""
    assert out.splitlines() == [f"{rel} is stale; run gitmemory generate" for rel in stale]
    after = {p: p.read_bytes() for p in api.rglob("*") if p.is_file() and ".git/" not in str(p)}
    assert after == before
    cli("generate")
    assert cli("generate", "--check")[0] == 0


def test_a_file_left_alone_makes_generate_exit_1_and_says_why(api: Path, cli: Cli) -> None:
    (api / "CLAUDE.md").write_text("# Written by a person\n")
    code, out, err = cli("generate")
    assert code == 1
    assert "CLAUDE.md: kept\n" in out
    assert err == ("gitmemory: CLAUDE.md was not written by gitmemory, so it is left alone "
                   "(run `gitmemory init` to move it into CLAUDE_base.md)\n")
    code, out, err = cli("generate")
    assert (code, err) == (1, "") and "CLAUDE.md: kept\n" in out  # still kept, said once


def test_check_and_session_start_do_not_go_together(api: Path, cli: Cli) -> None:
    code, out, err = cli("generate", "--check", "--session-start")
    assert code == 2 and out == ""
    assert "--check and --session-start do not go together" in err


def test_generate_on_a_detached_head_says_to_check_a_branch_out(api: Path, cli: Cli) -> None:
    git(api, "checkout", "-q", "--detach")
    assert cli("generate") == (1, "", "gitmemory: error: HEAD is detached (hint: name a "
                                      "branch, or check one out)\n")


def test_session_start_hands_over_claude_md_only_when_it_changed(api: Path, cli: Cli) -> None:
    code, out, err = cli("generate", "--session-start")
    assert (code, err) == (0, "")
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert context.startswith("gitmemory rebuilt CLAUDE.md for branch `main` as this session "
                              "started")
    assert "# Project" in context and "Logs go through one logger" in context
    assert "gitmemory-stamp:" not in context
    assert cli("generate", "--session-start") == (0, "", "")  # up to date: silent
    (api / API_RULES["cursor"]).unlink()  # a rule file rebuilt: not the session's file
    assert cli("generate", "--session-start") == (0, "", "")
    assert (api / API_RULES["cursor"]).exists()


def test_session_start_names_the_file_the_settings_chose(api: Path, cli: Cli) -> None:
    git(api, "config", "gitmemory.output-file", "docs/CLAUDE.md")
    (api / "docs").mkdir()
    code, out, _ = cli("generate", "--session-start")
    assert code == 0
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert context.startswith("gitmemory rebuilt docs/CLAUDE.md for branch `main`")
    assert (api / "docs" / "CLAUDE.md").exists() and not (api / "CLAUDE.md").exists()


def test_session_start_on_a_detached_head_shows_the_default_branchs_memory(
        api: Path, cli: Cli) -> None:
    """A cloud agent or a CI job checks out a commit, not a branch: the session still starts
    with the default branch's memory, and the hook does not fail."""
    git(api, "add", "-A")
    git(api, "commit", "-q", "-m", "memory")
    git(api, "checkout", "-q", "--detach")
    code, out, err = cli("generate", "--session-start")
    assert (code, err) == (0, "")
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert "Logs go through one logger" in context
    assert "Logs go through one logger" in (api / "CLAUDE.md").read_text()


def test_the_session_start_hook_and_the_older_generate_flag_do_the_same(
        api: Path, cli: Cli) -> None:
    """Settings files written before 0.4 run ``generate --session-start``; ``gitmemory hook
    session-start`` is the hook under its own command (a subprocess: hooks mark their
    environment)."""
    assert "--session-start" not in cli("generate", "--help")[1]  # hidden, still accepted
    hooked = run_gitmemory(api, "hook", "session-start")
    assert hooked.returncode == 0 and hooked.stderr == ""
    context = json.loads(hooked.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Logs go through one logger" in context
    (api / "CLAUDE.md").unlink()
    assert json.loads(cli("generate", "--session-start")[1])["hookSpecificOutput"][
        "additionalContext"] == context
