"""``gitmemory show``, ``list`` and ``clear`` for branches that are not checked out.

Their memory lives in their own tip (pre-push, ``memorize BRANCH`` and
maintenance make memory commits there), not in the current work tree.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from testing.gitrepo import commit_file, git, gitmemory, set_up


@pytest.fixture
def other_branch(repo: Path) -> Path:
    """``main`` checked out; ``topic`` has a memory commit in its own tip."""
    set_up(repo, provider="offline")
    git(repo, "checkout", "-q", "-b", "topic")
    commit_file(repo, "retry.py", "def retry():\n    pass\n",
                "feat: retry\n\nMemory-Convention: Retries back off exponentially")
    git(repo, "checkout", "-q", "main")
    assert "committed on topic" in gitmemory(repo, "memorize", "topic").stdout
    return repo


def test_show_reads_the_branch_tip(other_branch: Path) -> None:
    done = gitmemory(other_branch, "show", "topic")
    assert "Retries back off exponentially" in done.stdout
    shown = json.loads(gitmemory(other_branch, "show", "topic", "--json").stdout)
    assert shown["branch"] == "topic"
    assert shown["path"] == "topic:.gitmemory/branches/topic.md"


def test_list_includes_branches_with_memory_in_their_tip(other_branch: Path) -> None:
    rows = json.loads(gitmemory(other_branch, "list", "--json").stdout)
    topic = [row for row in rows if row["branch"] == "topic"]
    assert topic and topic[0]["items"]["conventions"] == 1
    assert topic[0]["pending"] == 0


def test_clear_of_a_branch_not_checked_out_says_how(other_branch: Path) -> None:
    done = gitmemory(other_branch, "clear", "topic", check=False)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert "git checkout topic" in lines[0]
    assert "Retries" in git(other_branch, "show", "topic:.gitmemory/branches/topic.md").stdout


def test_clear_of_a_branch_checked_out_in_another_worktree(other_branch: Path,
                                                         tmp_path: Path) -> None:
    linked = tmp_path / "linked"
    git(other_branch, "worktree", "add", "-q", str(linked), "topic")
    done = gitmemory(other_branch, "clear", "topic")
    assert "removed" in done.stdout
    assert not (linked / ".gitmemory" / "branches" / "topic.md").exists()


def test_show_and_status_mark_stale_items_and_size_the_agent_files(repo: Path) -> None:
    from testing.agents import write_memory

    set_up(repo, provider="offline")
    git(repo, "config", "gitmemory.outputs", "claude,cursor")
    (repo / "kept.py").write_text("x = 1\n")
    write_memory(repo, "main", conventions=(("About kept.py", ("kept.py",)),
                                            ("About gone.py", ("gone.py",)), "Hand-written"))
    gitmemory(repo, "generate")
    shown = gitmemory(repo, "show").stdout
    assert "- About gone.py (refs: 0000002; paths: gone.py)  [stale: every path it cites " \
        "is gone]" in shown
    assert "- About kept.py (refs: 0000001; paths: kept.py)\n" in shown
    assert "Stale (1): left out of every agent file" in shown
    only = gitmemory(repo, "show", "--stale").stdout
    assert only == "[Conventions] About gone.py (refs: 0000002; paths: gone.py)\n"
    data = json.loads(gitmemory(repo, "show", "--json").stdout)
    assert [(i["text"], i["paths"], i["stale"]) for i in data["sections"]["conventions"]] == [
        ("About kept.py", ["kept.py"], False), ("About gone.py", ["gone.py"], True),
        ("Hand-written", [], False)]
    status = json.loads(gitmemory(repo, "status", "--json").stdout)
    assert status["stale"] == [{"section": "conventions", "text": "About gone.py",
                                "paths": ["gone.py"]}]
    rows = {row["path"]: row for row in status["agent_files"]}
    claude = (repo / "CLAUDE.md").read_text()
    assert rows["CLAUDE.md"]["chars"] == len(claude)
    assert rows["CLAUDE.md"]["tokens"] == -(-len(claude) // 4)
    assert rows[".cursor/rules/gitmemory.mdc"]["generated"] is True
    text = gitmemory(repo, "status").stdout
    assert f"  CLAUDE.md: {len(claude):,} chars, ~{-(-len(claude) // 4):,} tokens" in text
    assert "1 item(s) whose paths are all gone" in text


def test_show_judges_a_branch_that_is_not_checked_out_by_its_own_tree(
        other_branch: Path) -> None:
    git(other_branch, "checkout", "-q", "topic")
    git(other_branch, "rm", "-q", "retry.py")
    git(other_branch, "commit", "-q", "-m", "drop retry")
    git(other_branch, "checkout", "-q", "main")
    shown = gitmemory(other_branch, "show", "topic", "--stale").stdout
    assert "Retries back off exponentially" in shown
    (other_branch / "retry.py").write_text("here, on main\n")  # the work tree does not count
    assert "Retries" in gitmemory(other_branch, "show", "topic", "--stale").stdout
