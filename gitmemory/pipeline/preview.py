"""What a run would send, for ``memorize --dry-run`` (docs/design.md, "Data flow")."""

from __future__ import annotations

from gitmemory.pipeline.knowledge import made_safe
from gitmemory.pipeline.plan import Plan
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.requests import EvolveRequest, ExtractRequest
from gitmemory.reading.trailers import trailer_extractions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.config import Config


def evolve_request(work: Plan, request: ExtractRequest, cfg: Config) -> EvolveRequest | None:
    """The evolution a run would ask for after extracting: the memory as it is and the
    new items known before the model answers (the commits' ``Memory-*`` trailers)."""
    if work.memory is None or work.memory.item_count() == 0:
        return None
    known = made_safe(trailer_extractions(request.commits), request.commits)
    return EvolveRequest(request.branch, work.memory, known, request.deadline,
                         cfg.max_items_per_section)


def preview(provider: Provider, request: ExtractRequest,
            evolution: EvolveRequest | None = None) -> str:
    """Exactly what a run would send (docs/design.md, "Data flow"): the extraction and,
    when the branch has memory, the evolution that follows it."""
    if not isinstance(provider, LLMProvider):
        return (f"--- {provider.name}: nothing leaves this machine; the extractor reads ---\n"
                f"{request.context}")
    from gitmemory.providers.prompts import (
        EVOLVE_SYSTEM,
        EXTRACT_SYSTEM,
        evolution_prompt,
        extraction_prompt,
    )

    name = provider.name
    shown = (f"--- {name}: system prompt ---\n{EXTRACT_SYSTEM}\n"
             f"--- {name}: prompt ---\n{extraction_prompt(request)}")
    if evolution is not None:
        shown += (f"\n--- {name}: evolve system prompt ---\n{EVOLVE_SYSTEM}\n"
                  f"--- {name}: evolve prompt (sent after the extraction; its new items will "
                  f"also hold what the model extracts) ---\n{evolution_prompt(evolution)}")
    return shown
