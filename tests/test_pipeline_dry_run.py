"""``memorize --dry-run``: each source says exactly what a run would send, the evolve step
what it would be asked, and a local provider that nothing leaves the machine."""

from __future__ import annotations

from pathlib import Path

from gitmemory import state
from gitmemory.memory.markdown import Item, Memory, generate
from gitmemory.pipeline.evolve import EVOLVE_SYSTEM
from gitmemory.pipeline.memorize import memorize
from gitmemory.pipeline.mode import DRY_RUN
from gitmemory.providers.offline import OfflineProvider
from gitmemory.repo import Repo
from gitmemory.sources.commits.extraction import EXTRACT_SYSTEM
from testing.fake_provider import FakeLLM
from testing.gitrepo import commit_file, git

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
MESSAGE = ("feat(http): retries back off exponentially\n\nThe client retried at once and "
           "flooded the upstream after an outage.\n\n"
           "Memory-Convention: Retries back off exponentially\n"
           f"Memory-Fact: The CI token is {TOKEN}\n")


def _feature(repo: Path, memory: Memory | None) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    if memory is not None:
        commit_file(repo, ".gitmemory/branches/feature.md", generate(memory), "memory")
    commit_file(repo, "src/http.py", "def get():\n    return retry()\n", MESSAGE)


def test_a_local_provider_shows_what_its_rules_read_and_what_they_would_keep(
        repo: Path) -> None:
    _feature(repo, None)
    result = memorize(Repo.open(), "feature", OfflineProvider(), DRY_RUN)
    assert "--- offline: nothing leaves this machine; the extractor reads ---" in result.preview
    assert "retries back off exponentially" in result.preview
    assert "Retries back off exponentially" in [e.content for e in result.would_add or []]
    assert TOKEN not in result.preview
    assert not list(Path(Repo.open().info.state_dir).glob(state.EXAMINED.name))


def test_a_branch_without_memory_sends_the_extraction_alone(repo: Path) -> None:
    _feature(repo, None)
    llm = FakeLLM()
    result = memorize(Repo.open(), "feature", llm, DRY_RUN)
    assert llm.history == []
    assert result.preview.count("--- fake: system prompt ---\n" + EXTRACT_SYSTEM) == 1
    assert "evolve system prompt" not in result.preview
    assert result.would_add is None
    assert result.message == "dry run: 1 commit(s) to send, 0 skipped; nothing sent or written"


def test_a_branch_with_memory_also_shows_the_evolution_with_the_trailers_known_before(
        repo: Path) -> None:
    _feature(repo, Memory("feature", {"conventions": [Item("Errors derive from AppError")]}))
    llm = FakeLLM()
    shown = memorize(Repo.open(), "feature", llm, DRY_RUN).preview
    assert llm.history == []
    assert shown.index(EXTRACT_SYSTEM) < shown.index(f"--- fake: evolve system prompt ---\n"
                                                     f"{EVOLVE_SYSTEM}\n")
    assert "its new items will also hold what the model extracts" in shown
    evolve = shown[shown.index("--- fake: evolve prompt"):]
    assert "Retries back off exponentially" in evolve and "[REDACTED:github-token]" in evolve
    assert TOKEN not in shown
