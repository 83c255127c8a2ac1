"""gitmemory/commands/uninstall.py in process: only what is this clone's goes; a generated
file someone tracked or edited stays, and the lines say what is left and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import cli
from gitmemory.commands import uninstall
from gitmemory.repo import Repo
from gitmemory.setup import merge_driver, native
from testing.agents import API_RULES, write_memory
from testing.gitrepo import git

API = ("Handlers in src/api return plain dicts", ("src/api/",))


@pytest.fixture
def chosen(repo: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text("")
    (repo / "CLAUDE_base.md").write_text("# Project\n\nRun the tests with pytest.\n")
    assert cli.cli_main(["generate"]) == 0
    capsys.readouterr()
    return repo


def _lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert uninstall.run() == 0
    return capsys.readouterr().out.splitlines()


def test_a_clone_with_nothing_installed_says_so(chosen: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    lines = _lines(capsys)
    assert lines[:3] == ["hooks: no gitmemory hooks were installed",
                         "merge driver: was not registered in this clone",
                         "CLAUDE.md: removed (generated, not edited)"]
    assert lines[-1].startswith("kept, as the team shares them: .gitmemory/, the base files")
    assert not (chosen / "CLAUDE.md").exists()
    assert (chosen / ".gitmemory" / "config.toml").exists()


def test_hooks_and_driver_go_and_a_tracked_generated_file_stays(
        chosen: Path, capsys: pytest.CaptureFixture[str]) -> None:
    native.install(str(chosen))
    merge_driver.register(str(chosen))
    git(chosen, "add", "-f", "CLAUDE.md")
    git(chosen, "commit", "-q", "-m", "someone committed the generated file")
    lines = _lines(capsys)
    assert "post-checkout: removed" in lines
    assert "merge driver: removed from this clone's git config" in lines
    assert (chosen / "CLAUDE.md").exists()  # tracked: the team's now
    assert not any(line.startswith("CLAUDE.md") for line in lines)
    assert merge_driver.configured_driver(str(chosen)) is None


def test_an_edited_generated_file_is_kept_and_said(chosen: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    claude = chosen / "CLAUDE.md"
    claude.write_text(claude.read_text() + "\nA note added by hand.\n")
    assert "CLAUDE.md: kept, edited by hand since gitmemory wrote it" in _lines(capsys)
    assert claude.exists()


def test_a_hand_written_file_is_not_mentioned(repo: Path) -> None:
    (repo / "CLAUDE.md").write_text("# Written by a person\n")
    assert uninstall.generated_files(Repo.open()) == []
    assert (repo / "CLAUDE.md").exists()


def test_a_pre_commit_config_that_still_runs_gitmemory_is_pointed_out(
        chosen: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (chosen / ".pre-commit-config.yaml").write_text(
        "repos:\n- repo: local\n  hooks:\n  - id: gitmemory-post-checkout\n")
    assert any(line.startswith(".pre-commit-config.yaml still runs gitmemory's hooks")
               for line in _lines(capsys))


def test_rule_files_go_and_so_does_a_directory_of_their_own(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Claude Code's rules are on by default: uninstall read the rule directory as a file
    and stopped ("... is not a regular file")."""
    from testing.agents import write_memory

    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "config.toml").write_text(
        'outputs = ["claude", "claude-rules", "copilot"]\n')
    (repo / "src" / "api").mkdir(parents=True)
    (repo / "src" / "api" / "routes.py").write_text("ROUTES = []\n")
    (repo / ".github").mkdir()
    (repo / ".github" / "copilot-instructions.md").write_text("Ours, by hand.\n")
    write_memory(repo, "main", conventions=(("Handlers return dicts", ("src/api/routes.py",)),
                                            "Keep it fast"))
    assert cli.cli_main(["generate"]) == 0
    assert (repo / ".claude/rules/gitmemory/src-api.md").exists()
    capsys.readouterr()
    lines = _lines(capsys)
    assert ".claude/rules/gitmemory/src-api.md: removed (generated, not edited)" in lines
    assert ".github/instructions/gitmemory-src-api.instructions.md: removed (generated, not " \
           "edited)" in lines
    assert not (repo / ".claude" / "rules" / "gitmemory").exists()
    assert not list((repo / ".github" / "instructions").glob("gitmemory*"))
    assert (repo / ".github" / "copilot-instructions.md").read_text() == "Ours, by hand.\n"


@pytest.mark.parametrize("output", ["copilot", "cursor", "windsurf", "claude-rules"])
def test_rule_files_go_and_the_user_s_files_beside_them_stay(
        repo: Path, capsys: pytest.CaptureFixture[str], output: str) -> None:
    """Issue 33: a rule set's directory was read as one file ("... is not a regular file
    (hint: replace it with a regular file)"), exit 1, the rule files left behind."""
    (repo / "src" / "api").mkdir(parents=True)
    (repo / "src" / "api" / "routes.py").write_text("ROUTES = []\n")
    (repo / ".github").mkdir()
    (repo / ".github" / "copilot-instructions.md").write_text("Use tabs.\n")
    (repo / "CLAUDE_base.md").write_text("# Project\n")
    git(repo, "config", "gitmemory.outputs", f"claude,{output}")
    write_memory(repo, "main", conventions=(API, "Logs go through one logger"))
    assert cli.cli_main(["generate"]) == 0
    rule = repo / API_RULES[output]
    theirs = rule.parent / "theirs.md"
    theirs.write_text("A rule of the user's.\n")
    capsys.readouterr()
    assert cli.cli_main(["uninstall"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert f"{API_RULES[output]}: removed (generated, not edited)" in out
    assert not rule.exists()
    assert theirs.read_text() == "A rule of the user's.\n"
    assert (repo / ".github" / "copilot-instructions.md").exists()
    assert not (repo / "CLAUDE.md").exists()


def test_the_rule_directory_goes_when_gitmemory_emptied_it(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "src" / "api").mkdir(parents=True)
    (repo / "src" / "api" / "routes.py").write_text("ROUTES = []\n")
    git(repo, "config", "gitmemory.outputs", "claude,copilot")
    write_memory(repo, "main", conventions=(API, "Logs go through one logger"))
    assert cli.cli_main(["generate"]) == 0
    assert (repo / API_RULES["copilot"]).exists()
    assert cli.cli_main(["uninstall"]) == 0
    assert not (repo / ".github" / "instructions").exists()
