"""What an LLM call returns, and each call made, for ``--dry-run`` and the usage log
(docs/design.md, "Providers")."""

from __future__ import annotations

from dataclasses import dataclass


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
