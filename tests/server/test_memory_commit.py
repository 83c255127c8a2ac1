"""The sync job's one commit rebased onto a tip another run moved: the default branch's
memory file, changed by both, keeps both runs' items; a merged file the other run removed
stays removed; a file someone changed since it was folded is not removed."""

from __future__ import annotations

from pathlib import Path

from gitmemory.memory.markdown import parse
from gitmemory.server.memory_commit import rebase, same_memory
from gitmemory.server.remote import Git
from testing.gitrepo import commit_file, git, memory_text

MAIN = ".gitmemory/branches/main.md"
MERGED = ".gitmemory/branches/feature_a.md"


def _items(repo: Path, rev: str) -> list[str]:
    memory = parse(git(repo, "show", f"{rev}:{MAIN}").stdout)
    assert memory is not None
    return [i.text for items in memory.sections.values() for i in items]


def _run(repo: Path, base: str, items: tuple[str, ...], remove: bool, name: str) -> str:
    """A job's commit on ``base``: main's memory with ``items``, the merged file removed."""
    git(repo, "checkout", "-q", "-B", name, base)
    (repo / MAIN).write_text(memory_text("main", facts=items))
    if remove:
        git(repo, "rm", "-q", MERGED)
    git(repo, "commit", "-qam", f"{name}\n\nGitmemory-Update: true")
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def test_both_runs_items_survive_the_rebase(repo: Path) -> None:
    commit_file(repo, MAIN, memory_text("main", facts=("Base item",)), "main memory")
    commit_file(repo, MERGED, memory_text("feature/a", decisions=("A",)), "merged file")
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    theirs = _run(repo, base, ("Base item", "Their item"), True, "theirs")
    ours = _run(repo, base, ("Base item", "Our item"), True, "ours")
    rebased = rebase(Git(str(repo)), ours, theirs, MAIN)
    assert rebased is not None
    assert git(repo, "rev-parse", f"{rebased}^").stdout.strip() == theirs
    assert set(_items(repo, rebased)) == {"Base item", "Their item", "Our item"}
    assert git(repo, "ls-tree", "--name-only", rebased, ".gitmemory/branches/").stdout.split() \
        == [MAIN]


def test_nothing_is_left_when_the_tip_holds_it_all(repo: Path) -> None:
    commit_file(repo, MAIN, memory_text("main", facts=("Base item",)), "main memory")
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    theirs = _run(repo, base, ("Base item", "Item"), False, "theirs")
    ours = _run(repo, base, ("Base item", "Item"), False, "ours")
    assert rebase(Git(str(repo)), ours, theirs, MAIN) is None
    assert same_memory(Git(str(repo)), ours, theirs)


def test_a_merged_file_changed_since_it_was_folded_stays(repo: Path) -> None:
    commit_file(repo, MAIN, memory_text("main", facts=("Base item",)), "main memory")
    commit_file(repo, MERGED, memory_text("feature/a", decisions=("A",)), "merged file")
    base = git(repo, "rev-parse", "HEAD").stdout.strip()
    git(repo, "checkout", "-q", "-B", "theirs", base)
    commit_file(repo, MERGED, memory_text("feature/a", decisions=("A", "A2")), "merged again")
    theirs = git(repo, "rev-parse", "HEAD").stdout.strip()
    ours = _run(repo, base, ("Base item", "A"), True, "ours")
    rebased = rebase(Git(str(repo)), ours, theirs, MAIN)
    assert rebased is not None
    assert "A2" in git(repo, "show", f"{rebased}:{MERGED}").stdout
    assert "A" in _items(repo, rebased)
