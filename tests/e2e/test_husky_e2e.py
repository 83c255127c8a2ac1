"""gitmemory beside the real husky (v9, from the npm registry), driven by real git.

husky is installed once per session into a temporary prefix (``npm install
husky@9``); each repository runs husky's own installer (what ``npm install``
runs through the ``prepare`` script), which points ``core.hooksPath`` at
``.husky/_`` and writes its stubs there.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from testing.gitrepo import git, gitmemory

pytestmark = pytest.mark.slow

TEAM_PRE_PUSH = """\
echo "team pre-push $1" >> team.log
if [ -f block-push ]; then
    echo "team check failed" >&2
    exit 1
fi
"""
TEAM_POST_CHECKOUT = 'echo "team post-checkout $3" >> team.log\n'


@pytest.fixture(scope="session")
def husky_bin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    npm = shutil.which("npm")
    node = shutil.which("node")
    if npm is None or node is None:
        pytest.skip("npm and node are not installed: these tests run the real husky package")
    prefix = tmp_path_factory.mktemp("husky")
    env = {**os.environ, "npm_config_cache": str(prefix / "npm-cache"), "HOME": str(prefix),
           "npm_config_update_notifier": "false", "npm_config_fund": "false",
           "npm_config_audit": "false"}
    done = subprocess.run([npm, "install", "--no-save", "--prefix", str(prefix), "husky@9"],
                          env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"npm install husky@9 failed:\n{done.stdout}{done.stderr}"
    return prefix / "node_modules" / "husky" / "bin.js"


def _husky(repo: Path, husky_bin: Path) -> str:
    """What `npm install` runs in a husky project (its `prepare` script)."""
    done = subprocess.run(["node", str(husky_bin)], cwd=repo, capture_output=True, text=True,
                          check=True)
    return done.stdout + done.stderr


@pytest.fixture
def project(repo: Path, tmp_path: Path, husky_bin: Path) -> Path:
    """A team's repository with husky, its pre-push and post-checkout scripts, a remote."""
    _husky(repo, husky_bin)
    assert git(repo, "config", "core.hooksPath").stdout.strip() == ".husky/_"
    (repo / ".husky" / "pre-push").write_text(TEAM_PRE_PUSH)
    (repo / ".husky" / "post-checkout").write_text(TEAM_POST_CHECKOUT)
    (repo / ".gitignore").write_text("team.log\nblock-push\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "Team hooks with husky")
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(tmp_path / "remote.git"))
    git(repo, "remote", "add", "origin", str(tmp_path / "remote.git"))
    return repo


def _team_log(repo: Path) -> list[str]:
    path = repo / "team.log"
    return path.read_text().splitlines() if path.exists() else []


def _on_remote(repo: Path, branch: str) -> bool:
    return git(repo, "ls-remote", "--exit-code", "origin", f"refs/heads/{branch}",
               check=False).returncode == 0


def _set_up(project: Path) -> str:
    done = gitmemory(project, "init").stdout
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "Set up gitmemory")
    return done


def test_init_keeps_the_team_scripts_running_and_a_failing_check_stops_the_push(
        project: Path) -> None:
    said = _set_up(project)
    assert git(project, "status", "--porcelain").stdout == ""  # nothing tracked was touched

    git(project, "checkout", "-q", "-b", "feature")
    assert _team_log(project)[-1] == "team post-checkout 1"  # the team's script ran
    assert (project / "CLAUDE.md").exists()  # and so did gitmemory

    (project / "block-push").write_text("")
    pushed = git(project, "push", "origin", "feature", check=False)
    assert pushed.returncode != 0
    assert "team check failed" in pushed.stderr
    assert "husky - pre-push script failed (code 1)" in pushed.stdout + pushed.stderr
    assert not _on_remote(project, "feature")
    assert _team_log(project)[-1] == "team pre-push origin"

    (project / "block-push").unlink()
    env = {**os.environ, "GITMEMORY_PUSH_POLICY": "follow"}
    pushed = git(project, "push", "origin", "feature", check=False, env=env)
    assert pushed.returncode == 0, pushed.stdout + pushed.stderr
    assert _on_remote(project, "feature")
    assert "pre-push: installed (husky's stub kept as pre-push.pre-gitmemory; " \
           ".husky/pre-push still runs first)" in said


