"""The provider protocol: a provider answers a question (docs/design.md, "Providers").

A knowledge source asks a :class:`Question`: a system prompt and a user
prompt for a model, the parser of the model's answer, and the rules that
answer it without one.  Providers know no source.  An LLM provider
implements only :meth:`LLMProvider.send` (one attempt: system prompt + user
prompt -> text) and maps its own failures to :class:`ProviderError`; the
retries of an invalid answer and the time budget with its backoff and
``Retry-After`` handling live here, once.  The offline provider answers
with the question's rules (:mod:`gitmemory.providers.offline`).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from gitmemory.providers.answers import InvalidOutput, ProviderError, retry_note
from gitmemory.providers.calls import Call, Completion

T = TypeVar("T")
MAX_RETRIES = 2  # invalid answers asked again
REQUEST_TIMEOUT = 300.0  # seconds per request when the caller gives no deadline
MAX_WAIT = 60.0  # never sleep longer than this between attempts, deadline or not
PENDING_HINT = "the commits stay pending and are memorized on a later run"


@dataclass
class Question(Generic[T]):
    """What a source asks: ``system`` and ``prompt()`` for a model, whose answer ``parse``
    reads (raising :class:`InvalidOutput`); ``rules()`` answers without a model.  The
    prompt is built only for a provider that reads it."""

    system: str
    prompt: Callable[[], str]
    parse: Callable[[str], T]
    rules: Callable[[], T]
    deadline: float | None = None  # time.monotonic() value, or None
    retries: int = MAX_RETRIES  # invalid answers asked again
    label: str = ""  # how --dry-run names it: "" for commits, "session ", "evolve "
    shown: Callable[[], str] = lambda: ""  # what the rules read, for --dry-run


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
    def answer(self, question: Question[T]) -> T:
        """The answer to ``question``; raises :class:`ProviderError` (an
        :class:`InvalidOutput` when the answers could not be used)."""

    def preview(self, question: Question[T], note: str = "") -> str:
        """``--dry-run``: what answering ``question`` reads; nothing leaves the machine."""
        shown = question.shown()
        if not shown:
            return ""
        return (f"--- {self.name}: nothing leaves this machine; the extractor reads ---\n"
                f"{shown}")


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

    def preview(self, question: Question[T], note: str = "") -> str:
        """``--dry-run``: exactly what :meth:`answer` would send (``note``: when)."""
        name, label = self.name, question.label
        return (f"--- {name}: {label}system prompt ---\n{question.system}\n"
                f"--- {name}: {label}prompt{note} ---\n{question.prompt()}")

    def answer(self, question: Question[T]) -> T:
        """The parsed answer to ``question``'s prompt; an answer that does not parse is
        asked again (``question.retries`` times) with a note saying why."""
        prompt = question.prompt()
        error: InvalidOutput | None = None
        for _attempt in range(1 + question.retries):
            note = retry_note(error) if error else ""
            try:  # an empty or cut-off answer from send() is retried the same way
                return question.parse(self._ask(question.system, prompt + note,
                                                question.deadline))
            except InvalidOutput as exc:
                error = exc
        assert error is not None
        raise error


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
