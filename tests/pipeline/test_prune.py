"""Memory that stays true to its branch, with real git and the real hooks: stale items
leave the agent files at checkout and the memory file at memorize, renames are followed,
items whose commits left the branch go, rewritten commits are cited by their new sha."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.memory import markdown
from gitmemory.memory.filenames import find
from testing.agents import ALL_OUTPUTS, tree, write_memory
from testing.gitrepo import commit_file, git, gitmemory, set_up

LEGACY = "Legacy handlers in src/api/legacy.py return tuples, not dicts"
ROUTES = "Routes are registered once, in src/api/routes.py"


def _memory(repo: Path, branch: str = "feature") -> markdown.Memory:
    path = find(str(repo / ".gitmemory" / "branches"), branch)
    assert path is not None
    parsed = markdown.parse(Path(path).read_text())
    assert parsed is not None
    return parsed


def _texts(repo: Path, branch: str = "feature") -> list[str]:
    return [i.text for items in _memory(repo, branch).sections.values() for i in items]


def _item(repo: Path, text: str, branch: str = "feature") -> markdown.Item:
    (found,) = [i for items in _memory(repo, branch).sections.values() for i in items
                if i.text == text]
    return found


@pytest.fixture
def feature(repo: Path) -> Path:
    """Every output on; on branch feature, memory of two items about two files."""
    set_up(repo, "offline")
    git(repo, "config", "gitmemory.outputs", ALL_OUTPUTS)
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "src/api/routes.py", "ROUTES = []\n",
                f"feat(api): routes\n\nMemory-Convention: {ROUTES}")
    commit_file(repo, "src/api/legacy.py", "def old():\n    return (1, 2)\n",
                f"feat(api): legacy handlers\n\nMemory-Convention: {LEGACY}")
    assert "committed on feature" in gitmemory(repo, "memorize").stdout
    return repo


@pytest.mark.slow
def test_memorize_records_the_paths_each_item_is_about(feature: Path) -> None:
    assert _item(feature, LEGACY).paths == ("src/api/legacy.py",)
    assert _item(feature, ROUTES).paths == ("src/api/routes.py",)
    assert "paths: src/api/legacy.py" in gitmemory(feature, "show").stdout


@pytest.mark.slow
def test_an_item_about_a_deleted_file_leaves_every_agent_file_then_the_memory(
        feature: Path) -> None:
    files = tree(feature)
    assert sum(LEGACY in text for text in files.values()) == 6  # 4 rule files, AGENTS, GEMINI
    git(feature, "rm", "-q", "src/api/legacy.py")
    git(feature, "commit", "-q", "-m", "Drop the legacy handlers")
    git(feature, "checkout", "-q", "main")
    git(feature, "checkout", "-q", "feature")
    files = tree(feature)
    assert files and not any(LEGACY in text for text in files.values())
    assert sum(ROUTES in text for text in files.values()) == 6
    assert LEGACY in _texts(feature)  # the file still has it until memorize
    stale = gitmemory(feature, "show", "--stale").stdout
    assert LEGACY in stale and ROUTES not in stale
    status = gitmemory(feature, "status", check=False).stdout  # outputs set after init
    assert "2 item(s) whose paths are all gone" in status  # the item and its commit's line
    done = gitmemory(feature, "memorize")
    assert f"removed (stale: src/api/legacy.py gone): {LEGACY}" in done.stdout
    assert "-2" in done.stdout.splitlines()[0]  # the item and its commit's line
    assert LEGACY not in _texts(feature) and ROUTES in _texts(feature)


@pytest.mark.parametrize("change", ["stale", "renamed"])
def test_a_memory_written_for_what_the_run_checked_covers_what_it_read(
        feature: Path, change: str) -> None:
    """Issue 33: memorize read every commit and found nothing new, but removed a stale item
    (or followed a rename): the file was committed with `Through:` still at the older
    commit, so another clone, without this one's local mark, read them all again."""
    commit_file(feature, "src/api/notes.txt", "a note\n", "wip")
    if change == "stale":
        git(feature, "rm", "-q", "src/api/legacy.py")
    else:
        git(feature, "mv", "src/api/legacy.py", "src/api/compat.py")
    git(feature, "commit", "-q", "-m", "Drop the legacy handlers")
    read_up_to = git(feature, "rev-parse", "HEAD").stdout.strip()
    done = gitmemory(feature, "memorize")
    assert "committed on feature" in done.stdout
    assert _memory(feature).through == read_up_to
    (feature / ".git" / "gitmemory" / "examined").unlink()  # as another clone sees it
    status = json.loads(gitmemory(feature, "status", "--json", check=False).stdout)
    assert status["pending_commits"] == 0


