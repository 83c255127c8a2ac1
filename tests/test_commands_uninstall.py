"""gitmemory/commands/uninstall.py in process: only what is this clone's goes; a generated
file someone tracked or edited stays, and the lines say what is left and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import cli
from gitmemory.commands import uninstall
from gitmemory.repo import Repo
from gitmemory.setup import merge_driver, native
from testing.gitrepo import git


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
