"""``init --agent-hook`` and ``init --mcp``: Claude Code's files, merged, never clobbered;
the SessionStart hook and what ``generate --session-start`` hands the session."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gitmemory.setup import agent_hook, mcp_config
from testing.gitrepo import gitmemory, set_up
from testing.recall import memory, write

EXISTING = {
    "permissions": {"allow": ["Bash(npm test)"], "deny": ["Read(.env)"]},
    "hooks": {
        "PostToolUse": [{"matcher": "Edit|Write",
                         "hooks": [{"type": "command", "command": "npx prettier --write"}]}],
        "SessionStart": [{"matcher": "startup",
                          "hooks": [{"type": "command", "command": "echo hello"}]}],
    },
    "env": {"FOO": "1"},
}


def settings(repo: Path) -> dict[str, object]:
    data = json.loads((repo / ".claude" / "settings.json").read_text())
    assert isinstance(data, dict)
    return data


def test_agent_hook_merges_into_existing_settings(repo: Path) -> None:
    (repo / ".claude").mkdir()
    (repo / ".claude" / "settings.json").write_text(json.dumps(EXISTING, indent=4))
    done = gitmemory(repo, "init", "--agent-hook")
    assert ".claude/settings.json: added SessionStart, PreToolUse, SessionEnd and PreCompact " \
        "hook(s) that run gitmemory" in done.stdout
    assert ".claude/settings.json" in done.stdout.splitlines()[-1]  # the git add line
    data = settings(repo)
    assert data["permissions"] == EXISTING["permissions"]
    assert data["env"] == EXISTING["env"]
    hooks = data["hooks"]
    assert isinstance(hooks, dict)
    assert hooks["PostToolUse"] == EXISTING["hooks"]["PostToolUse"]  # type: ignore[index]
    starts = hooks["SessionStart"]
    assert starts[0] == EXISTING["hooks"]["SessionStart"][0]  # type: ignore[index]
    assert starts[1] == agent_hook.HOOK
    assert hooks["SessionEnd"] == hooks["PreCompact"] == [agent_hook.SESSION_HOOK]
    assert list(data) == ["permissions", "hooks", "env"]
    again = gitmemory(repo, "init", "--agent-hook")
    assert ".claude/settings.json: already set up" in again.stdout
    assert settings(repo)["hooks"] == hooks  # idempotent


def test_a_file_that_is_not_json_is_left_alone(repo: Path) -> None:
    (repo / ".claude").mkdir()
    broken = '{"permissions": {"allow": [}\n'
    (repo / ".claude" / "settings.json").write_text(broken)
    done = gitmemory(repo, "init", "--agent-hook", check=False)
    assert done.returncode == 1
    assert "settings.json is not valid JSON" in done.stderr
    assert (repo / ".claude" / "settings.json").read_text() == broken
    (repo / ".claude" / "settings.json").write_text('{"hooks": []}')
    done = gitmemory(repo, "init", "--agent-hook", check=False)
    assert "'hooks' is not an object" in done.stderr


def test_mcp_registration_merges_and_keeps_a_changed_entry(repo: Path) -> None:
    (repo / ".mcp.json").write_text(json.dumps({"mcpServers": {"other": {"command": "x"}}}))
    gitmemory(repo, "init", "--mcp")
    data = json.loads((repo / ".mcp.json").read_text())
    assert data["mcpServers"] == {"other": {"command": "x"}, "gitmemory": mcp_config.SERVER}
    data["mcpServers"]["gitmemory"]["args"] = ["mcp", "--custom"]
    (repo / ".mcp.json").write_text(json.dumps(data))
    assert ".mcp.json: already set up" in gitmemory(repo, "init", "--mcp").stdout
    kept = json.loads((repo / ".mcp.json").read_text())
    assert kept["mcpServers"]["gitmemory"]["args"] == ["mcp", "--custom"]


def run_hook(repo: Path, path: str) -> subprocess.CompletedProcess[str]:
    """The hook's command as Claude Code runs it: through a shell, from elsewhere."""
    command = agent_hook.HOOK["hooks"][0]["command"]  # type: ignore[index]
    env = dict(os.environ, PATH=path, CLAUDE_PROJECT_DIR=str(repo))
    return subprocess.run(["/bin/sh", "-c", command], cwd="/", env=env, capture_output=True,
                          text=True, check=False)


@pytest.fixture
def bin_dir(tmp_path: Path) -> Path:
    """A PATH directory with a ``gitmemory`` that runs this checkout's."""
    path = tmp_path / "bin"
    path.mkdir()
    (path / "gitmemory").write_text(f'#!/bin/sh\nexec {sys.executable} -m gitmemory "$@"\n')
    (path / "gitmemory").chmod(0o755)
    return path


