"""``memorize --dry-run`` (pipeline/preview.py): exactly what a run would send, and for a
local provider that nothing leaves the machine."""

from __future__ import annotations

from pathlib import Path

from gitmemory import config
from gitmemory.commits import Commit
from gitmemory.memory import location
from gitmemory.memory.markdown import Item, Memory
from gitmemory.pipeline.plan import Plan
from gitmemory.pipeline.preview import evolve_request, preview
from gitmemory.providers.offline import OfflineProvider
from gitmemory.providers.prompts import (
    EVOLVE_SYSTEM,
    EXTRACT_SYSTEM,
    evolution_prompt,
    extraction_prompt,
)
from gitmemory.providers.requests import ExtractRequest
from testing.fake_provider import FakeLLM

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
COMMIT = Commit("c" * 40, "Ada", "2026-01-01T00:00:00Z", "feat: retries",
                trailers=(("Memory-Convention", "Retries back off exponentially"),
                          ("Memory-Fact", f"The CI token is {TOKEN}")))
REQUEST = ExtractRequest("main", [COMMIT], "commit cccccc: feat: retries")


def _plan(repo: Path, memory: Memory | None) -> Plan:
    return Plan(location.locate(str(repo), "main"), None, memory, [COMMIT], 0, "")


def test_a_local_provider_shows_what_its_extractor_reads_and_that_nothing_leaves(
        repo: Path) -> None:
    shown = preview(OfflineProvider(), REQUEST, evolve_request(_plan(repo, None), REQUEST,
                                                               config.defaults()))
    assert shown == ("--- offline: nothing leaves this machine; the extractor reads ---\n"
                     "commit cccccc: feat: retries")


def test_a_branch_without_memory_sends_the_extraction_alone(repo: Path) -> None:
    for memory in (None, Memory("main")):
        assert evolve_request(_plan(repo, memory), REQUEST, config.defaults()) is None
    assert preview(FakeLLM(), REQUEST) == (
        f"--- fake: system prompt ---\n{EXTRACT_SYSTEM}\n"
        f"--- fake: prompt ---\n{extraction_prompt(REQUEST)}")


def test_a_branch_with_memory_also_shows_the_evolution_with_the_trailers_known_before(
        repo: Path) -> None:
    memory = Memory("main", {"conventions": [Item("Errors derive from AppError",
                                                  ("1234567",))]})
    cfg = config.defaults()
    cfg.max_items_per_section = 12
    evolution = evolve_request(_plan(repo, memory), REQUEST, cfg)
    assert evolution is not None
    assert evolution.max_items_per_section == 12 and evolution.existing is memory
    assert [(e.section, e.content) for e in evolution.new] == [
        ("conventions", "Retries back off exponentially"),
        ("facts", "The CI token is [REDACTED:github-token]")]
    shown = preview(FakeLLM(), REQUEST, evolution)
    assert shown.startswith(f"--- fake: system prompt ---\n{EXTRACT_SYSTEM}\n")
    assert f"--- fake: evolve system prompt ---\n{EVOLVE_SYSTEM}\n" in shown
    assert shown.endswith(evolution_prompt(evolution))
    assert "its new items will also hold what the model extracts" in shown
    assert TOKEN not in shown
