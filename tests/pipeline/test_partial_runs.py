"""Partial runs over a history with merged side branches (issue 29): a run that stops
before the end of the pending range records a ``Through:`` whose ancestry is exactly
what it read, so the next run reads each commit once and every run makes progress.

Pending commits used to come in commit-date order and ``Through:`` was the last one
read: on restic's history successive runs went round in a circle (pending 177, 127,
77, 175 ...), reading side branches again and skipping others."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitmemory.pipeline import pending
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import COMMIT
from gitmemory.pipeline.plan import plan
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from testing.fake_provider import FakeLLM
from testing.gitrepo import git

BASE = 1_700_000_000
NOTHING = '{"no_content_to_extract": true}'


def _at(monkeypatch: pytest.MonkeyPatch, minute: int) -> None:
    stamp = f"@{BASE + minute * 60} +0000"
    monkeypatch.setenv("GIT_AUTHOR_DATE", stamp)
    monkeypatch.setenv("GIT_COMMITTER_DATE", stamp)


def _commit(repo: Path, monkeypatch: pytest.MonkeyPatch, name: str, minute: int) -> str:
    _at(monkeypatch, minute)
    path = repo / "src" / f"{name}.py"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"VALUE = {minute}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", f"feat({name}): add the {name} value\n\n"
        f"The {name} module keeps `VALUE` because `Loader` reads it at start-up.")
    return git(repo, "rev-parse", "HEAD").stdout.strip()


def _merge(repo: Path, monkeypatch: pytest.MonkeyPatch, side: str, minute: int) -> None:
    _at(monkeypatch, minute)
    git(repo, "merge", "-q", "--no-ff", "-m", f"Merge branch '{side}'", side)


def _history(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Main with side branches whose commit dates interleave with main's, merged, one of
    them from an old base, one merged into another before it reaches main."""
    _commit(repo, monkeypatch, "m1", 1)
    for n, (side, start) in enumerate([("a", 2), ("b", 3), ("c", 4)]):
        git(repo, "checkout", "-q", "-b", side, "main" if n == 0 else "main~1")
        for k in range(3):
            _commit(repo, monkeypatch, f"{side}{k}", start * 100 + 20 * k + 10)
        git(repo, "checkout", "-q", "main")
        for k in range(2):
            _commit(repo, monkeypatch, f"m{side}{k}", start * 100 + 20 * k)
        _merge(repo, monkeypatch, side, start * 100 + 90)
    git(repo, "checkout", "-q", "-b", "d", "main~2")
    _commit(repo, monkeypatch, "d0", 510)
    git(repo, "checkout", "-q", "-b", "e", "d")
    _commit(repo, monkeypatch, "e0", 505)
    _commit(repo, monkeypatch, "e1", 530)
    git(repo, "checkout", "-q", "d")
    _commit(repo, monkeypatch, "d1", 520)
    _merge(repo, monkeypatch, "e", 540)
    git(repo, "checkout", "-q", "main")
    _commit(repo, monkeypatch, "md0", 515)
    _merge(repo, monkeypatch, "d", 550)
    _commit(repo, monkeypatch, "last", 560)


def _ancestry(repo: Path, sha: str) -> set[str]:
    return set(git(repo, "rev-list", "--no-merges", sha).stdout.split())


@pytest.mark.parametrize("cap", [1, 2, 3, 5])
@pytest.mark.slow
def test_partial_runs_read_each_commit_once_and_always_progress(
        repo: Path, monkeypatch: pytest.MonkeyPatch, cap: int) -> None:
    _history(repo, monkeypatch)
    git(repo, "config", "gitmemory.maxCommitsPerMemorize", str(cap))
    everything = _ancestry(repo, "main")
    read: list[str] = []
    count = len(everything)
    for _ in range(len(everything)):
        batch = [c.sha for c in plan(Repo.open(), "main").commits]
        if not batch:
            break
        result = memorize(Repo.open(), "main", OfflineProvider(), COMMIT)
        assert result.status in ("success", "empty"), result.line()
        assert result.remaining < count, (count, result.remaining)  # progress
        count = result.remaining
        read += batch[:result.commits]
        left = _pending(repo)
        assert not set(read) & set(left), (cap, len(read))  # nothing read twice
        assert set(read) | set(left) == everything - _own(repo)  # nothing skipped
        assert len(left) == result.remaining
        if result.through:  # where the memory stops: its ancestry is what was read
            assert set(read) == _ancestry(repo, result.through) - _own(repo)
    assert sorted(read) == sorted(everything - _own(repo))  # each once, none left out
    assert len(read) == len(set(read))


def _pending(repo: Path, model: bool = False) -> list[str]:
    found = plan(Repo.open(), "main", model=model)
    rng = pending.start_range(Repo.open(), "main", found.memory.through if found.memory
                              else None, model)
    return pending.shas(Repo.open(), "main", rng)


def _own(repo: Path) -> set[str]:
    """gitmemory's own memory commits (the memory file each run stores)."""
    return set(git(repo, "rev-list", "--no-merges", "main", "--",
                   ".gitmemory").stdout.split())


def test_a_model_stopped_by_its_budget_reads_on_from_a_whole_merged_branch(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A budget that allows one call a run: each run still moves on, at least past one
    whole merged branch, and never reads a commit twice."""
    _history(repo, monkeypatch)
    git(repo, "config", "gitmemory.maxContextChars", "3000")
    git(repo, "config", "gitmemory.memorizeBudget", "1")
    everything = _ancestry(repo, "main")
    model = FakeLLM().enqueue(*[NOTHING] * 200)
    read: list[str] = []
    count = len(everything)
    for _ in range(len(everything)):
        batch = [c.sha for c in plan(Repo.open(), "main", model=True).commits]
        if not batch:
            break
        result = memorize(Repo.open(), "main", model, COMMIT)
        assert result.status != "error", result.line()
        assert result.remaining < count, (count, result.remaining)
        count = result.remaining
        read += batch[:result.commits]
        left = _pending(repo, model=True)
        assert not set(read) & set(left), len(read)
        assert set(read) | set(left) == everything - _own(repo)
    assert sorted(read) == sorted(everything - _own(repo))
