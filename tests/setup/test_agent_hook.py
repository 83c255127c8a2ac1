"""gitmemory/setup/agent_hook.py in process: why Claude Code's hooks cannot run gitmemory
here, the session-start line for moved files, and the list of events said.  The hooks
installed and run through the command line: tests/setup/test_agent_files.py."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from gitmemory.setup import agent_hook, merge_driver
from testing.gitrepo import git


@pytest.fixture
def no_gitmemory_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", f"{empty}:/usr/bin:/bin")


def _settings(repo: Path, data: object) -> None:
    path = repo / agent_hook.SETTINGS
    path.parent.mkdir(exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data))


def _with(command: str, event: str = "SessionStart") -> dict[str, object]:
    return {"hooks": {event: [{"hooks": [{"type": "command", "command": command}]}]}}


@pytest.mark.usefixtures("no_gitmemory_on_path")
def test_no_hooks_or_a_broken_file_is_no_problem(repo: Path) -> None:
    assert agent_hook.problem(str(repo)) is None  # no settings file
    for data in ("{ not json", "[]", {"hooks": "none"}, _with("npm run lint")):
        _settings(repo, data)
        assert agent_hook.problem(str(repo)) is None, data


@pytest.mark.usefixtures("no_gitmemory_on_path")
def test_a_hook_that_looks_on_the_path_alone_needs_init_again(repo: Path) -> None:
    _settings(repo, _with("gitmemory generate --session-start"))  # what 0.3 wrote
    assert agent_hook.problem(str(repo)) == (
        ".claude/settings.json runs gitmemory from the PATH alone, and it is not there",
        "gitmemory init --agent-hook and commit .claude/settings.json", False)


@pytest.mark.usefixtures("no_gitmemory_on_path")
def test_todays_hooks_need_the_python_this_clone_recorded(repo: Path, tmp_path: Path) -> None:
    _settings(repo, _with(agent_hook.command(agent_hook.WRITE_MARKER), "PreToolUse"))
    assert agent_hook.problem(str(repo)) == (
        "Claude Code's hooks cannot find gitmemory (no Python is recorded in this clone, and "
        "none is on the PATH)", "gitmemory install", True)
    gone = str(tmp_path / "venv" / "bin" / "python")
    git(repo, "config", merge_driver.PYTHON_KEY, gone)
    problem = agent_hook.problem(str(repo))
    assert problem is not None and f"its Python {gone} is gone" in problem[0]
    git(repo, "config", merge_driver.PYTHON_KEY, sys.executable)
    assert agent_hook.problem(str(repo)) is None


def test_gitmemory_on_the_path_is_enough(repo: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gitmemory").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "gitmemory").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    _settings(repo, _with("gitmemory generate --session-start"))
    assert agent_hook.problem(str(repo)) is None


def test_the_session_start_line_names_moved_files_quoted(repo: Path) -> None:
    default = agent_hook._hooks(str(repo))
    assert default is agent_hook.HOOKS
    git(repo, "config", "gitmemory.output-file", "docs/CLAUDE.md")
    git(repo, "config", "gitmemory.base-file", "docs/team notes.md")
    moved = agent_hook._hooks(str(repo))
    entry, marker = moved["SessionStart"]
    command = entry["hooks"][0]["command"]  # type: ignore[index]
    assert marker == agent_hook.MARKER
    assert f"[ -e docs/CLAUDE.md ] || cat {shlex.quote('docs/team notes.md')}" in command
    assert moved["PreToolUse"] == agent_hook.HOOKS["PreToolUse"]


def test_events_are_listed_as_a_sentence() -> None:
    assert agent_hook._name_list(["SessionStart"]) == "SessionStart"
    assert agent_hook._name_list(["SessionStart", "PreToolUse"]) == \
        "SessionStart and PreToolUse"
    assert agent_hook._name_list(["A", "B", "C"]) == "A, B and C"


def test_removing_ours_keeps_a_group_that_holds_another_command() -> None:
    ours = {"type": "command", "command": agent_hook.command(agent_hook.SESSION_MARKER)}
    theirs = {"type": "command", "command": "./notify.sh"}
    data: dict[str, object] = {"hooks": {
        "SessionEnd": [{"hooks": [ours, theirs]}],
        "PreCompact": [{"hooks": [ours]}], "Stop": [{"hooks": [theirs]}]}}
    assert agent_hook._remove_hooks(data) == ["SessionEnd", "PreCompact"]
    assert data == {"hooks": {"SessionEnd": [{"hooks": [theirs]}],
                              "Stop": [{"hooks": [theirs]}]}}
    assert agent_hook._remove_hooks(data) == []
