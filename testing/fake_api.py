"""A fake model API on loopback: the server both fakes share (fake_anthropic, fake_openai).

The server binds 127.0.0.1 on a free port and answers ``POST`` to its one route
from a queue of behaviours.  It records every request (path, headers, JSON
body) so tests can assert what was sent, and that something was sent here at
all rather than to a real service.  With an empty queue it answers 500 with a
body saying so, which makes a missing ``enqueue`` obvious.  A subclass names
its route and the shapes of its answers and error bodies.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


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


class FakeAPI:
    """The server plus its queue and its record of requests."""

    route = "/"  # requests to any other path get a 404

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

    def start(self) -> Self:
        self._thread.start()
        return self

    def close(self) -> None:
        self.release.set()
        self._server.shutdown()
        self._server.server_close()

    # -- what a subclass says ---------------------------------------------------

    def answer(self, text: str, **kw: Any) -> dict[str, Any]:
        raise NotImplementedError

    def error_body(self, status: int, text: str = "") -> dict[str, Any]:
        raise NotImplementedError

    # -- queueing ---------------------------------------------------------------

    def enqueue(self, behaviour: Behaviour) -> None:
        with self._lock:
            self.queue.append(behaviour)

    def text(self, text: str, **kw: Any) -> None:
        self.enqueue(Behaviour(body=self.answer(text, **kw)))

    def error(self, status: int, text: str = "", headers: dict[str, str] | None = None
              ) -> None:
        self.enqueue(Behaviour(status=status, body=self.error_body(status, text),
                               headers=dict(headers or {})))

    def rate_limit(self, retry_after: int | None = None) -> None:
        headers = {"retry-after": str(retry_after)} if retry_after is not None else {}
        self.error(429, "Number of request tokens has exceeded your rate limit.", headers)

    def hang(self, seconds: float, then: str = '{"no_content_to_extract": true}') -> None:
        self.enqueue(Behaviour(body=self.answer(then), hang=seconds))

    def _next(self, path: str) -> Behaviour:
        if path.split("?", maxsplit=1)[0] != self.route:
            return Behaviour(status=404, body=self.error_body(404, f"no route {path}"))
        with self._lock:
            if self.queue:
                return self.queue.popleft()
        return Behaviour(status=500, body=self.error_body(500, "fake server: nothing queued"))


def _handler_for(fake: FakeAPI) -> type[BaseHTTPRequestHandler]:
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
            behaviour = fake._next(self.path)
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

        do_GET = do_POST  # recorded all the same: a client that followed a redirect

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler
