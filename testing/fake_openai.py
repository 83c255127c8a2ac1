"""A fake OpenAI-compatible chat-completions API on loopback, as Ollama, llama.cpp,
LM Studio, vLLM and api.openai.com serve it.

The server (:mod:`testing.fake_api`) answers ``POST /v1/chat/completions`` from a
queue of behaviours and records every request, so tests can assert what was sent,
and that something was sent here at all rather than to api.openai.com.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from testing.fake_api import Behaviour, FakeAPI, Request

__all__ = ["FAKE_KEY", "Behaviour", "FakeOpenAI", "Request", "completion", "error_body",
           "fake_openai"]

FAKE_KEY = "sk-proj-fake-test-key-0123456789abcdef"
MODEL = "qwen2.5-coder:7b"
ERROR_TYPES = {400: "invalid_request_error", 401: "invalid_request_error",
               404: "invalid_request_error", 429: "requests", 500: "server_error"}


def completion(text: str | None, *, model: str = MODEL, input_tokens: int | None = 120,
               output_tokens: int | None = 40, finish_reason: str | None = "stop",
               refusal: str | None = None, content: Any = None) -> dict[str, Any]:
    """A chat-completions response body in the real shape; ``input_tokens=None`` leaves the
    usage out, as some local servers do; ``content`` replaces the message's content."""
    body: dict[str, Any] = {
        "id": "chatcmpl-fake0001", "object": "chat.completion", "created": 1767225600,
        "model": model, "system_fingerprint": "fp_fake",
        "choices": [{"index": 0, "logprobs": None, "finish_reason": finish_reason,
                     "message": {"role": "assistant", "refusal": refusal,
                                 "content": content if content is not None else text}}],
    }
    if input_tokens is not None:
        body["usage"] = {"prompt_tokens": input_tokens, "completion_tokens": output_tokens,
                         "total_tokens": input_tokens + (output_tokens or 0)}
    return body


def error_body(status: int, text: str = "", *, param: str | None = None,
               code: str | None = None) -> dict[str, Any]:
    kind = ERROR_TYPES.get(status, "server_error")
    return {"error": {"message": text or f"error {status}", "type": kind, "param": param,
                      "code": code}}


class FakeOpenAI(FakeAPI):
    """The chat-completions API: its route, its answers and its error bodies."""

    route = "/v1/chat/completions"

    def answer(self, text: str, **kw: Any) -> dict[str, Any]:
        return completion(text, **kw)

    def error_body(self, status: int, text: str = "") -> dict[str, Any]:
        return error_body(status, text)

    def unsupported(self, param: str) -> None:
        """The 400 api.openai.com gives a model that refuses ``param`` (``max_tokens`` for
        its reasoning models, ``temperature`` other than 1)."""
        code = "unsupported_parameter" if param == "max_tokens" else "unsupported_value"
        self.enqueue(Behaviour(status=400, body=error_body(
            400, f"Unsupported parameter: '{param}' is not supported with this model.",
            param=param, code=code)))


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAI]:
    """A running fake API with ``OPENAI_BASE_URL`` aimed at it and ``OPENAI_API_KEY`` a dummy
    (:data:`FAKE_KEY`); every other ``OPENAI_*`` variable is cleared."""
    fake = FakeOpenAI().start()
    for name in [n for n in os.environ if n.startswith("OPENAI_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", fake.url + "/v1")
    try:
        yield fake
    finally:
        fake.close()
