"""The gate and the context memorize builds (context.py)."""

from __future__ import annotations

from pathlib import Path

from gitmemory.commits import Commit, FileChange
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import WORK_TREE
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from gitmemory.sources import prompting
from gitmemory.sources.commits.context import substantive
from testing.fake_provider import FakeLLM
from testing.fake_secrets import FAKE
from testing.gitrepo import commit_file, git, memory_text


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
    result = memorize(Repo.open(str(repo)), "feature", OfflineProvider(), WORK_TREE)
    assert result.status == "success", result.line()
    assert "never call X twice" in (repo / ".gitmemory/branches/feature.md").read_text()


def test_known_items_are_redacted_capped_and_newest_first(repo: Path) -> None:
    token = FAKE["ghp"]
    git(repo, "checkout", "-q", "-b", "feature")
    items = tuple(f"Convention number {n} about the cache" for n in range(60))
    path = repo / ".gitmemory" / "branches" / "feature.md"
    path.parent.mkdir(parents=True)
    path.write_text(memory_text("feature", conventions=items,
                                facts=(f"The deploy token is {token}",)))
    commit_file(repo, "app.py", "CACHE = LRU(512)\n",
                "feat: keep parsed templates in an LRU because parsing is slow")
    llm = FakeLLM().enqueue('{"no_content_to_extract": true}')
    memorize(Repo.open(), "feature", llm, WORK_TREE)
    prompt = llm.history[0].prompt
    assert token not in prompt and "The deploy token is" in prompt and "[REDACTED" in prompt
    assert "Convention number 59 about the cache" in prompt  # the newest are shown
    assert "Convention number 0 about the cache" not in prompt  # capped
    assert len(prompting.known(None)) == 0
