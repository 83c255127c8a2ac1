"""A fake Anthropic Messages API on loopback, for driving the real SDK in tests.

The server (:mod:`testing.fake_api`) answers ``POST /v1/messages`` from a queue
of behaviours and records every request, so tests can assert what was sent, and
that something was sent here at all rather than to api.anthropic.com.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from testing.fake_api import Behaviour, FakeAPI, Request

__all__ = ["FAKE_KEY", "Behaviour", "FakeAnthropic", "Request", "error_body", "fake_anthropic",
           "message"]

FAKE_KEY = "sk-ant-api03-fake-test-key-0123456789abcdef"
ERROR_TYPES = {
    400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
    404: "not_found_error", 413: "request_too_large", 429: "rate_limit_error",
    500: "api_error", 529: "overloaded_error",
}


def message(text: str, *, model: str = "claude-haiku-5-5", input_tokens: int = 120,
            output_tokens: int = 40, stop_reason: str = "end_turn",
            content: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A Messages API response body in the real shape."""
    return {
        "id": "msg_fake0000000000000001", "type": "message", "role": "assistant",
        "model": model,
        "content": content if content is not None else [{"type": "text", "text": text}],
        "stop_reason": stop_reason, "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
    }


def error_body(status: int, text: str = "") -> dict[str, Any]:
    kind = ERROR_TYPES.get(status, "api_error")
    return {"type": "error", "error": {"type": kind, "message": text or kind.replace("_", " ")},
            "request_id": "req_fake0001"}


class FakeAnthropic(FakeAPI):
    """The Messages API: its route, its answers and its error bodies."""

    route = "/v1/messages"

    def answer(self, text: str, **kw: Any) -> dict[str, Any]:
        return message(text, **kw)

    def error_body(self, status: int, text: str = "") -> dict[str, Any]:
        return error_body(status, text)


@pytest.fixture
def fake_anthropic(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeAnthropic]:
    """A running fake API with the SDK aimed at it through the environment.

    ``ANTHROPIC_API_KEY`` is a dummy (:data:`FAKE_KEY`); every other
    ``ANTHROPIC_*`` variable is cleared and ``HOME`` and the SDK's config
    directory point into ``tmp_path``, so nothing real (a profile, a token)
    can be picked up.
    """
    fake = FakeAnthropic().start()
    for name in [n for n in os.environ if n.startswith("ANTHROPIC_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ANTHROPIC_CONFIG_DIR", str(tmp_path / "anthropic-config"))
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
    try:
        yield fake
    finally:
        fake.close()
