"""gitmemory/recall/server.py's answers, in process (the protocol itself: test_recall_server):
limits are clamped, a remote-tracking branch is found by its label or its name, and items
whose paths are gone are marked stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.memory.markdown import Item
from gitmemory.recall.server import MAX_LIMIT, Library
from testing.gitrepo import git
from testing.recall import branch_with_memory, commit_memory, memory


@pytest.fixture
def answers(repo: Path, tmp_path: Path) -> Library:
    commit_memory(repo, memory("main", facts=[f"Queue worker {n} retries failed jobs"
                                              for n in range(60)]))
    branch_with_memory(repo, memory("remote-only", facts=[
        Item("Billing rounds half-even", paths=("billing/round.py",))]))
    bare = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    git(repo, "remote", "add", "origin", str(bare))
    git(repo, "push", "-q", "origin", "remote-only")
    git(repo, "fetch", "-q", "origin")
    git(repo, "branch", "-q", "-D", "remote-only")
    return Library(str(repo), str(repo / ".git" / "gitmemory"))


@pytest.mark.parametrize(("asked", "given"), [(0, 1), (-5, 1), (3, 3), (1000, MAX_LIMIT)])
def test_the_limit_is_clamped(answers: Library, asked: int, given: int) -> None:
    found = answers.search_memory("queue worker retries", None, None, asked)
    assert len(found["hits"]) == given


def test_a_remote_tracking_branch_by_its_label_or_its_name(answers: Library) -> None:
    by_label = answers.branch_memory("origin/remote-only")
    by_name = answers.branch_memory("remote-only")
    assert by_label == by_name
    assert by_label["branch"] == "origin/remote-only"
    (item,) = by_label["sections"]["facts"]
    assert item["stale"] is True  # billing/round.py is in no tree
    assert {b["branch"]: b["kind"] for b in answers.list_branches()["branches"]} == \
        {"main": "local", "origin/remote-only": "remote"}


def test_an_unknown_section_is_refused_before_any_search(answers: Library) -> None:
    with pytest.raises(GitmemoryError, match="unknown section 'gossip'; one of facts, "):
        answers.search_memory("queue", None, "gossip", 5)
