"""The provider protocol: ``extract`` commits into knowledge, ``evolve`` memory with it.

The offline provider implements both directly.  An LLM provider implements
only :meth:`LLMProvider.send` (one attempt: system prompt + user prompt ->
text) and maps its own failures to :class:`ProviderError`; prompting,
validation, the two retries of an invalid answer, and the time budget with
its backoff and ``Retry-After`` handling live here, once (docs/design.md,
"Providers").
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from gitmemory.memory.candidates import Evolution, Extraction
from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.requests import (
    Call,
    Completion,
    EvolveRequest,
    ExtractRequest,
    SessionRequest,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gitmemory.providers.recheck import RecheckRequest, Verdict
    from gitmemory.sessions.lessons import Lesson

MAX_RETRIES = 2  # invalid answers asked again
REQUEST_TIMEOUT = 300.0  # seconds per request when the caller gives no deadline
MAX_WAIT = 60.0  # never sleep longer than this between attempts, deadline or not
PENDING_HINT = "the commits stay pending and are memorized on a later run"


class Provider(ABC):
    name: str = "provider"
    network: bool = False  # whether what it reads leaves this machine
    # Whether a language model reads the commits: what one found empty stays read for
    # every provider, while what rules found empty is offered again to a model.
    language_model: bool = True
    # Whether what one call can read is bound by the model's context (max_context_chars):
    # a provider that reads the commits themselves takes a run's whole batch at once.
    context_bound: bool = True

    @abstractmethod
    def extract(self, request: ExtractRequest) -> list[Extraction]:
        """Knowledge in ``request.context``; raises ProviderError."""

    @abstractmethod
    def evolve(self, request: EvolveRequest) -> Evolution:
        """Existing memory merged with new extractions; raises ProviderError
        (InvalidOutput makes the pipeline fall back to a deterministic merge)."""

    def learn(self, request: SessionRequest) -> list[Lesson]:
        """Lessons in agent sessions' digests.  Without a model: only those the person
        stated outright (:func:`gitmemory.sessions.lessons.explicit`)."""
        from gitmemory.sessions.lessons import explicit

        return explicit(request.digests)

    def recheck(self, request: RecheckRequest) -> list[Verdict] | None:
        """Whether items still hold against the code they cite now (one verdict each);
        None: this provider cannot tell (no model), and the items are listed instead."""
        return None


@dataclass
class LLMProvider(Provider):
    """Shared prompting, validation, retries and time budget for providers that answer
    prompts with text."""

    network = True

    on_usage: Callable[[Completion], None] | None = None
    calls: list[Call] = field(default_factory=list)
    retries: int = 2  # attempts after a failure that says a retry may help
    backoff: float = 1.0  # seconds before the first such retry, doubled for each next one

    @abstractmethod
    def send(self, system: str, prompt: str, timeout: float) -> Completion:
        """One attempt within ``timeout`` seconds.  Failures raise :class:`ProviderError`;
        ``retryable`` says a new attempt may help, ``retry_after`` when the service said."""

    def complete(self, system: str, prompt: str, deadline: float | None) -> Completion:
        """:meth:`send`, retried while a retry may help and still fits before ``deadline``."""
        attempt = 0
        while True:
            timeout = self._time_left(deadline)
            started = time.monotonic()
            try:
                completion = self._send(system, prompt, timeout)
            except ProviderError as exc:
                wait = exc.retry_after if exc.retry_after is not None else \
                    self.backoff * 2 ** attempt
                if exc.retryable and attempt < self.retries and _fits(wait, deadline):
                    time.sleep(wait)
                    attempt += 1
                    continue
                raise
            completion.seconds = time.monotonic() - started
            return completion

    def _send(self, system: str, prompt: str, timeout: float) -> Completion:
        """:meth:`send` with every failure on the way out or back as a :class:`ProviderError`:
        text that does not encode, an answer too deep to decode, a value out of range.  A
        bug in a provider must not become a crash of the hook that called it."""
        try:
            return self.send(_encodable(system), _encodable(prompt), timeout)
        except ProviderError:
            raise
        except (UnicodeError, RecursionError, ValueError, OverflowError, MemoryError) as exc:
            raise ProviderError("request", f"{self.name}: the request or its answer could not "
                                f"be handled ({type(exc).__name__})", hint=PENDING_HINT
                                ) from None

    def _time_left(self, deadline: float | None) -> float:
        if deadline is None:
            return REQUEST_TIMEOUT
        left = deadline - time.monotonic()
        if left <= 0:
            raise ProviderError("timeout", f"{self.name}: time limit reached", hint=PENDING_HINT)
        return left

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
            try:  # an empty or cut-off answer from send() is retried the same way
                return parse_extraction(self._ask(EXTRACT_SYSTEM, prompt + note,
                                                  request.deadline))
            except InvalidOutput as exc:
                error = exc
        assert error is not None
        raise error

    def learn(self, request: SessionRequest) -> list[Lesson]:
        """The session prompt's lessons; an invalid answer is asked again, like extract."""
        from gitmemory.providers.answers import parse_lessons
        from gitmemory.providers.prompts import SESSION_SYSTEM, retry_note, session_prompt

        prompt = session_prompt(request)
        error: InvalidOutput | None = None
        for _attempt in range(1 + MAX_RETRIES):
            note = retry_note(error) if error else ""
            try:
                return parse_lessons(self._ask(SESSION_SYSTEM, prompt + note, request.deadline))
            except InvalidOutput as exc:
                error = exc
        assert error is not None
        raise error

    def recheck(self, request: RecheckRequest) -> list[Verdict] | None:
        """The re-check prompt's verdicts; an invalid answer is asked again, like extract."""
        from gitmemory.providers.prompts import retry_note
        from gitmemory.providers.recheck import RECHECK_SYSTEM, parse_verdicts, recheck_prompt

        prompt = recheck_prompt(request)
        error: InvalidOutput | None = None
        for _attempt in range(1 + MAX_RETRIES):
            note = retry_note(error) if error else ""
            try:
                return parse_verdicts(self._ask(RECHECK_SYSTEM, prompt + note, request.deadline),
                                      len(request.notes))
            except InvalidOutput as exc:
                error = exc
        assert error is not None
        raise error

    def evolve(self, request: EvolveRequest) -> Evolution:
        from gitmemory.providers.answers import parse_evolution
        from gitmemory.providers.prompts import EVOLVE_SYSTEM, evolution_prompt

        return parse_evolution(self._ask(EVOLVE_SYSTEM, evolution_prompt(request),
                                         request.deadline))


def _encodable(text: str) -> str:
    """``text`` as UTF-8 can carry it: a byte that was not UTF-8 in a file or a commit
    (kept as a lone surrogate) becomes U+FFFD instead of failing the request."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # encode(..., "replace") would write "?", which reads as text; U+FFFD says "lost"
        return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


def _fits(wait: float, deadline: float | None) -> bool:
    """Whether sleeping ``wait`` seconds still leaves a second for the next attempt."""
    if wait > MAX_WAIT:
        return False
    return deadline is None or time.monotonic() + wait + 1.0 < deadline
