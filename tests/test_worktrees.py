"""Which branches are checked out where, and which ones an operation is rewriting."""

from __future__ import annotations

from pathlib import Path

from gitmemory import worktrees
from testing.gitrepo import commit_file, diverged, git


def test_nothing_under_way(repo: Path) -> None:
    assert worktrees.busy(str(repo)) == {}


def test_a_stopped_rebase_names_its_branch_and_the_refs_it_updates(repo: Path) -> None:
    diverged(repo)
    git(repo, "checkout", "-q", "topic")
    git(repo, "branch", "stacked")  # moved by --update-refs when the rebase ends
    commit_file(repo, "g.txt", "g\n", "topic goes on")
    assert git(repo, "rebase", "--update-refs", "main", check=False).returncode != 0
    assert worktrees.busy(str(repo)) == {"topic": "a rebase", "stacked": "a rebase"}


def test_merge_and_cherry_pick_in_linked_worktrees(repo: Path, tmp_path: Path) -> None:
    diverged(repo)
    git(repo, "branch", "picker", "main")
    merging, picking = tmp_path / "merging", tmp_path / "picking"
    git(repo, "worktree", "add", "-q", str(merging), "topic")
    git(repo, "worktree", "add", "-q", str(picking), "picker")
    assert git(merging, "merge", "main", check=False).returncode != 0
    assert git(picking, "cherry-pick", "topic", check=False).returncode != 0
    assert worktrees.busy(str(repo)) == {"topic": "a merge", "picker": "a cherry-pick"}
    assert worktrees.checked_out(str(repo))["picker"] == str(picking)


def test_a_bisect_counts_for_the_branch_it_started_on(repo: Path) -> None:
    """A bisect leaves HEAD detached and puts the branch back at the end: a memory
    commit meanwhile would be on a branch the person is not looking at."""
    commit_file(repo, "h.txt", "h\n", "second")
    git(repo, "bisect", "start", "HEAD", "HEAD~1")
    assert worktrees.busy(str(repo)) == {"main": "a bisect"}
    git(repo, "bisect", "reset")
    assert worktrees.busy(str(repo)) == {}


def test_branch_names_with_line_separators(repo: Path) -> None:
    """git allows U+2028 and U+0085 in branch names; str.splitlines() cuts at them."""
    name = "topic\u2028two\u0085three"
    git(repo, "checkout", "-q", "-b", name)
    assert worktrees.checked_out(str(repo)) == {name: str(repo)}


def test_a_worktree_whose_directory_was_deleted_does_not_count(repo: Path,
                                                               tmp_path: Path) -> None:
    """`rm -rf` of a linked worktree leaves git a prunable entry; writing memory there
    would bring the directory back."""
    import shutil

    gone = tmp_path / "gone"
    git(repo, "worktree", "add", "-q", "-b", "gone-branch", str(gone))
    shutil.rmtree(gone)
    assert "gone-branch" not in worktrees.checked_out(str(repo))
    assert worktrees.checked_out(str(repo)) == {"main": str(repo)}


def test_a_git_dir_kept_apart_from_its_work_tree_still_names_the_work_tree(tmp_path: Path
                                                                           ) -> None:
    """`git init --separate-git-dir`: worktree list names the git dir as the main work
    tree; asked from inside the work tree, the answer is the work tree."""
    work, store = tmp_path / "work", tmp_path / "store.git"
    git(tmp_path, "init", "-q", "-b", "main", "--separate-git-dir", str(store), str(work))
    commit_file(work, "a.txt", "a\n", "first")
    assert worktrees.checked_out(str(work)) == {"main": str(work)}


def test_a_bare_repository_lists_only_its_linked_worktrees(tmp_path: Path) -> None:
    bare, linked = tmp_path / "bare.git", tmp_path / "linked"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(bare))
    seed = tmp_path / "seed"
    git(tmp_path, "clone", "-q", str(bare), str(seed))
    commit_file(seed, "a.txt", "a\n", "first")
    git(seed, "push", "-q", "origin", "main")
    git(bare, "worktree", "add", "-q", "-b", "side", str(linked), "main")
    assert worktrees.checked_out(str(bare)) == {"side": str(linked)}
    assert worktrees.checked_out(str(linked)) == {"side": str(linked)}
    assert worktrees.busy(str(bare)) == {}


def test_a_stopped_revert_counts_for_its_branch(repo: Path) -> None:
    diverged(repo)
    commit_file(repo, "f.txt", "main again\n", "main edits f again")
    assert git(repo, "revert", "--no-edit", "HEAD~1", check=False).returncode != 0
    assert worktrees.busy(str(repo)) == {"main": "a revert"}


def test_a_stopped_git_am_counts_for_its_branch(repo: Path, tmp_path: Path) -> None:
    diverged(repo)
    patch = tmp_path / "topic.patch"
    patch.write_text(git(repo, "format-patch", "-1", "--stdout", "topic").stdout)
    assert git(repo, "am", str(patch), check=False).returncode != 0
    assert worktrees.busy(str(repo)) == {"main": "a rebase or git am"}
    git(repo, "am", "--abort")
    assert worktrees.busy(str(repo)) == {}
