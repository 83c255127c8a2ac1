"""Claude Code's hooks find the gitmemory this clone installed, as the git hooks do, without
``gitmemory`` on the PATH Claude Code sees; ``status`` says when they cannot run (issue 33)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from gitmemory.setup import agent_hook
from testing.agent_sessions import registered_command
from testing.gitrepo import git, gitmemory, set_up
from testing.recall import memory, write

BARE_PATH = "/usr/bin:/bin"  # no gitmemory on it, as in an IDE that never read ~/.profile


def hooked(repo: Path) -> Path:
    set_up(repo)
    gitmemory(repo, "init", "--agent-hook")
    return repo


def claude_runs(repo: Path, event: str, path: str = BARE_PATH, stdin: str = ""
                ) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PATH=path, CLAUDE_PROJECT_DIR=str(repo))
    return subprocess.run(["/bin/sh", "-c", registered_command(repo, event)], cwd="/", env=env,
                          input=stdin, capture_output=True, text=True, check=False)


def status(repo: Path) -> subprocess.CompletedProcess[str]:
    return gitmemory(repo, "status", check=False, env=dict(os.environ, PATH=BARE_PATH))


def test_the_session_start_hook_runs_without_gitmemory_on_the_path(repo: Path) -> None:
    hooked(repo)
    write(repo, memory("main", conventions=["Deploys go through the blue-green switch"]))
    (repo / "CLAUDE.md").unlink()
    done = claude_runs(repo, "SessionStart")
    assert done.returncode == 0 and done.stderr == ""
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Deploys go through the blue-green switch" in context
    assert "Deploys go through" in (repo / "CLAUDE.md").read_text()


@pytest.mark.slow
def test_status_says_when_claude_codes_hooks_cannot_run(repo: Path) -> None:
    hooked(repo)
    assert status(repo).returncode == 0
    git(repo, "config", "merge.gitmemory.python", "/gone/venv/bin/python3")  # venv deleted
    said = status(repo)
    assert said.returncode == 1
    assert "  Claude Code's hooks cannot find gitmemory (its Python /gone/venv/bin/python3 is " \
        "gone, and none is on the PATH): run gitmemory install" in said.stdout.splitlines()
    assert any(line.startswith("sessions: on, but Claude Code's hooks cannot run")
               for line in said.stdout.splitlines())
    gitmemory(repo, "install")
    assert status(repo).returncode == 0


@pytest.mark.slow
def test_hooks_an_older_init_wrote_are_updated_and_named_until_then(repo: Path) -> None:
    hooked(repo)
    settings = repo / ".claude" / "settings.json"
    old = ('command -v gitmemory >/dev/null 2>&1 && gitmemory -C "${CLAUDE_PROJECT_DIR:-.}" '
           'generate --session-start 2>/dev/null || true')
    data = json.loads(settings.read_text())
    data["hooks"]["SessionStart"][0]["hooks"][0]["command"] = old
    settings.write_text(json.dumps(data))
    said = status(repo)
    assert said.returncode == 1
    assert "  .claude/settings.json runs gitmemory from the PATH alone, and it is not there: " \
        "run gitmemory init --agent-hook and commit .claude/settings.json" in \
        said.stdout.splitlines()
    done = gitmemory(repo, "init", "--agent-hook")
    assert ".claude/settings.json: updated the SessionStart hook(s) to find this clone's " \
        "gitmemory" in done.stdout
    assert registered_command(repo, "SessionStart") == \
        agent_hook.HOOK["hooks"][0]["command"]  # type: ignore[index]
    assert status(repo).returncode == 0


def test_docs_show_the_hook_init_writes() -> None:
    agents = (Path(__file__).resolve().parents[2] / "docs" / "agents.md").read_text()
    shown = agents.split("### Claude Code: a SessionStart hook", 1)[1]
    shown = shown.split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(shown) == {"hooks": {"SessionStart": [agent_hook.HOOK]}}
