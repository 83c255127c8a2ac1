"""How a model API's HTTP failure becomes one :class:`ProviderError` (docs/design.md,
"Providers").

The anthropic and openai providers read a status the same way: what kind of failure it
is, whether a retry may help and after how long, and the hint; each names its own key
and endpoint.  Every text that reaches a message is one short line with the
credentials it was given blanked out.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import PENDING_HINT

MAX_DETAIL = 200  # characters of what the service said, in one message


def status_error(name: str, status: int, detail: str, retry_after: float | None, *,
                 key_hint: str, not_found: str, not_found_hint: str) -> ProviderError:
    """The error for HTTP ``status``: ``detail`` is what the service said; ``not_found``
    names what a 404 may mean ("model 'x' or endpoint")."""
    said = f"HTTP {status}: {detail}" if detail else f"HTTP {status}"
    if status in (401, 403):
        return ProviderError("auth", f"{name}: request refused ({said})", hint=key_hint)
    if status == 429:
        after = f", retry after {retry_after:.0f} s" if retry_after else ""
        return ProviderError("rate-limit", f"{name}: rate limited ({said}){after}",
                             hint=PENDING_HINT, retryable=True, retry_after=retry_after)
    if status == 529:
        return ProviderError("server", f"{name}: the API is overloaded ({said})",
                             hint=PENDING_HINT, retryable=True, retry_after=retry_after)
    if status >= 500 or status in (408, 409):
        return ProviderError("server", f"{name}: server error ({said})",
                             hint=PENDING_HINT, retryable=True, retry_after=retry_after)
    if status == 404:
        return ProviderError("not-found", f"{name}: {not_found} not found ({said})",
                             hint=not_found_hint)
    hint = "lower max_context_chars" if status == 413 else "check model and settings"
    return ProviderError("request", f"{name}: request rejected ({said})", hint=hint)


def retry_after(headers: Any) -> float | None:
    """Seconds the service asked to wait (``retry-after-ms`` before ``retry-after``)."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            value = float(headers.get(name)) * scale
        except (TypeError, ValueError):
            continue
        if value >= 0:
            return value
    return None


def api_message(body: object, secrets: Iterable[str] = ()) -> str:
    """What an error body says (``error.message``, ``error`` as text, ``message`` or
    ``detail``), as one short scrubbed line."""
    message: object = ""
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            message = error.get("message", "")
        elif isinstance(error, str):
            message = error
        else:
            message = body.get("message") or body.get("detail") or ""
    return one_line(str(message), secrets)


def one_line(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` on one line, cut short, with ``secrets`` blanked out."""
    return scrub(" ".join(text.split()), secrets)[:MAX_DETAIL]


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with each of ``secrets`` replaced by ``[REDACTED]``."""
    for secret in secrets:
        if len(secret) >= 8:
            text = text.replace(secret, "[REDACTED]")
    return text


def from_env(*names: str) -> list[str]:
    """The values of the environment variables ``names``, for :func:`scrub`."""
    return [os.environ.get(name, "").strip() for name in names]


def secs(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds >= 1 else f"{seconds:.1f} s"
