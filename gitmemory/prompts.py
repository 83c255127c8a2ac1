"""Prompts for the LLM providers (to be written with the providers)."""

from __future__ import annotations

from gitmemory.extraction import InvalidOutput
from gitmemory.providers.base import EvolveRequest, ExtractRequest

EXTRACT_SYSTEM = ""
EVOLVE_SYSTEM = ""


def extraction_prompt(request: ExtractRequest) -> str:
    raise NotImplementedError


def evolution_prompt(request: EvolveRequest) -> str:
    raise NotImplementedError


def retry_note(error: InvalidOutput) -> str:
    raise NotImplementedError
