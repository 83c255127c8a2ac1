"""The project's own checks run with the tests, so CI keeps them green."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff() -> None:
    done = _run(str(BIN / "ruff"), "check", "gitmemory", "tests", "testing", "bench")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy() -> None:
    done = _run(str(BIN / "mypy"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_import_contracts() -> None:
    """The layers, no import circles, and the stdlib-only hot path (pyproject.toml)."""
    done = _run(str(BIN / "lint-imports"), "--no-logo", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Contracts: 5 kept, 0 broken." in done.stdout


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = ("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && "
               ".venv/bin/pytest -n auto")
    assert command in readme
    assert command in ci
