"""The provider protocol: ``extract`` commits into knowledge, ``evolve`` memory with it.

The offline provider implements both directly.  LLM providers only implement
:meth:`LLMProvider.complete` (system prompt + user prompt -> text); prompting,
validation and the two retries of an invalid extraction live here, once.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from gitmemory.commits import Commit
from gitmemory.memory.markdown import Memory
from gitmemory.providers.answers import Evolution, Extraction, InvalidOutput, ProviderError

MAX_RETRIES = 2


@dataclass
class ExtractRequest:
    branch: str
    commits: list[Commit]
    context: str  # the capped, redacted text of the commits (SPEC §6.4)
    deadline: float | None = None  # time.monotonic() value, or None


@dataclass
class EvolveRequest:
    branch: str
    existing: Memory
    new: list[Extraction]
    deadline: float | None = None
    max_items_per_section: int = 30


@dataclass
class Completion:
    text: str
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0


@dataclass
class Call:
    """One prompt sent, for ``--dry-run`` and for the usage log."""

    system: str
    prompt: str
    completion: Completion | None = None


class Provider(ABC):
    name: str = "provider"

    @abstractmethod
    def extract(self, request: ExtractRequest) -> list[Extraction]:
        """Knowledge in ``request.context``; raises ProviderError."""

    @abstractmethod
    def evolve(self, request: EvolveRequest) -> Evolution:
        """Existing memory merged with new extractions; raises ProviderError
        (InvalidOutput makes the pipeline fall back to a deterministic merge)."""


@dataclass
class LLMProvider(Provider):
    """Shared prompting and validation for providers that answer prompts with text."""

    on_usage: Callable[[Completion], None] | None = None
    calls: list[Call] = field(default_factory=list)

    @abstractmethod
    def complete(self, system: str, prompt: str, deadline: float | None) -> Completion:
        """Send one single-turn prompt; raise ProviderError on any failure."""

    def _ask(self, system: str, prompt: str, deadline: float | None) -> str:
        if deadline is not None and time.monotonic() >= deadline:
            raise ProviderError("timeout", f"{self.name}: time limit reached")
        call = Call(system, prompt)
        self.calls.append(call)
        call.completion = self.complete(system, prompt, deadline)
        if self.on_usage:
            self.on_usage(call.completion)
        return call.completion.text

    def extract(self, request: ExtractRequest) -> list[Extraction]:
        from gitmemory.providers.answers import parse_extraction
        from gitmemory.providers.prompts import EXTRACT_SYSTEM, extraction_prompt, retry_note

        prompt = extraction_prompt(request)
        error: InvalidOutput | None = None
        for _attempt in range(1 + MAX_RETRIES):
            note = retry_note(error) if error else ""
            try:  # an empty or cut-off answer from complete() is retried the same way
                return parse_extraction(self._ask(EXTRACT_SYSTEM, prompt + note,
                                                  request.deadline))
            except InvalidOutput as exc:
                error = exc
        assert error is not None
        raise error

    def evolve(self, request: EvolveRequest) -> Evolution:
        from gitmemory.providers.answers import parse_evolution
        from gitmemory.providers.prompts import EVOLVE_SYSTEM, evolution_prompt

        return parse_evolution(self._ask(EVOLVE_SYSTEM, evolution_prompt(request),
                                         request.deadline))
