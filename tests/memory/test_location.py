"""gitmemory/memory/location.py: where a branch keeps its memory — the work tree that has it
checked out (any worktree), else its tip's tree — under which name, and never through a
symlink; a branch an operation is rewriting says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.files import UnsafePath
from gitmemory.memory import location
from gitmemory.memory.blobs import Blobs
from testing.gitrepo import commit_file, diverged, git, memory_text


def test_a_checked_out_branch_keeps_its_memory_in_that_work_tree(repo: Path,
                                                                 tmp_path: Path) -> None:
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", "-b", "feature/auth", str(linked))
    here = location.locate(str(repo), "main")
    there = location.locate(str(repo), "feature/auth")
    assert (here.worktree, here.rel_path, here.exists) == \
        (str(repo), ".gitmemory/branches/main.md", False)
    assert (there.worktree, there.rel_path) == (str(linked), ".gitmemory/branches/feature_auth.md")
    assert there.describe() == ".gitmemory/branches/feature_auth.md in the work tree"


def test_any_other_branch_keeps_it_in_its_tip(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "side")
    commit_file(repo, ".gitmemory/branches/side.md", memory_text("side", facts=("S",)), "mem")
    git(repo, "checkout", "-q", "main")
    found = location.locate(str(repo), "side")
    assert (found.worktree, found.exists) == (None, True)
    assert found.describe() == ".gitmemory/branches/side.md in the branch side (memory commit)"
    assert Blobs(str(repo)).names("refs/heads/side") == ["side.md"]
    assert Blobs(str(repo)).names("refs/heads/main") == []


def test_a_file_under_an_older_name_is_found_and_named_for_the_move(repo: Path) -> None:
    """``Feature/X`` once had the plain name ``Feature_X.md``; today it gets a hashed one."""
    (repo / ".gitmemory" / "branches").mkdir(parents=True)
    (repo / ".gitmemory" / "branches" / "Feature_X.md").write_text(
        memory_text("Feature/X", facts=("Old file",)))
    git(repo, "checkout", "-q", "-b", "Feature/X")
    found = location.locate(str(repo), "Feature/X")
    assert found.exists
    assert found.legacy == ".gitmemory/branches/Feature_X.md"
    assert found.rel_path != found.legacy
    assert found.rel_path.startswith(".gitmemory/branches/Feature_X.")


def test_a_symlink_in_the_tree_is_no_memory_file(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "side")
    (repo / ".gitmemory" / "branches").mkdir(parents=True)
    (repo / ".gitmemory" / "branches" / "side.md").symlink_to("/etc/hostname")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a link where memory would be")
    git(repo, "checkout", "-q", "main")
    assert Blobs(str(repo)).names("refs/heads/side") == []
    assert not location.locate(str(repo), "side").exists


def test_a_symlinked_memory_directory_in_the_work_tree_is_refused(repo: Path,
                                                                  tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (repo / ".gitmemory").mkdir()
    (repo / ".gitmemory" / "branches").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UnsafePath, match="is a symlink"):
        location.locate(str(repo), "main")


def test_a_branch_under_a_rebase_is_busy(repo: Path) -> None:
    diverged(repo)
    git(repo, "checkout", "-q", "topic")
    assert git(repo, "rebase", "main", check=False).returncode != 0
    assert location.locate(str(repo), "topic").busy == "a rebase"
    assert location.locate(str(repo), "main").busy is None
