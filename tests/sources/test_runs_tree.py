"""gitmemory/sources/runs/tree.py: a command a session ran, judged against the branch's
tip: what it is for, and the tracked files that back it (never memory, never an agent
file gitmemory writes, never an excluded file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory import config
from gitmemory.sources.runs.tree import MAX_PATHS, Tree, _phrases, generated
from testing.gitrepo import commit_file
from testing.gitrepo import git as run_git

MAKEFILE = "test:\n\tpython -m pytest -q\n\nlint:\n\truff check src\n"


@pytest.mark.parametrize(("words", "phrases"), [
    (["make", "test"], ["make test"]),
    (["pytest", "-q", "tests/unit"], ["pytest tests/unit"]),
    (["pytest", "-q", "-k=slow"], ["pytest"]),
    (["python", "-m", "mypy", "src"], ["mypy src"]),
    (["python3", "-m", "pytest"], ["pytest"]),
    (["uv", "run", "pytest", "-x"], ["uv run", "pytest"]),
    (["poetry", "run", "--", "ruff", "check"], ["poetry run", "ruff check"]),
    (["bundle", "exec", "rspec"], ["bundle exec", "rspec"]),
    (["npx", "eslint", "."], ["eslint ."]),
    (["npx", "--yes"], []),  # no package named: nothing to look for
    (["uv", "run"], ["uv run"]),
])
def test_what_must_occur_for_a_command(words: list[str], phrases: list[str]) -> None:
    assert _phrases(words) == phrases


def _tree(repo: Path, **overrides: object) -> Tree:
    cfg = config.load(str(repo), overrides=overrides or None)
    tip = run_git(repo, "rev-parse", "HEAD").stdout.strip()
    return Tree(str(repo), tip, cfg)


def test_a_task_the_makefile_defines_is_backed_by_the_makefile(repo: Path) -> None:
    commit_file(repo, "Makefile", MAKEFILE, "Add the Makefile")
    tree = _tree(repo)
    assert tree.evidence(["make", "test"]) == ("Makefile",)
    assert tree.defining("make test") == ("Makefile",)
    assert tree.defining("make deploy") == ()
    assert tree.purpose(["make", "test"]) == "test"
    assert tree.purpose(["make", "lint"]) == "lint"


def test_words_in_tracked_files_back_a_command_and_the_reading_s_own_files_come_first(
        repo: Path) -> None:
    commit_file(repo, "scripts/check.sh", "#!/bin/sh\nmypy src\n", "Add a check script")
    commit_file(repo, "docs/notes.md", "Run `mypy src` before pushing.\n", "Document it")
    commit_file(repo, "pyproject.toml", "[tool.x]\nrun = \"mypy src\"\n", "Add settings")
    found = _tree(repo).evidence(["mypy", "src"])
    assert found[0] == "pyproject.toml"
    assert set(found) == {"pyproject.toml", "scripts/check.sh", "docs/notes.md"}
    assert len(found) <= MAX_PATHS


def test_memory_agent_files_and_excluded_files_are_never_evidence(repo: Path) -> None:
    commit_file(repo, ".gitmemory/branches/main.md", "- Run tox -e lint\n", "Memory")
    commit_file(repo, "CLAUDE.md", "Run tox -e lint\n", "A tracked agent file")
    commit_file(repo, ".cursor/rules/gitmemory.mdc", "tox -e lint\n", "Cursor's rules")
    commit_file(repo, "secret/notes.txt", "tox -e lint\n", "Notes")
    tree = _tree(repo, exclude_paths=["secret/**"])
    assert tree.evidence(["tox", "-e", "lint"]) == ()
    commit_file(repo, "tox.ini", "[testenv:lint]\ncommands = tox -e lint\n", "Add tox")
    assert _tree(repo, exclude_paths=["secret/**"]).evidence(["tox", "-e", "lint"]) == (
        "tox.ini",)


def test_a_wrapper_must_occur_as_well_as_what_it_starts(repo: Path) -> None:
    commit_file(repo, "docs/dev.md", "Run pytest from the top.\n", "Docs")
    assert _tree(repo).evidence(["uv", "run", "pytest"]) == ()  # nothing says `uv run`
    commit_file(repo, "CONTRIBUTING.md", "Use uv run for every tool.\n", "Contributing")
    assert _tree(repo).evidence(["uv", "run", "pytest"]) == ("docs/dev.md",)


def test_without_a_tip_nothing_backs_anything(repo: Path) -> None:
    tree = Tree(str(repo), None, config.load(str(repo)))
    assert tree.book is None
    assert tree.purpose(["make", "test"]) is None
    assert tree.evidence(["make", "test"]) == ()
    assert tree.defining("make test") == ()


def test_every_agents_generated_files_are_left_out_on_or_off(repo: Path) -> None:
    left_out = generated(config.load(str(repo), overrides={"outputs": ["claude"]}))
    assert "CLAUDE.md" in left_out and "AGENTS.override.md" in left_out
    assert any(p.startswith(".cursor/rules/gitmemory") for p in left_out)