def test_status_says_what_runs_before_and_after_husky_rewrites_its_stubs(
        project: Path, husky_bin: Path) -> None:
    _set_up(project)
    hooks = json.loads(gitmemory(project, "status", "--json").stdout)["hooks"]
    assert hooks["pre-push"] == "gitmemory after husky (.husky/pre-push)"
    assert hooks["post-commit"] == "gitmemory (husky has no script for it)"
    text = gitmemory(project, "status").stdout
    assert "(chained)" not in text
    assert "hooks missing" not in text

    _husky(project, husky_bin)  # the next `npm install`: husky writes its stubs again
    hooks = json.loads(gitmemory(project, "status", "--json", check=False).stdout)["hooks"]
    assert hooks["pre-push"] == (
        "missing (husky runs .husky/pre-push; gitmemory install adds gitmemory)")
    status = gitmemory(project, "status", check=False)
    assert status.returncode == 1
    assert "  hooks missing (post-checkout, post-commit, post-merge, post-rewrite, pre-push): " \
        "run gitmemory init" in status.stdout
    git(project, "checkout", "-q", "-b", "after-npm-install")
    assert _team_log(project)[-1] == "team post-checkout 1"  # husky alone still works

    again = gitmemory(project, "install")  # the stubs kept earlier are the same: no refusal
    assert again.returncode == 0
    hooks = json.loads(gitmemory(project, "status", "--json").stdout)["hooks"]
    assert hooks["pre-push"] == "gitmemory after husky (.husky/pre-push)"


def test_uninstall_gives_husky_its_stubs_back(project: Path) -> None:
    _set_up(project)
    stub = (project / ".husky" / "_" / "pre-push.pre-gitmemory").read_text()
    gitmemory(project, "uninstall")
    assert (project / ".husky" / "_" / "pre-push").read_text() == stub
    assert not (project / ".husky" / "_" / "pre-push.pre-gitmemory").exists()
    (project / "block-push").write_text("")
    git(project, "checkout", "-q", "-b", "x")
    assert git(project, "push", "origin", "x", check=False).returncode != 0


def test_team_scripts_that_call_gitmemory_get_no_second_run(project: Path) -> None:
    """The troubleshooting page's snippet, run as written: it appends to the team's scripts."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "troubleshooting.md").read_text()
    block = doc.split("  ```sh\n  for hook in post-checkout", 1)[1].split("  ```", 1)[0]
    snippet = textwrap.dedent("  for hook in post-checkout" + block)
    subprocess.run(["sh", "-c", snippet], cwd=project, check=True)
    team = (project / ".husky" / "pre-push").read_text()
    assert team.startswith(TEAM_PRE_PUSH)  # appended, the team's check kept
    assert "gitmemory hook pre-push" in team
    said = gitmemory(project, "init").stdout
    assert "pre-push: left to husky (.husky/pre-push calls gitmemory)" in said
    hooks = json.loads(gitmemory(project, "status", "--json").stdout)["hooks"]
    assert hooks["pre-push"] == "husky (.husky/pre-push calls gitmemory)"
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "Team scripts call gitmemory")
    (project / "block-push").write_text("")
    assert git(project, "push", "origin", "main", check=False).returncode != 0
    assert not _on_remote(project, "main")


def test_husky_v8_scripts_are_the_team_s_and_get_no_shims(repo: Path) -> None:
    """husky v5-v8 point core.hooksPath at .husky itself: git runs the tracked scripts."""
    (repo / ".husky").mkdir()
    (repo / ".husky" / "pre-push").write_text("#!/bin/sh\n" + TEAM_PRE_PUSH)
    (repo / ".husky" / "pre-push").chmod(0o755)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "husky v8 scripts")
    git(repo, "config", "core.hooksPath", ".husky")
    said = gitmemory(repo, "install").stdout
    assert "pre-push: not installed, git runs husky's .husky/ scripts here" in said
    assert sorted(p.name for p in (repo / ".husky").iterdir()) == ["pre-push"]
    assert git(repo, "status", "--porcelain", "--", ".husky").stdout == ""
    hooks = json.loads(gitmemory(repo, "status", "--json", check=False).stdout)["hooks"]
    assert hooks["pre-push"].startswith("missing (git runs .husky/pre-push; ")
    assert hooks["post-commit"].startswith("missing (git runs no script; ")