def test_the_hook_regenerates_and_hands_the_new_file_to_the_session(repo: Path,
                                                                    bin_dir: Path) -> None:
    set_up(repo)
    write(repo, memory("main", conventions=["Deploys go through the blue-green switch"]))
    (repo / "CLAUDE.md").unlink()  # a fresh clone: hooks never ran
    path = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    done = run_hook(repo, path)
    assert done.returncode == 0
    assert done.stderr == ""
    answer = json.loads(done.stdout)
    context = answer["hookSpecificOutput"]["additionalContext"]
    assert answer["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert "Deploys go through the blue-green switch" in context
    assert "gitmemory rebuilt CLAUDE.md for branch `main`" in context
    assert "Deploys go through" in (repo / "CLAUDE.md").read_text()
    again = run_hook(repo, path)
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")  # up to date: silent


def test_the_hook_is_silent_and_harmless_without_gitmemory(repo: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    done = run_hook(repo, f"{empty}{os.pathsep}/usr/bin{os.pathsep}/bin")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert not (repo / "CLAUDE.md").exists()


def test_session_start_context_is_capped(repo: Path, bin_dir: Path) -> None:
    set_up(repo)
    (repo / "CLAUDE_base.md").write_text("".join(f"Guidance line {n}\n" for n in range(2000)))
    (repo / "CLAUDE.md").unlink()
    done = run_hook(repo, f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert len(context) < 10_000
    assert context.endswith("(cut here: CLAUDE.md holds the rest)")


def test_the_session_hooks_turn_sessions_on_for_this_clone_only(repo: Path) -> None:
    done = gitmemory(repo, "init", "--agent-hook")
    assert "sessions: this clone learns from its Claude Code and Codex CLI sessions" in \
        done.stdout
    local = subprocess.run(["git", "config", "--local", "--get", "gitmemory.sessions"],
                           cwd=repo, capture_output=True, text=True, check=True)
    assert local.stdout.strip() == "true"
    # the team's settings keep the default: each person chooses for their own sessions
    assert "\nsessions = false\n" in (repo / ".gitmemory" / "config.toml").read_text()


def test_uninstall_takes_out_only_gitmemorys_hooks(repo: Path) -> None:
    existing = json.loads(json.dumps(EXISTING))
    existing["hooks"]["SessionEnd"] = [{"hooks": [
        {"type": "command", "command": "echo bye"},
        {"type": "command", "command": agent_hook.command(agent_hook.SESSION_MARKER)}]}]
    (repo / ".claude").mkdir()
    (repo / ".claude" / "settings.json").write_text(json.dumps(existing))
    gitmemory(repo, "init", "--agent-hook")
    done = gitmemory(repo, "uninstall")
    assert ".claude/settings.json: removed gitmemory's SessionStart, PreToolUse, SessionEnd and " \
        "PreCompact hook(s)" in done.stdout
    assert "gitmemory.sessions removed from this clone's git config" in done.stdout
    after = settings(repo)
    assert after["permissions"] == EXISTING["permissions"]
    assert after["hooks"] == {**EXISTING["hooks"],  # type: ignore[dict-item]
                              "SessionEnd": [{"hooks": [{"type": "command",
                                                         "command": "echo bye"}]}]}
    again = gitmemory(repo, "uninstall")
    assert "settings.json" not in again.stdout


def test_uninstall_leaves_no_empty_hooks_table(repo: Path) -> None:
    gitmemory(repo, "init", "--agent-hook")
    gitmemory(repo, "uninstall")
    assert settings(repo) == {}


BARE_PATH = f"/usr/bin{os.pathsep}/bin"  # git and sh, and no gitmemory


def test_without_gitmemory_the_session_start_hook_prints_the_base_file(
        repo: Path, tmp_path: Path) -> None:
    """A fresh clone (a cloud session, a review bot) where gitmemory is not installed:
    CLAUDE.md is generated and ignored, so the team's base instructions come as the hook's
    output, which Claude Code adds to the session."""
    set_up(repo)
    (repo / "CLAUDE_base.md").write_text("# Team guidance\n\nRun make check.\n")
    gitmemory(repo, "init", "--agent-hook")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "agent hook"], cwd=repo, check=True)
    fresh = tmp_path / "fresh"
    subprocess.run(["git", "clone", "-q", str(repo), str(fresh)], check=True)
    assert not (fresh / "CLAUDE.md").exists()
    command = settings(fresh)["hooks"]["SessionStart"][0]["hooks"][0]["command"]  # type: ignore[index]
    env = dict(os.environ, PATH=BARE_PATH, CLAUDE_PROJECT_DIR=str(fresh))
    done = subprocess.run(["/bin/sh", "-c", command], cwd="/", env=env, capture_output=True,
                          text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (
        0, "# Team guidance\n\nRun make check.\n", "")
    (fresh / "CLAUDE.md").write_text("# loaded by Claude Code already\n")
    again = subprocess.run(["/bin/sh", "-c", command], cwd="/", env=env, capture_output=True,
                           text=True, check=False)
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")  # never twice
