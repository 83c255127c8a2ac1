"""gitmemory/pipeline/memorize.py: the kinds of run besides the ordinary one — a branch an
operation is rewriting, a branch read from its newest commits only, a background preview
that marks nothing read, bookkeeping kept back until a real change, and a dry run that
shows both prompts an LLM would get."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmemory.errors import GitmemoryError
from gitmemory.memory import previews
from gitmemory.memory.candidates import Extraction
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import BACKGROUND, DRY_RUN, WORK_TREE
from gitmemory.pipeline.plan import pending_count
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from gitmemory.sources.commits import examined
from testing.fake_provider import FakeLLM, extractions_json
from testing.gitrepo import commit_file, git

UTC = "Compare token expiry in UTC; local time logs users out early"
WORK = ("fix(auth): compare token expiry in UTC\n\nToken expiry was compared in local time, "
        "which logged users out early because the servers run in UTC.")


def _state(repo: Path) -> str:
    return str(repo / ".git" / "gitmemory")


def _feature(repo: Path) -> Path:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "auth.py", "def expired(t):\n    return t < utcnow()\n", WORK)
    return repo


def _answer(text: str = UTC) -> str:
    return extractions_json(Extraction("bug-patterns", text, 0.9, ()))


def test_a_branch_an_operation_is_rewriting_waits(repo: Path) -> None:
    _feature(repo)
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "auth.py", "conflicting\n", "main edits auth")
    git(repo, "checkout", "-q", "feature")
    assert git(repo, "merge", "main", check=False).returncode != 0
    llm = FakeLLM()
    result = memorize(Repo.open(), "feature", llm, WORK_TREE)
    assert (result.status, result.message) == (
        "skipped", "a merge is under way on feature; its commits wait for the next run")
    assert llm.history == []


def test_without_a_start_only_the_recent_history_is_read(repo: Path) -> None:
    """The default branch with no memory: older history than ``history_window`` is never
    read, nothing waits."""
    body = "".join(f"def step_{k}(x):\n    return x + {k}\n\n" for k in range(8))
    for n in range(5):
        commit_file(repo, f"m{n}.py", body, f"feat: module {n} because the importer needs it")
    git(repo, "config", "gitmemory.historyWindow", "2")
    llm = FakeLLM().enqueue('{"no_content_to_extract": true}')
    result = memorize(Repo.open(), "main", llm, WORK_TREE)
    assert (result.commits, result.remaining) == (2, 0)
    assert "feat: module 4" in llm.history[0].prompt
    assert "feat: module 2" not in llm.history[0].prompt


def test_a_background_preview_is_kept_locally_and_marks_nothing_read(repo: Path) -> None:
    _feature(repo)
    local = FakeLLM().enqueue(_answer())
    local.network = False  # a background run calls nothing that leaves the machine
    result = memorize(Repo.open(), "feature", local, BACKGROUND)
    assert (result.status, result.message) == ("success", "kept as a local preview")
    kept = previews.load(_state(repo), "feature")
    assert kept is not None
    assert [i.text for i in kept.sections["bug-patterns"]] == [UTC]
    assert not (repo / ".gitmemory").exists()
    assert examined.marked(_state(repo)) == []  # the commits stay pending
    assert pending_count(Repo.open(), "feature", None) == 1


def test_a_run_that_changes_no_item_keeps_its_bookkeeping_back(repo: Path) -> None:
    _feature(repo)
    first = memorize(Repo.open(), "feature", FakeLLM().enqueue(_answer()), WORK_TREE)
    assert first.status == "success"
    written = (repo / ".gitmemory" / "branches" / "feature.md").read_text()
    tip = commit_file(repo, "auth2.py", "X = 1\n", "refactor(auth): move the helper because "
                                                   "two modules need it")
    kept = json.dumps({"sections": {"bug-patterns": [UTC], "facts": [],
                                    "architectural-decisions": [], "conventions": []},
                       "changes": [{"action": "kept", "section": "bug-patterns",
                                    "content": UTC}]})
    second = memorize(Repo.open(), "feature", FakeLLM().enqueue(_answer(), kept), WORK_TREE)
    assert second.message == "no item's text changed; the bookkeeping waits for the next change"
    assert (repo / ".gitmemory" / "branches" / "feature.md").read_text() == written
    carried = previews.carried(_state(repo), "feature", written)
    assert carried is not None
    assert carried[0].through == tip
    assert pending_count(Repo.open(), "feature", None) == 0  # read, all the same


def test_a_background_run_refuses_a_provider_that_leaves_the_machine(repo: Path) -> None:
    """The mode says what a run may call: background work never reaches the network."""
    _feature(repo)
    with pytest.raises(GitmemoryError, match="background run may not call fake"):
        memorize(Repo.open(), "feature", FakeLLM().enqueue(_answer()), BACKGROUND)
    assert not (repo / ".gitmemory").exists()


def test_a_dry_run_shows_the_extraction_and_the_evolution_prompts(repo: Path) -> None:
    _feature(repo)
    memorize(Repo.open(), "feature", FakeLLM().enqueue(_answer()), WORK_TREE)
    commit_file(repo, "db.py", "POOL = 5\n",
                "perf: cap the pool at 5 because the database refuses more connections")
    llm = FakeLLM()
    result = memorize(Repo.open(), "feature", llm, DRY_RUN)
    assert llm.history == []
    assert "--- fake: system prompt ---" in result.preview
    assert "--- fake: evolve system prompt ---" in result.preview
    assert UTC in result.preview  # the current memory goes along with the evolution
    assert result.message == "dry run: 1 commit(s) to send, 0 skipped; nothing sent or written"
    assert result.would_add is None  # an LLM's items are not known before it answers


def test_a_dry_run_of_the_offline_extractor_says_what_it_would_store(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "w.py", "W = 1\n",
                "feat: w\n\nMemory-Convention: Constants are named in capitals")
    result = memorize(Repo.open(), "feature", OfflineProvider(), DRY_RUN)
    assert "--- offline: nothing leaves this machine; the extractor reads ---" in result.preview
    assert result.would_add is not None
    assert "Constants are named in capitals" in [e.content for e in result.would_add]
    assert not (repo / ".gitmemory").exists()
