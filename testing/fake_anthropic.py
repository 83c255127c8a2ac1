"""A fake Anthropic Messages API on loopback, for driving the real SDK in tests.

The server binds 127.0.0.1 on a free port and answers ``POST /v1/messages``
from a queue of behaviours.  It records every request (path, headers, JSON
body) so tests can assert what was sent, and that something was sent here at
all rather than to api.anthropic.com.  With an empty queue it answers 500 with
a body saying so, which makes a missing ``enqueue`` obvious.
"""

from __future__ import annotations

import json
import os
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

FAKE_KEY = "sk-ant-api03-fake-test-key-0123456789abcdef"
ERROR_TYPES = {
    400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
    404: "not_found_error", 413: "request_too_large", 429: "rate_limit_error",
    500: "api_error", 529: "overloaded_error",
}


@dataclass
class Behaviour:
    """One queued answer: a status, a JSON body, extra headers, or a hang."""

    status: int = 200
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hang: float = 0.0  # seconds to stall before answering (after reading the request)
    raw: bytes | None = None  # a body that is not JSON


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def text(self) -> str:
        """Everything the client sent in the body, as one string, for leak checks."""
        return json.dumps(self.body, ensure_ascii=False)


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


class FakeAnthropic:
    """The server plus its queue and its record of requests."""

    def __init__(self) -> None:
        self.queue: deque[Behaviour] = deque()
        self.requests: list[Request] = []
        self.release = threading.Event()  # set on close: hanging handlers give up at once
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,),
                                        daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakeAnthropic:
        self._thread.start()
        return self

    def close(self) -> None:
        self.release.set()
        self._server.shutdown()
        self._server.server_close()

    # -- queueing ---------------------------------------------------------------

    def enqueue(self, behaviour: Behaviour) -> None:
        with self._lock:
            self.queue.append(behaviour)

    def text(self, text: str, **kw: Any) -> None:
        self.enqueue(Behaviour(body=message(text, **kw)))

    def error(self, status: int, text: str = "", headers: dict[str, str] | None = None
              ) -> None:
        self.enqueue(Behaviour(status=status, body=error_body(status, text),
                               headers=dict(headers or {})))

    def rate_limit(self, retry_after: int | None = None) -> None:
        headers = {"retry-after": str(retry_after)} if retry_after is not None else {}
        self.error(429, "Number of request tokens has exceeded your rate limit.", headers)

    def hang(self, seconds: float, then: str = '{"no_content_to_extract": true}') -> None:
        self.enqueue(Behaviour(body=message(then), hang=seconds))

    def _next(self) -> Behaviour:
        with self._lock:
            if self.queue:
                return self.queue.popleft()
        return Behaviour(status=500, body=error_body(500, "fake server: nothing queued"))


def _handler_for(fake: FakeAnthropic) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {"unparsed": raw.decode("utf-8", "replace")}
            fake.requests.append(Request(self.path, dict(self.headers.items()), body))
            behaviour = fake._next() if self.path.startswith("/v1/messages") else \
                Behaviour(status=404, body=error_body(404, f"no route {self.path}"))
            if behaviour.hang and fake.release.wait(behaviour.hang):
                return  # the test is over; drop the connection
            payload = behaviour.raw if behaviour.raw is not None else \
                json.dumps(behaviour.body).encode()
            try:
                self.send_response(behaviour.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.send_header("request-id", "req_fake0001")
                for name, value in behaviour.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (its timeout); nothing to answer

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


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
