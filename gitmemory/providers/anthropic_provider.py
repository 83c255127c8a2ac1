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

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.base import PENDING_HINT, LLMProvider
from gitmemory.providers.calls import Completion

if TYPE_CHECKING:
    import anthropic

DEFAULT_MODEL = "claude-haiku-5-5"
MAX_TOKENS = 8192  # an evolution answer holds the whole memory: 4 sections x 30 items
KEY_HINT = "check ANTHROPIC_API_KEY, or set provider = \"offline\" in .gitmemory/config.toml"


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
            return ProviderError("timeout", f"anthropic: no answer within {_secs(timeout)}",
                                 hint=PENDING_HINT + "; the limit is time_limit")
        if isinstance(exc, anthropic.APIConnectionError):
            cause = _scrub(" ".join(str(exc.__cause__ or exc).split()))[:200]
            return ProviderError("network", f"anthropic: cannot reach {self._where()}: {cause}",
                                 hint="check the network or ANTHROPIC_BASE_URL", retryable=True)
        if isinstance(exc, anthropic.APIStatusError):
            return self._status_error(exc.status_code, _api_message(exc.body),
                                      _retry_after(exc.response.headers))
        return InvalidOutput(f"unexpected response ({type(exc).__name__})")

    def _where(self) -> str:
        """The API's address without any user:password part."""
        if self._client is None:
            return "the API"
        url = self._client.base_url
        return f"{url.scheme}://{url.host}" + (f":{url.port}" if url.port else "")

    def _status_error(self, status: int, detail: str, retry_after: float | None
                      ) -> ProviderError:
        said = f"HTTP {status}: {detail}" if detail else f"HTTP {status}"
        if status in (401, 403):
            return ProviderError("auth", f"anthropic: request refused ({said})", hint=KEY_HINT)
        if status == 429:
            after = f", retry after {retry_after:.0f} s" if retry_after else ""
            return ProviderError("rate-limit", f"anthropic: rate limited ({said}){after}",
                                 hint=PENDING_HINT, retryable=True, retry_after=retry_after)
        if status == 529:
            return ProviderError("server", f"anthropic: the API is overloaded ({said})",
                                 hint=PENDING_HINT, retryable=True, retry_after=retry_after)
        if status >= 500 or status in (408, 409):
            return ProviderError("server", f"anthropic: server error ({said})",
                                 hint=PENDING_HINT, retryable=True, retry_after=retry_after)
        if status == 404:
            return ProviderError("not-found", f"anthropic: model {self.model!r} or endpoint "
                                 f"not found ({said})",
                                 hint="check model in .gitmemory/config.toml and "
                                      "ANTHROPIC_BASE_URL")
        hint = "lower max_context_chars" if status == 413 else "check model and settings"
        return ProviderError("request", f"anthropic: request rejected ({said})", hint=hint)


def _no_credentials(exc: Exception | None) -> ProviderError:
    message = "anthropic: ANTHROPIC_API_KEY is not set"
    if exc is not None:  # a profile or federation setup the SDK could not use
        message += f" and the SDK found no usable credentials: {_first_sentence(str(exc))}"
    return ProviderError("auth", message, hint=KEY_HINT)


def _first_sentence(text: str) -> str:
    return _scrub(" ".join(text.split()).split(". ")[0])[:200]


def _secs(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds >= 1 else f"{seconds:.1f} s"


def _retry_after(headers: Any) -> float | None:
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            value = float(headers.get(name)) * scale
        except (TypeError, ValueError):
            continue
        if value >= 0:
            return value
    return None


def _api_message(body: object) -> str:
    """The ``error.message`` of an API error body, as one short scrubbed line."""
    message: object = ""
    if isinstance(body, dict):
        error = body.get("error")
        message = error.get("message", "") if isinstance(error, dict) else body.get("message", "")
    return _scrub(" ".join(str(message).split()))[:200]


def _scrub(text: str) -> str:
    """``text`` with any credential from the environment blanked out."""
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"):
        secret = os.environ.get(name, "").strip()
        if len(secret) >= 8:
            text = text.replace(secret, "[REDACTED]")
    return text
