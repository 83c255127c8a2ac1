"""A person acts as the model: a Messages API on loopback answered from files.

    python bench/model_desk.py DIR [--port PORT]

It prints the two variables that aim gitmemory's ``anthropic`` provider (the real SDK)
at it, then serves ``POST /v1/messages`` until interrupted.  Each request is keyed by
its text (the first 12 hex digits of the SHA-256 of its system prompt and prompt):

- ``DIR/prompts/<key>.md``: the request as a person reads it (system prompt, then
  prompt), written the first time it is asked;
- ``DIR/answers/<key>.txt``: the answer a person wrote, acting as the model; it is
  sent back as the message's text, exactly as written.

A request with no answer yet is refused (HTTP 400, which gitmemory does not retry)
and the run that asked fails there.  ``DIR/waiting.txt`` lists the prompts without an
answer in the order they were first asked: answer the first (a later batch's prompt
holds the memory the earlier answers made, so it may never be asked again as it is),
then run again from a fresh clone: the requests asked before come back with the same
text (same pin, same answers), are answered from the files, and the run goes one step
further.  ``DIR/log.txt`` lists every request in order with ``answered`` or
``waiting``.  Nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from testing.fake_anthropic import FAKE_KEY, error_body, message  # noqa: E402


def key_of(body: dict[str, Any]) -> tuple[str, str]:
    """The request's key and the text a person reads."""
    system = body.get("system") or ""
    if not isinstance(system, str):
        system = "\n".join(part.get("text", "") for part in system)
    prompt = "\n".join(m["content"] if isinstance(m.get("content"), str) else
                       json.dumps(m.get("content"), ensure_ascii=False)
                       for m in body.get("messages", []))
    key = hashlib.sha256(f"{system}\0{prompt}".encode()).hexdigest()[:12]
    return key, f"# System\n\n{system}\n\n# Prompt\n\n{prompt}\n"


class Desk:
    def __init__(self, root: Path) -> None:
        self.root = root
        for sub in ("prompts", "answers"):
            (root / sub).mkdir(parents=True, exist_ok=True)
        self.lock = threading.Lock()

    def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        key, text = key_of(body)
        answer = self.root / "answers" / f"{key}.txt"
        with self.lock:
            prompt = self.root / "prompts" / f"{key}.md"
            if not prompt.exists():
                prompt.write_text(text, encoding="utf-8")
            found = answer.read_text(encoding="utf-8") if answer.is_file() else None
            with (self.root / "log.txt").open("a", encoding="utf-8") as log:
                log.write(f"{key} {'answered' if found is not None else 'waiting'}\n")
            if found is None:
                waiting = self.root / "waiting.txt"
                known = waiting.read_text().split() if waiting.is_file() else []
                known = [k for k in dict.fromkeys([*known, key])
                         if not (self.root / "answers" / f"{k}.txt").is_file()]
                waiting.write_text("".join(f"{k}\n" for k in known))
                print(f"waiting: write {answer}", file=sys.stderr, flush=True)
                return 400, error_body(400, f"model desk: no answer yet; write {answer}")
        print(f"answered {key}", file=sys.stderr, flush=True)
        return 200, message(found, model=str(body.get("model") or "claude-haiku-5-5"),
                            input_tokens=len(text) // 4, output_tokens=len(found) // 4)


def handler_for(desk: Desk) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            if not self.path.startswith("/v1/messages"):
                status, body = 404, error_body(404, f"no route {self.path}")
            else:
                status, body = desk.answer(json.loads(raw or b"{}"))
            payload = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dir", type=Path, help="prompts/, answers/, waiting.txt, log.txt")
    parser.add_argument("--port", type=int, default=0, help="default: a free one")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), handler_for(Desk(args.dir)))
    host, port = server.server_address[:2]
    print(f"export ANTHROPIC_BASE_URL=http://{host!s}:{port} ANTHROPIC_API_KEY={FAKE_KEY}",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
