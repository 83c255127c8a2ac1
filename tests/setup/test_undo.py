"""gitmemory/setup/undo.py: a set-up step that fails half-way puts the hooks directory, the
config file and its index entry back exactly as they were, so git works as before."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from gitmemory.setup.undo import Saved
from testing.gitrepo import git

CONFIG = ".pre-commit-config.yaml"


@pytest.fixture
def hooks(repo: Path) -> Path:
    path = repo / ".git" / "hooks"
    path.mkdir(exist_ok=True)
    (path / "post-checkout").write_text("#!/bin/sh\necho mine\n")
    (path / "post-checkout").chmod(0o755)
    (path / "notes.txt").write_text("kept\n")
    (path / "notes.txt").chmod(0o600)
    return path


def _index(repo: Path) -> str:
    return git(repo, "ls-files", "-s", "--", CONFIG).stdout


def _snapshot(directory: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
            for p in directory.iterdir()}


def test_hooks_written_changed_or_removed_come_back_as_they_were(repo: Path, hooks: Path) -> None:
    before = _snapshot(hooks)
    saved = Saved(str(repo), str(hooks), CONFIG)
    (hooks / "post-checkout").write_text("#!/bin/sh\nexec pre-commit\n")
    (hooks / "post-checkout").chmod(0o700)
    (hooks / "notes.txt").unlink()
    (hooks / "pre-push").write_text("#!/bin/sh\nexec pre-commit\n")
    saved.restore()
    assert _snapshot(hooks) == before


def test_a_config_file_that_did_not_exist_is_removed_again(repo: Path, hooks: Path) -> None:
    saved = Saved(str(repo), str(hooks), CONFIG)
    (repo / CONFIG).write_text("repos: []\n")
    git(repo, "add", CONFIG)
    saved.restore()
    assert not (repo / CONFIG).exists()
    assert _index(repo) == ""


def test_an_edited_and_staged_config_gets_its_text_and_index_entry_back(repo: Path,
                                                                       hooks: Path) -> None:
    (repo / CONFIG).write_text("repos: []\n")
    git(repo, "add", CONFIG)
    git(repo, "commit", "-q", "-m", "pre-commit config")
    (repo / CONFIG).write_text("repos: []  # edited, not staged\n")
    staged_before, text_before = _index(repo), (repo / CONFIG).read_text()
    saved = Saved(str(repo), str(hooks), CONFIG)
    (repo / CONFIG).write_text("repos:\n- repo: gitmemory\n")
    git(repo, "add", CONFIG)
    saved.restore()
    assert (repo / CONFIG).read_text() == text_before
    assert _index(repo) == staged_before
    assert git(repo, "diff", "--cached", "--name-only").stdout == ""


def test_an_untracked_config_stays_untracked(repo: Path, hooks: Path) -> None:
    (repo / CONFIG).write_text("repos: []\n")
    saved = Saved(str(repo), str(hooks), CONFIG)
    (repo / CONFIG).write_text("repos: [changed]\n")
    saved.restore()
    assert (repo / CONFIG).read_text() == "repos: []\n"
    assert _index(repo) == ""


def test_a_hooks_directory_that_did_not_exist_is_emptied(repo: Path, tmp_path: Path) -> None:
    directory = tmp_path / "hooks-to-be"
    saved = Saved(str(repo), str(directory), CONFIG)
    directory.mkdir()
    (directory / "pre-commit").write_text("#!/bin/sh\n")
    saved.restore()
    assert list(directory.iterdir()) == []
