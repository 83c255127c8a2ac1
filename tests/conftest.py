from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from testing.gitrepo import git, isolated_env

E2E = Path(__file__).parent / "e2e"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Whole flows (tests/e2e/) are slow: ``-m "not slow"`` is the maintainer's fast loop."""
    for item in items:
        if item.path.is_relative_to(E2E):
            item.add_marker(pytest.mark.slow)

# The suite decides whether a change lands, so its property tests draw the same examples
# on every run; `pytest --hypothesis-profile=explore` draws new ones to look for more.
# Time is no test's business (bench/ measures it): on a shared machine under load,
# hypothesis's clock checks failed tests whose behaviour was right.
settings.register_profile("default", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, max_examples=2000)
settings.load_profile("default")

pytest_plugins = ["testing.fake_anthropic", "testing.fake_openai", "testing.fake_claude",
                  "testing.precommit_repo"]


@pytest.fixture(autouse=True)
def git_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
            ) -> dict[str, str]:
    """Every test runs git with no user or system configuration."""
    env = isolated_env(tmp_path_factory.mktemp("home"))
    for key in list(os.environ):
        if key not in env:
            monkeypatch.delenv(key)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


@pytest.fixture(scope="session")
def _first_commit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The repository every ``repo`` starts as, made once a worker (three git processes
    fewer a test) under an isolated git configuration."""
    path = tmp_path_factory.mktemp("template") / "repo"
    path.mkdir()
    env = isolated_env(tmp_path_factory.mktemp("template-home"))
    git(path, "init", "-q", "-b", "main", env=env)
    (path / "README.md").write_text("hello\n")
    git(path, "add", "README.md", env=env)
    git(path, "commit", "-q", "-m", "Initial commit", env=env)
    return path


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _first_commit: Path) -> Path:
    """An empty repository on branch main with one commit; the cwd for the test."""
    path = tmp_path / "repo"
    shutil.copytree(_first_commit, path, symlinks=True)
    monkeypatch.chdir(path)
    return path
