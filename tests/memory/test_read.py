"""The one door to a branch's memory: work tree, any commit's tree, where a branch keeps it,
decoys under the right name, and the default branch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gitmemory import config, git
from gitmemory.memory import read
from gitmemory.memory.filenames import MEMORY_DIR, plain_name
from testing.gitrepo import commit_file, memory_text
from testing.gitrepo import git as run_git


def _write(top: Path, branch: str, text: str, name: str | None = None) -> Path:
    path = top / MEMORY_DIR / (name or plain_name(branch) or "x.md")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_in_work_tree_finds_parses_and_title_checks(repo: Path) -> None:
    _write(repo, "feature/auth", memory_text("feature/auth", conventions=("Use UTC",)))
    found = read.in_work_tree(str(repo), "feature/auth")
    assert found is not None
    assert found.memory.branch == "feature/auth"
    assert [i.text for i in found.memory.sections["conventions"]] == ["Use UTC"]
    assert found.rel_path == f"{MEMORY_DIR}/feature_auth.md"
    assert found.where(str(repo)) == f"{MEMORY_DIR}/feature_auth.md"
    assert found.text == (repo / found.rel_path).read_text()
    assert read.in_work_tree(str(repo), "other") is None


def test_a_file_under_the_right_name_with_another_title_is_not_that_branchs(repo: Path) -> None:
    _write(repo, "main", memory_text("someone-else", conventions=("Decoy",)), name="main.md")
    assert read.in_work_tree(str(repo), "main") is None


def test_a_file_without_a_title_is_no_memory(repo: Path) -> None:
    _write(repo, "main", "just some notes\n", name="main.md")
    assert read.in_work_tree(str(repo), "main") is None
    assert read.parsed("just some notes\n", "main") is None


def test_in_tree_reads_any_commit_without_touching_the_work_tree(repo: Path) -> None:
    _write(repo, "main", memory_text("main", facts=("Committed fact",)))
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "memory")
    sha = run_git(repo, "rev-parse", "HEAD").stdout.strip()
    _write(repo, "main", memory_text("main", facts=("Work tree fact",)))
    found = read.in_tree(str(repo), sha, "main")
    assert found is not None and found.worktree is None
    assert [i.text for i in found.memory.sections["facts"]] == ["Committed fact"]
    assert found.where() == f"{sha}:{MEMORY_DIR}/main.md"
    by_branch = read.in_tree(str(repo), "refs/heads/main", "main")
    assert by_branch is not None and by_branch.where() == f"main:{MEMORY_DIR}/main.md"
    assert read.in_tree(str(repo), sha, "feature") is None


def test_find_reads_a_checked_out_branch_in_its_work_tree_and_another_in_its_tip(
        repo: Path, tmp_path: Path) -> None:
    run_git(repo, "checkout", "-q", "-b", "topic")
    _write(repo, "topic", memory_text("topic", facts=("Topic fact",)))
    run_git(repo, "add", "-A")
    run_git(repo, "commit", "-q", "-m", "topic memory")
    run_git(repo, "checkout", "-q", "main")
    other = tmp_path / "other"
    run_git(repo, "worktree", "add", "-q", "-b", "side", str(other))
    _write(other, "side", memory_text("side", facts=("Uncommitted side fact",)))

    loc, found = read.find(str(repo), "topic")
    assert loc.worktree is None and found is not None
    assert [i.text for i in found.memory.sections["facts"]] == ["Topic fact"]

    loc, found = read.find(str(repo), "side")
    assert loc.worktree == str(other) and found is not None
    assert found.where(str(other)) == f"{MEMORY_DIR}/side.md"
    assert [i.text for i in found.memory.sections["facts"]] == ["Uncommitted side fact"]


def test_the_default_branch_comes_from_config_then_origin_head_then_main(repo: Path) -> None:
    info = git.repo_info(str(repo))
    cfg = config.load(str(repo))
    assert read.default_branch(info, cfg) == "main"
    origin = Path(info.common_dir) / "refs" / "remotes" / "origin"
    origin.mkdir(parents=True)
    (origin / "HEAD").write_text("ref: refs/remotes/origin/trunk\n")
    assert read.default_branch(info, cfg) == "trunk"
    cfg = config.load(str(repo), overrides={"default_branch": "develop"})
    assert read.default_branch(info, cfg) == "develop"


@pytest.mark.parametrize("name", ["main", "master"])
def test_a_default_branch_whose_ref_git_packed_is_still_found(repo: Path, name: str) -> None:
    """git gc packs refs: refs/heads/main is then a line in packed-refs, not a file."""
    if name != "main":
        run_git(repo, "branch", "-m", "main", name)
    run_git(repo, "checkout", "-q", "-b", "topic")
    run_git(repo, "pack-refs", "--all")
    info = git.repo_info(str(repo))
    assert not (Path(info.common_dir) / "refs" / "heads" / name).exists()
    assert read.default_branch(info, config.load(str(repo))) == name


def test_a_repository_with_only_a_master_memory_file_defaults_to_master(repo: Path) -> None:
    run_git(repo, "branch", "-m", "main", "trunk")
    info = git.repo_info(str(repo))
    cfg = config.load(str(repo))
    assert read.default_branch(info, cfg) is None
    _write(repo, "master", memory_text("master", facts=("Master fact",)))
    assert read.default_branch(info, cfg) == "master"


def test_the_door_refuses_a_symlinked_memory_directory(repo: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "main.md").write_text(memory_text("main", facts=("Outside",)))
    (repo / ".gitmemory").mkdir()
    os.symlink(elsewhere, repo / MEMORY_DIR)
    with pytest.raises(Exception, match="symlink") as caught:
        read.in_work_tree(str(repo), "main")
    assert type(caught.value).__name__ == "UnsafePath"


def test_a_branch_with_no_tree_entry_yet_has_no_memory_in_its_tip(repo: Path) -> None:
    commit_file(repo, "a.txt", "a\n", "a")
    run_git(repo, "branch", "fresh")
    loc, found = read.find(str(repo), "fresh")
    assert not loc.exists and found is None


@pytest.mark.slow
def test_memory_text_is_parsed_by_the_readers_alone() -> None:
    """docs/design.md, "Memory": one reader finds and parses a branch's memory
    (memory/read.py in the work tree, memory/blobs.py in trees).  The few other modules
    that parse memory text work on a file as git hands it over, and say why here."""
    import ast
    from pathlib import Path

    import gitmemory

    allowed = {
        "memory/read.py", "memory/blobs.py",  # the readers
        "memory/markdown.py",  # the format itself
        "memory/merging.py",  # the merge driver: the three versions git passes it
        "maintenance/chores.py",  # the monthly check: each file of the directory as it is
        "server/memory_commit.py",  # the CI job: two versions of one file, compared
    }
    root = Path(gitmemory.__file__).parent
    parsing = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        imported = any(isinstance(n, ast.ImportFrom) and n.module == "gitmemory.memory.markdown"
                       and any(a.name == "parse" for a in n.names) for n in ast.walk(tree))
        called = any(isinstance(n, ast.Attribute) and n.attr == "parse" and
                     getattr(n.value, "id", "") == "markdown" for n in ast.walk(tree))
        if imported or called:
            parsing.add(path.relative_to(root).as_posix())
    assert parsing - allowed == set()