@pytest.mark.slow
def test_a_rename_keeps_the_item_and_its_area(feature: Path) -> None:
    git(feature, "mv", "src/api/legacy.py", "src/api/compat.py")
    git(feature, "commit", "-q", "-m", "Rename legacy to compat")
    done = gitmemory(feature, "memorize")
    assert "2 item(s) follow renamed paths" in done.stdout  # the item, its commit's line
    moved = LEGACY.replace("legacy.py", "compat.py")  # the text follows the path it names
    assert _item(feature, moved).paths == ("src/api/compat.py",)
    assert git(feature, "status", "--porcelain", "--", ".gitmemory").stdout == ""  # committed
    git(feature, "checkout", "-q", "main")
    git(feature, "checkout", "-q", "feature")
    assert moved in (feature / ".cursor/rules/gitmemory-src-api.mdc").read_text()


@pytest.mark.slow
def test_a_moved_directory_is_followed(feature: Path) -> None:
    write_memory(feature, "feature", facts=(("The API lives in src/api/", ("src/api/",)),))
    git(feature, "add", "-A", ".gitmemory")
    git(feature, "commit", "-q", "-m", "memory by hand")
    git(feature, "mv", "src/api", "src/web")
    git(feature, "commit", "-q", "-m", "api becomes web")
    gitmemory(feature, "memorize")
    assert _item(feature, "The API lives in src/web/").paths == ("src/web/",)


@pytest.mark.slow
def test_items_whose_commits_a_reset_dropped_go_at_the_next_memorize(feature: Path) -> None:
    commit_file(feature, "README.md", "hello\nworld\n",
                "docs: readme\n\nMemory-Fact: The readme greets the world")
    gitmemory(feature, "memorize")
    assert "The readme greets the world" in _texts(feature)
    git(feature, "reset", "-q", "--hard", "HEAD~2")  # the fact's commit and its memory go
    (feature / ".gitmemory/branches/feature.md").write_text(
        git(feature, "show", "HEAD@{1}:.gitmemory/branches/feature.md").stdout)  # kept by hand
    done = gitmemory(feature, "memorize")
    assert "removed (its commits are no longer on the branch): The readme greets the world" \
        in done.stdout
    assert "The readme greets the world" not in _texts(feature)
    assert LEGACY in _texts(feature)  # README.md still exists: only the commit went


@pytest.mark.slow
def test_an_amended_commit_is_cited_by_its_new_sha(feature: Path) -> None:
    old = _item(feature, LEGACY).refs
    git(feature, "reset", "-q", "--soft", "HEAD~1")  # undo the memory commit, keep the file
    git(feature, "reset", "-q", "HEAD", "--", ".gitmemory")
    git(feature, "commit", "-q", "--amend", "-m", "feat(api): legacy handlers, amended\n\n"
        f"Memory-Convention: {LEGACY}")
    new_sha = git(feature, "rev-parse", "--short=7", "HEAD").stdout.strip()
    done = gitmemory(feature, "memorize")
    assert "cite their rewritten commits by the new shas" in done.stdout
    # Refs alone are bookkeeping: they ride along with the next real change.
    assert _item(feature, LEGACY).refs == old
    commit_file(feature, "src/api/errors.py", "class ApiError(Exception):\n    pass\n",
                "feat(api): errors\n\nMemory-Convention: API errors derive from ApiError")
    gitmemory(feature, "memorize")
    assert _item(feature, LEGACY).refs == (new_sha,) != old
    assert LEGACY in _texts(feature)


def test_refs_to_commits_this_clone_never_made_are_left_alone(repo: Path) -> None:
    set_up(repo, "offline")
    write_memory(repo, "main", conventions=("From another clone's rebased work",
                                            "Written by hand"))
    gitmemory(repo, "memorize")
    assert _texts(repo, "main") == ["From another clone's rebased work", "Written by hand"]


@pytest.mark.slow
def test_maintain_removes_stale_items_and_dry_run_does_not(feature: Path) -> None:
    git(feature, "rm", "-q", "src/api/legacy.py")
    git(feature, "commit", "-q", "-m", "Drop the legacy handlers")
    dry = gitmemory(feature, "memorize", "--dry-run")
    assert "would be removed (stale: src/api/legacy.py gone)" in dry.stdout
    assert LEGACY in _texts(feature)
    git(feature, "checkout", "-q", "main")  # maintain commits on branches not checked out
    done = gitmemory(feature, "maintain")
    assert "check evidence feature: success" in done.stdout
    assert f"removed (stale: src/api/legacy.py gone): {LEGACY}" in done.stdout
    shown = git(feature, "show", "feature:.gitmemory/branches/feature.md").stdout
    assert LEGACY not in shown and ROUTES in shown
    assert "check evidence" not in gitmemory(feature, "maintain").stdout  # nothing left to do


def test_memorize_records_what_the_branch_changed_for_ranking(feature: Path) -> None:
    from gitmemory.outputs import relevance

    touched = relevance.touched(str(feature / ".git" / "gitmemory"), "feature")
    assert {"src/api/routes.py", "src/api", "src"} <= touched
    assert "README.md" not in touched
