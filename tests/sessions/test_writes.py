"""Claude Code's PreToolUse hook for writes: the area's items when the agent writes there,
nothing outside every area, each area once a session, on the standard library alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory import git, state
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


# In process: the hook's answer from rule files written by hand.

def _rule(repo: Path, name: str, globs: tuple[str, ...], items: list[str]) -> None:
    directory = repo / writes.RULES_DIR
    directory.mkdir(parents=True, exist_ok=True)
    front = "---\npaths:\n" + "".join(f'  - "{g}"\n' for g in globs) + "---\n" if globs else ""
    body = "<!-- gitmemory-stamp: test -->\n## Branch Memory\n" + "".join(
        f"- {i}\n" for i in items)
    (directory / name).write_text(front + body)


def _answer(repo: Path, path: str, *, session: object = "s-1", key: str = "file_path",
            **extra: object) -> str | None:
    payload = {"session_id": session, "hook_event_name": "PreToolUse",
               "tool_input": {key: path}, **extra}
    found = writes.answer(git.repo_info(str(repo)), json.dumps(payload))
    if found is None:
        return None
    out = found["hookSpecificOutput"]
    assert isinstance(out, dict)
    context = out["additionalContext"]
    assert isinstance(context, str)
    return context


def test_items_past_the_budget_are_named_not_sent(repo: Path) -> None:
    long = ["x" * 900 + f" item {n}" for n in range(3)]
    _rule(repo, "a.md", ("src/**",), long)
    _rule(repo, "b.md", ("src/api/**",), ["y" * 900 + " the item that does not fit"])
    context = _answer(repo, "src/api/h.py")
    assert context is not None
    assert context.startswith("gitmemory: notes about the area of src/api/h.py")
    assert all(line in context for line in (f"- {i}" for i in long))
    assert "does not fit" not in context
    assert context.endswith(f"(more in {writes.RULES_DIR}/b.md)")


def test_a_notebook_and_a_path_relative_to_the_agents_directory(repo: Path) -> None:
    _rule(repo, "api.md", ("src/api/**",), ["Handlers return dicts"])
    context = _answer(repo, "nb.ipynb", key="notebook_path", cwd=str(repo / "src" / "api"))
    assert context is not None and "src/api/nb.ipynb" in context
    # a relative cwd is not trusted: the path is taken from the top of the work tree
    assert _answer(repo, "nb.ipynb", key="notebook_path", session="s-2", cwd="src/api") is None


def test_a_rule_file_without_paths_is_never_added(repo: Path) -> None:
    _rule(repo, "repository.md", (), ["Loaded in every session already"])
    assert _answer(repo, "src/x.py") is None


def test_inputs_that_say_nothing_about_a_write_get_no_answer(repo: Path) -> None:
    _rule(repo, "api.md", ("src/api/**",), ["Handlers return dicts"])
    info = git.repo_info(str(repo))
    for stdin in ("[]", json.dumps({"hook_event_name": "PostToolUse",
                                    "tool_input": {"file_path": "src/api/x.py"}}),
                  json.dumps({"tool_input": "src/api/x.py"}),
                  json.dumps({"tool_input": {"file_path": "src/api/\0x.py"}}),
                  json.dumps({"tool_input": {"file_path": ""}}),
                  json.dumps({"tool_input": {"file_path": "src/api/x.py"},
                              "pad": "z" * writes.MAX_STDIN})):
        assert writes.answer(info, stdin) is None, stdin[:80]


def test_without_a_usable_session_each_write_is_told_and_nothing_is_kept(repo: Path) -> None:
    _rule(repo, "api.md", ("src/api/**",), ["Handlers return dicts"])
    for session in (None, "bad\nsession"):
        assert _answer(repo, "src/api/x.py", session=session) is not None
        assert _answer(repo, "src/api/y.py", session=session) is not None
    state_dir = git.repo_info(str(repo)).state_dir
    assert state_dir is not None
    assert not Path(state.TOLD_AREAS.at(state_dir)).exists()


def test_the_told_areas_file_drops_its_older_half_when_full(repo: Path) -> None:
    _rule(repo, "api.md", ("src/api/**",), ["Handlers return dicts"])
    state_dir = git.repo_info(str(repo)).state_dir
    assert state_dir is not None
    told = Path(state.TOLD_AREAS.at(state.ensure_dir(state_dir)))
    told.parent.mkdir(parents=True, exist_ok=True)
    old = [f"old-{n:05d} api.md" for n in range(writes.TOLD_MAX // 10)]
    told.write_text("\n".join(old) + "\n")
    assert _answer(repo, "src/api/x.py", session="new") is not None
    lines = told.read_text().split("\n")
    assert told.stat().st_size <= writes.TOLD_MAX
    assert old[0] not in lines and old[-1] in lines
    assert lines[-2] == "new api.md"
    assert _answer(repo, "src/api/y.py", session=old[-1].split()[0]) is None  # still told
