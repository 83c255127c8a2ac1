"""Claude Code's PreToolUse hook for writes: the area's items when the agent writes there,
nothing outside every area, each area once a session, on the standard library alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.outputs.targets import AGENTS
from gitmemory.sessions import writes
from testing.agents import write_memory
from testing.gitrepo import commit_file, gitmemory, set_up
from testing.gitrepo import git as run_git
from testing.hooks import run_hook

API_ITEM = ("Handlers in src/api return plain dicts, never ORM rows", ("src/api/",))
WIDE_ITEM = "Every module logs through the project's logger"
HEAVY = ("click", "git", "anthropic", "filelock", "subprocess", "tomllib", "pathlib",
         "gitmemory.pipeline", "gitmemory.providers", "gitmemory.outputs.render")


@pytest.fixture
def rules(repo: Path) -> Path:
    """Claude Code's path rules rendered for src/api; CLAUDE.md has the rest."""
    set_up(repo, "offline")
    run_git(repo, "config", "gitmemory.outputs", "claude,claude-rules")
    commit_file(repo, "src/api/routes.py", "ROUTES = []\n", "Add the api package")
    write_memory(repo, "main", conventions=(API_ITEM, WIDE_ITEM))
    gitmemory(repo, "generate")
    return repo


def _write(repo: Path, path: str, session: str = "4f3a9b2c-1111-2222-3333-444455556666",
           tool: str = "Write") -> tuple[dict[str, object] | None, list[str]]:
    payload = {"session_id": session, "hook_event_name": "PreToolUse", "cwd": str(repo),
               "tool_name": tool, "tool_input": {"file_path": path, "content": "x = 1\n"}}
    probed = run_hook(repo, "agent-write", stdin=json.dumps(payload))
    assert probed.code == 0
    assert not probed.spawned  # no process
    return probed.answer, probed.modules


def test_a_write_in_an_area_gets_that_areas_items_once_a_session(rules: Path) -> None:
    answer, modules = _write(rules, str(rules / "src/api/new_handler.py"))
    assert answer is not None
    out = answer["hookSpecificOutput"]
    assert isinstance(out, dict)
    assert out["hookEventName"] == "PreToolUse"
    assert "permissionDecision" not in out  # adds context, decides nothing
    context = out["additionalContext"]
    assert isinstance(context, str)
    assert "Handlers in src/api return plain dicts" in context
    assert WIDE_ITEM not in context  # CLAUDE.md has it already
    assert "src/api/new_handler.py" in context
    assert len(context) <= writes.BUDGET + 200
    for name in HEAVY:
        assert name not in modules, f"the write hook imported {name}"
    assert _write(rules, "src/api/other.py", tool="Edit")[0] is None  # told already
    again, _ = _write(rules, "src/api/other.py", session="another-session")
    assert again is not None


def test_a_write_outside_every_area_gets_nothing(rules: Path) -> None:
    assert _write(rules, str(rules / "README.md"))[0] is None
    assert _write(rules, "docs/guide.md")[0] is None
    assert _write(rules, "/etc/passwd")[0] is None  # outside the repository
    assert _write(rules, str(rules / "src/apiary/x.py"))[0] is None  # not src/api/


def test_nothing_without_rule_files_or_with_a_broken_input(repo: Path) -> None:
    set_up(repo, "offline")
    assert _write(repo, "src/api/x.py")[0] is None  # no path rules rendered here
    probed = run_hook(repo, "agent-write", stdin="not json")
    assert (probed.code, probed.answer) == (0, None)


def test_the_hook_reads_the_claude_rules_outputs_directory() -> None:
    rule_set = AGENTS["claude-rules"].build(None)  # type: ignore[arg-type]
    assert rule_set.path == writes.RULES_DIR
