"""A fake LLM at our own interface: queued answers and a record of every prompt; and the
questions of the commits and sessions sources and of the evolve step, asked directly.

``FakeLLM`` goes through :class:`gitmemory.providers.base.LLMProvider`, so the
real prompting, validation and retries run; only the model is scripted.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field

from gitmemory.memory.candidates import Evolution, Extraction, Lesson
from gitmemory.pipeline.evolve import EvolveRequest
from gitmemory.pipeline.evolve import question as evolve_question
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.calls import Completion
from gitmemory.sources.commits.extraction import ExtractRequest
from gitmemory.sources.commits.extraction import question as commits_question
from gitmemory.sources.sessions.lessons import SessionRequest
from gitmemory.sources.sessions.lessons import question as sessions_question


@dataclass
class Prompt:
    system: str
    prompt: str
    timeout: float  # what the provider base gave this attempt, from the caller's deadline


@dataclass
class FakeLLM(LLMProvider):
    """Answers each ``send`` with the next queued text, or raises the next queued error."""

    name = "fake"

    model: str = "fake-model"
    queue: deque[str | BaseException] = field(default_factory=deque)
    history: list[Prompt] = field(default_factory=list)

    def enqueue(self, *answers: str | BaseException) -> FakeLLM:
        self.queue.extend(answers)
        return self

    def send(self, system: str, prompt: str, timeout: float) -> Completion:
        self.history.append(Prompt(system, prompt, timeout))
        if not self.queue:
            raise AssertionError(f"FakeLLM: no answer queued for prompt #{len(self.history)}")
        answer = self.queue.popleft()
        if isinstance(answer, BaseException):
            raise answer
        return Completion(text=answer, model=self.model, input_tokens=len(prompt) // 4,
                          output_tokens=len(answer) // 4)


def extractions_json(*items: Extraction) -> str:
    """The JSON a model would answer for ``items``."""
    return json.dumps({"extractions": [
        {"section": e.section, "content": e.content, "confidence": e.confidence,
         "refs": list(e.refs)} for e in items]})


def extract(provider: Provider, request: ExtractRequest) -> list[Extraction]:
    """The commits source's question about ``request``, answered by ``provider``."""
    return provider.answer(commits_question(request))


def evolve(provider: Provider, request: EvolveRequest) -> Evolution:
    """The evolve step's question about ``request``, answered by ``provider`` (no fallback)."""
    return provider.answer(evolve_question(request))


def learn(provider: Provider, request: SessionRequest) -> list[Lesson]:
    """The sessions source's question about ``request``, answered by ``provider``."""
    return provider.answer(sessions_question(request))
