"""The gate and the context memorize builds (context.py)."""

from __future__ import annotations

from pathlib import Path

from gitmemory.commits import Commit, FileChange
from gitmemory.pipeline.context import substantive
from gitmemory.pipeline.memorize import memorize
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from testing.gitrepo import commit_file, git


def _commit(subject: str, trailers: tuple[tuple[str, str], ...] = (), diff: str = "+x\n"
            ) -> Commit:
    return Commit(sha="a" * 40, author="Ada", date="2026-01-01T00:00:00Z", subject=subject,
                  trailers=trailers, files=(FileChange("t", 1, 0),), diff=diff)


def test_tiny_commits_are_not_substantive() -> None:
    assert not substantive([_commit("fix")])


def test_an_explicit_memory_trailer_always_passes_the_gate() -> None:
    assert substantive([_commit("fix", (("Memory-Bug", "Never call X twice"),))])


def test_a_short_commit_with_a_trailer_is_memorized(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "t", "1\n", "fix\n\nMemory-Bug: never call X twice")
    result = memorize(Repo.open(str(repo)), "feature", OfflineProvider())
    assert result.status == "success", result.line()
    assert "never call X twice" in (repo / ".gitmemory/branches/feature.md").read_text()
