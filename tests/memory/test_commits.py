"""gitmemory/memory/committer.py and write.py in process: a memory commit changes one file on
its branch and nothing the user staged, commits nothing when nothing changed, moves a file to
its branch's new name, and the writer folds a concurrent edit in; clear refuses what only a
commit can change."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.memory import committer, location, write
from gitmemory.memory.markdown import Item, Memory
from gitmemory.repo import Repo
from testing.gitrepo import commit_file, diverged, git, memory_text

REL = ".gitmemory/branches/main.md"


def _state(repo: Path) -> str:
    return str(repo / ".git" / "gitmemory")


def _commit(repo: Path, text: str, branch: str = "main", *, rel_path: str | None = None,
            worktree: str | None = None, drop: str | None = None) -> str | None:
    return committer.commit_file(str(repo), _state(repo), branch,
                                 rel_path=rel_path or f".gitmemory/branches/{branch}.md",
                                 text=text, summary=f"{branch}: success +1 ~0 -0",
                                 worktree=worktree, drop=drop)


def test_a_memory_commit_changes_one_file_on_its_branch(repo: Path) -> None:
    before = git(repo, "rev-parse", "main").stdout.strip()
    sha = _commit(repo, memory_text("main", facts=("One fact",)))
    assert sha == git(repo, "rev-parse", "main").stdout.strip()
    assert git(repo, "rev-parse", "main^").stdout.strip() == before
    assert git(repo, "diff", "--name-only", "main^", "main").stdout == f"{REL}\n"
    body = git(repo, "log", "-1", "--format=%B", "main").stdout
    assert body.startswith("gitmemory: update memory for main\n\nmain: success +1 ~0 -0")
    assert committer.TRAILER in body


def test_the_same_text_again_commits_nothing(repo: Path) -> None:
    text = memory_text("main", facts=("One fact",))
    assert _commit(repo, text) is not None
    assert _commit(repo, text) is None


def test_a_commit_on_another_branch_leaves_the_index_and_work_tree_alone(repo: Path) -> None:
    git(repo, "branch", "side")
    (repo / "README.md").write_text("staged change\n")
    git(repo, "add", "README.md")
    (repo / "notes.txt").write_text("untracked\n")
    main = git(repo, "rev-parse", "main").stdout.strip()
    assert _commit(repo, memory_text("side", facts=("One fact",)), branch="side") is not None
    assert git(repo, "rev-parse", "main").stdout.strip() == main
    assert git(repo, "status", "--porcelain").stdout == "M  README.md\n?? notes.txt\n"
    assert not (repo / ".gitmemory").exists()


def test_with_the_worktree_its_index_entry_follows_the_commit(repo: Path) -> None:
    text = memory_text("main", facts=("One fact",))
    (repo / REL).parent.mkdir(parents=True)
    (repo / REL).write_text(text)
    git(repo, "add", REL)  # the user staged the file the commit now holds
    _commit(repo, text, worktree=str(repo))
    assert git(repo, "status", "--porcelain").stdout == ""


def test_a_file_moved_to_its_new_name_goes_in_the_same_commit(repo: Path) -> None:
    commit_file(repo, ".gitmemory/branches/old-name.md", memory_text("main", facts=("F",)),
                "memory under an old name")
    sha = _commit(repo, memory_text("main", facts=("F",)), drop=".gitmemory/branches/old-name.md")
    assert sha is not None
    changed = git(repo, "diff", "--no-renames", "--name-status", "main^", "main"
                  ).stdout.split("\n")
    assert "D\t.gitmemory/branches/old-name.md" in changed
    assert f"A\t{REL}" in changed


def test_the_message_masks_a_token_like_branch_name(repo: Path) -> None:
    branch = "fix/ghp_" + "a1B2" * 9
    git(repo, "branch", branch)
    _commit(repo, memory_text(branch, facts=("F",)), branch=branch,
            rel_path=".gitmemory/branches/fix_token.md")
    body = git(repo, "log", "-1", "--format=%B", branch).stdout
    assert "a1B2" * 9 not in body


def test_a_branch_that_does_not_exist_is_a_git_error(repo: Path) -> None:
    with pytest.raises(GitmemoryError, match="git rev-parse"):
        _commit(repo, "# Branch Memory: ghost\n", branch="ghost")


def _memory(branch: str, *texts: str) -> Memory:
    return Memory(branch, {"facts": [Item(t) for t in texts]}, updated="2026-01-01T00:00:00Z")


def test_the_writer_folds_a_change_made_meanwhile_into_its_own(repo: Path) -> None:
    opened = Repo.open()
    loc = location.for_work_tree(str(repo), "main")
    original = memory_text("main", facts=("Read by the caller",))
    (repo / REL).parent.mkdir(parents=True)
    (repo / REL).write_text(memory_text("main", facts=("Read by the caller",
                                                       "Added by someone else meanwhile")))
    write.write(opened, loc, original, _memory("main", "Read by the caller", "Ours"),
                summary="test", commit=False)
    text = (repo / REL).read_text()
    for item in ("Read by the caller", "Added by someone else meanwhile", "Ours"):
        assert f"- {item}" in text


def test_the_writer_commits_a_branch_that_is_not_checked_out(repo: Path) -> None:
    git(repo, "branch", "side")
    opened = Repo.open()
    loc = location.locate(str(repo), "side")
    assert loc.worktree is None
    written = write.write(opened, loc, None, _memory("side", "Side fact"), summary="side: +1",
                          commit=False)
    assert written.sha == git(repo, "rev-parse", "side").stdout.strip()
    assert "- Side fact" in git(repo, "show", "side:.gitmemory/branches/side.md").stdout
    assert not (repo / ".gitmemory").exists()


def test_the_writer_refuses_a_branch_an_operation_is_rewriting(repo: Path) -> None:
    diverged(repo)
    assert git(repo, "merge", "topic", check=False).returncode != 0
    loc = location.locate(str(repo), "main")
    with pytest.raises(GitmemoryError) as caught:
        write.write(Repo.open(), loc, None, _memory("main", "F"), summary="x", commit=False)
    assert caught.value.one_line() == ("memory for main not written: a merge is under way on "
                                       "it (hint: finish it, then run gitmemory memorize)")


def test_commit_work_tree_commits_only_this_branch_s_memory(repo: Path) -> None:
    opened = Repo.open()
    assert write.commit_work_tree(opened, "main", "nothing there") is None
    (repo / REL).parent.mkdir(parents=True)
    (repo / REL).write_text(memory_text("someone-else", facts=("Decoy",)))
    assert write.commit_work_tree(opened, "main", "a decoy") is None
    (repo / REL).write_text(memory_text("main", facts=("Edited by hand",)))
    sha = write.commit_work_tree(opened, "main", "hand edit")
    assert sha == git(repo, "rev-parse", "main").stdout.strip()
    assert write.commit_work_tree(opened, "main", "again") is None


def test_clear_removes_a_checked_out_branch_s_file_and_refuses_a_committed_one(
        repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "side")
    commit_file(repo, ".gitmemory/branches/side.md", memory_text("side", facts=("S",)), "mem")
    git(repo, "checkout", "-q", "main")
    (repo / REL).parent.mkdir(parents=True, exist_ok=True)
    (repo / REL).write_text(memory_text("main", facts=("M",)))
    opened = Repo.open()
    assert write.remove(opened, "main") == REL
    assert not (repo / REL).exists()
    with pytest.raises(GitmemoryError) as caught:
        write.remove(opened, "side")
    assert "the memory of side is in its last commit (side:.gitmemory/branches/side.md)" in \
        caught.value.one_line()
    assert "git checkout side, then gitmemory clear side" in caught.value.one_line()
    with pytest.raises(GitmemoryError, match="no memory for branch 'ghost'"):
        write.remove(opened, "ghost")


def test_a_branch_switched_away_from_while_the_model_thought_gets_a_commit(repo: Path) -> None:
    """Where memory goes is asked again under the lock: the work tree now belongs to
    another branch, so main's memory becomes a commit on main."""
    loc = location.locate(str(repo), "main")
    assert loc.worktree == str(repo)
    git(repo, "checkout", "-q", "-b", "elsewhere")
    written = write.write(Repo.open(), loc, None, _memory("main", "Learned on main"),
                          summary="main: +1", commit=False, relocate=True)
    assert written.location.worktree is None
    assert written.sha == git(repo, "rev-parse", "main").stdout.strip()
    assert not (repo / REL).exists()  # nothing left in elsewhere's work tree
    assert git(repo, "status", "--porcelain").stdout == ""
