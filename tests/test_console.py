"""The console script: hooks never import click, other commands go to the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from testing.precommit_repo import isolated_env, make_repo

PROBE = ("import sys; from gitmemory.entry import main; code = main(sys.argv[1:]); "
         "print(code, 'click' in sys.modules)")


def _probe(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False)


def test_hook_runs_without_importing_click(tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    repo = make_repo(tmp_path / "repo", env)
    done = _probe(repo, env, "hook", "post-commit")
    assert done.stdout.strip() == "0 False", done.stderr


def test_other_commands_reach_the_cli(tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    done = _probe(tmp_path, env, "--version")
    assert "gitmemory, version" in done.stdout
    assert done.stdout.strip().endswith("0 True")


def test_hook_help_is_the_clis_help(tmp_path: Path) -> None:
    env = isolated_env(tmp_path / "home")
    done = _probe(tmp_path, env, "hook", "--help")
    assert "Usage: gitmemory hook [OPTIONS] NAME [ARGS]..." in done.stdout, done.stderr
    assert done.stdout.strip().endswith("0 True")
