"""gitmemory/memory/moves.py: a commit that renames a path memory cites is noted, and an
item whose file moved is shown under the file's new name (docs/design.md, "Memory")."""

from __future__ import annotations

from pathlib import Path

from gitmemory import config, git, journal
from gitmemory.memory.markdown import Item, Memory
from gitmemory.memory.moves import Follower, cited, note_commit
from testing.agents import write_memory
from testing.gitrepo import commit_file
from testing.gitrepo import git as run_git

APP = ("Routes live in src/app.py, one function per endpoint", ("src/app.py",))


def _moved(repo: Path, old: str, new: str) -> str:
    run_git(repo, "mv", old, new)
    run_git(repo, "commit", "-q", "-m", f"Move {old} to {new}")
    return run_git(repo, "rev-parse", "HEAD").stdout.strip()


def _note(repo: Path, sha: str) -> bool:
    return note_commit(git.repo_info(str(repo)), config.load(str(repo)), sha)


def _state(repo: Path) -> str:
    state_dir = git.repo_info(str(repo)).state_dir
    assert state_dir is not None
    return state_dir


def test_cited_lists_each_path_once_across_memories() -> None:
    one = Memory("main", {"facts": [Item("a", paths=("src/a.py", "docs/"))],
                          "conventions": [Item("b", paths=("src/a.py",))]})
    two = Memory("topic", {"bug-patterns": [Item("c", paths=("docs/", "lib/c.py"))]})
    assert cited(one, None, two) == ["src/a.py", "docs/", "lib/c.py"]
    assert cited(None) == []


def test_a_commit_that_moves_a_cited_file_is_noted(repo: Path) -> None:
    commit_file(repo, "src/app.py", "ROUTES = []\n", "Add the app")
    write_memory(repo, "main", conventions=(APP,))
    sha = _moved(repo, "src/app.py", "src/main.py")
    assert _note(repo, sha) is True
    assert journal.recorded_renames(_state(repo)) == {"src/app.py": "src/main.py"}


def test_a_commit_that_leaves_cited_files_alone_records_nothing(repo: Path) -> None:
    commit_file(repo, "src/app.py", "ROUTES = []\n", "Add the app")
    write_memory(repo, "main", conventions=(APP,))
    commit_file(repo, "other.py", "x = 1\n", "Add another file")
    sha = _moved(repo, "other.py", "elsewhere.py")
    assert _note(repo, sha) is False
    assert journal.recorded_renames(_state(repo)) == {}


def test_a_move_already_recorded_is_not_asked_again(repo: Path) -> None:
    commit_file(repo, "src/app.py", "ROUTES = []\n", "Add the app")
    write_memory(repo, "main", conventions=(APP,))
    sha = _moved(repo, "src/app.py", "src/main.py")
    assert _note(repo, sha) is True
    later = commit_file(repo, "notes.txt", "n\n", "A later commit")
    assert _note(repo, later) is False  # src/app.py is gone, but its move is known


def test_a_cited_directory_follows_a_file_moved_out_of_it(repo: Path) -> None:
    commit_file(repo, "old/app.py", "ROUTES = []\n", "Add the app")
    write_memory(repo, "main", facts=(("The app lives under old/", ("old/",)),))
    sha = _moved(repo, "old", "new")
    assert _note(repo, sha) is True
    assert journal.recorded_renames(_state(repo)) == {"old/app.py": "new/app.py"}


def test_a_commit_that_deletes_a_cited_file_notes_no_move(repo: Path) -> None:
    commit_file(repo, "src/app.py", "ROUTES = []\n", "Add the app")
    write_memory(repo, "main", conventions=(APP,))
    run_git(repo, "rm", "-q", "src/app.py")
    run_git(repo, "commit", "-q", "-m", "Drop the app")
    assert _note(repo, run_git(repo, "rev-parse", "HEAD").stdout.strip()) is False


def test_a_detached_head_notes_nothing(repo: Path) -> None:
    run_git(repo, "checkout", "-q", "--detach")
    assert _note(repo, run_git(repo, "rev-parse", "HEAD").stdout.strip()) is False


def test_the_follower_shows_a_moved_item_under_the_new_name(repo: Path) -> None:
    (repo / "src").mkdir()
    (repo / "src" / "main.py").write_text("ROUTES = []\n")
    state_dir = _state(repo)
    journal.record_renames(state_dir, "a" * 40, [("src/app.py", "src/main.py")])
    follower = Follower(str(repo), state_dir)
    moved = follower.moved(Item(APP[0], paths=APP[1]))
    assert moved is not None
    assert moved.paths == ("src/main.py",)
    assert moved.text == "Routes live in src/main.py, one function per endpoint"
    unrelated = Item("Docs are in README.md", paths=("README.md",))
    assert follower.moved(unrelated) is unrelated


def test_the_follower_drops_an_item_whose_new_file_is_gone_too(repo: Path) -> None:
    state_dir = _state(repo)
    journal.record_renames(state_dir, "a" * 40, [("src/app.py", "src/main.py")])
    assert Follower(str(repo), state_dir).moved(Item(APP[0], paths=APP[1])) is None


def test_without_recorded_moves_a_stale_item_is_stale(repo: Path) -> None:
    follower = Follower(str(repo), _state(repo))
    item = Item(APP[0], paths=APP[1])
    assert follower.moved(item) is item  # no rename concerns it: checked elsewhere
    assert follower.live(item) is None
    present = Item("Readme", paths=("README.md",))
    assert follower.live(present) is present
    assert Follower(str(repo), None).live(item) is None  # no state directory at all
