"""The ``anthropic`` provider: the Messages API through the official SDK.

The SDK takes over a second to import, so it is imported here only, and only
when the first prompt is sent.  It reads ``ANTHROPIC_API_KEY`` and
``ANTHROPIC_BASE_URL`` itself; the key is never printed, logged or put into an
error message.

Time: every request gets the time left before the caller's deadline as its
timeout.  The SDK's own retries are switched off because it sleeps for
whatever ``retry-after`` the server asks, deadline or not; this module says
which failures a retry may help (rate limits, server errors, dropped
connections) and :class:`~gitmemory.providers.base.LLMProvider` retries them
only while the wait still fits before the deadline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gitmemory.providers import failures
from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.base import PENDING_HINT, LLMProvider
from gitmemory.providers.calls import Completion

if TYPE_CHECKING:
    import anthropic

DEFAULT_MODEL = "claude-haiku-5-5"
MAX_TOKENS = 8192  # an evolution answer holds the whole memory: 4 sections x 30 items
KEY_HINT = "check ANTHROPIC_API_KEY, or set provider = \"offline\" in .gitmemory/config.toml"
_SECRETS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")


@dataclass
class AnthropicProvider(LLMProvider):
    """``send`` through ``client.messages.create``; see the module docstring."""

    name = "anthropic"

    model: str = DEFAULT_MODEL
    max_tokens: int = MAX_TOKENS
    base_url: str | None = None  # None: ANTHROPIC_BASE_URL, else the SDK's default
    _client: anthropic.Anthropic | None = field(default=None, init=False, repr=False)

    def send(self, system: str, prompt: str, timeout: float) -> Completion:
        import anthropic

        client = self._sdk()
        try:
            message = client.messages.create(
                model=self.model, max_tokens=self.max_tokens, system=system,
                messages=[{"role": "user", "content": prompt}], timeout=timeout)
        except anthropic.CredentialsError as exc:
            raise _no_credentials(exc) from None
        except anthropic.APIError as exc:
            raise self._classify(exc, timeout) from None
        return self._completion(message)

    def _sdk(self) -> anthropic.Anthropic:
        if self._client is None:
            import anthropic

            try:  # with no key the SDK looks for a profile, and may fail doing so
                client = anthropic.Anthropic(base_url=self.base_url, max_retries=0)
            except anthropic.CredentialsError as exc:
                raise _no_credentials(exc) from None
            if not (client.api_key or client.auth_token or client.credentials):
                raise _no_credentials(None)
            self._client = client
        return self._client

    def _completion(self, message: anthropic.types.Message) -> Completion:
        if message.stop_reason == "max_tokens":
            raise InvalidOutput(f"the answer was cut off at max_tokens ({self.max_tokens})")
        if message.stop_reason == "refusal":
            raise InvalidOutput("the model declined to answer")
        text = "".join(block.text for block in message.content if block.type == "text")
        if not text.strip():
            raise InvalidOutput("the answer holds no text")
        return Completion(text=text, model=message.model,
                          input_tokens=message.usage.input_tokens,
                          output_tokens=message.usage.output_tokens)

    def _classify(self, exc: anthropic.APIError, timeout: float) -> ProviderError:
        """The error to report, and whether (and when) a retry may help."""
        import anthropic

        if isinstance(exc, anthropic.APITimeoutError):
            return ProviderError("timeout", f"anthropic: no answer within {failures.secs(timeout)}",
                                 hint=PENDING_HINT + "; the limit is time_limit")
        if isinstance(exc, anthropic.APIConnectionError):
            cause = failures.one_line(str(exc.__cause__ or exc), failures.from_env(*_SECRETS))
            return ProviderError("network", f"anthropic: cannot reach {self._where()}: {cause}",
                                 hint="check the network or ANTHROPIC_BASE_URL", retryable=True)
        if isinstance(exc, anthropic.APIStatusError):
            return self._status_error(
                exc.status_code, failures.api_message(exc.body, failures.from_env(*_SECRETS)),
                failures.retry_after(exc.response.headers))
        return InvalidOutput(f"unexpected response ({type(exc).__name__})")

    def _where(self) -> str:
        """The API's address without any user:password part."""
        if self._client is None:
            return "the API"
        url = self._client.base_url
        return f"{url.scheme}://{url.host}" + (f":{url.port}" if url.port else "")

    def _status_error(self, status: int, detail: str, retry_after: float | None
                      ) -> ProviderError:
        return failures.status_error(
            "anthropic", status, detail, retry_after, key_hint=KEY_HINT,
            not_found=f"model {self.model!r} or endpoint",
            not_found_hint="check model in .gitmemory/config.toml and ANTHROPIC_BASE_URL")


def _no_credentials(exc: Exception | None) -> ProviderError:
    message = "anthropic: ANTHROPIC_API_KEY is not set"
    if exc is not None:  # a profile or federation setup the SDK could not use
        message += f" and the SDK found no usable credentials: {_first_sentence(str(exc))}"
    return ProviderError("auth", message, hint=KEY_HINT)


def _first_sentence(text: str) -> str:
    return failures.one_line(" ".join(text.split()).split(". ")[0], failures.from_env(*_SECRETS))
