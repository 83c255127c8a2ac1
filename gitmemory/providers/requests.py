"""What a provider is asked, and what an LLM call returns (docs/design.md, "Data flow")."""

from __future__ import annotations

from dataclasses import dataclass

from gitmemory.commits import Commit
from gitmemory.memory.candidates import Extraction
from gitmemory.memory.markdown import Memory

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.sessions.digest import Digest


@dataclass
class ExtractRequest:
    branch: str
    commits: list[Commit]
    context: str  # the capped, redacted text of the commits (docs/design.md, "Data flow")
    deadline: float | None = None  # time.monotonic() value, or None
    known: tuple[str, ...] = ()  # the branch's current items, text only, redacted and capped


@dataclass
class EvolveRequest:
    branch: str
    existing: Memory
    new: list[Extraction]
    deadline: float | None = None
    max_items_per_section: int = 30


@dataclass
class SessionRequest:
    """The digests of a branch's agent sessions (docs/design.md, "Agent sessions")."""

    branch: str
    digests: list[Digest]
    context: str  # the digests' text, redacted field by field, within the budget
    deadline: float | None = None
    known: tuple[str, ...] = ()  # the branch's current items, as an extraction shows them


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
