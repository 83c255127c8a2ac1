"""bench/model_desk.py, where a person acts as the model: the real SDK's request is
refused until its answer is written, then answered with that text exactly, on every
later pass that sends the same request."""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

from gitmemory.providers.answers import ProviderError
from gitmemory.providers.anthropic_provider import AnthropicProvider
from testing.fake_anthropic import FAKE_KEY

DESK = Path(__file__).resolve().parent.parent / "bench" / "model_desk.py"
ANSWER = '{"extractions": [{"section": "facts", "content": "`load()` returns `Promise<T>`", ' \
    '"confidence": 0.9, "refs": ["a1b2c3d"]}]}\n'


@pytest.fixture
def desk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    spec = importlib.util.spec_from_file_location("model_desk", DESK)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    root = tmp_path / "desk"
    server = ThreadingHTTPServer(("127.0.0.1", 0), module.handler_for(module.Desk(root)))
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)
    host, port = server.server_address[:2]
    try:
        yield f"http://{host!s}:{port}", root
    finally:
        server.shutdown()
        server.server_close()


def test_a_request_waits_for_its_answer_then_gets_it_as_written(
        desk: tuple[str, Path]) -> None:
    url, root = desk
    with pytest.raises(ProviderError):
        AnthropicProvider(base_url=url).send("You keep memory.", "Extract this.", 10)
    (key,) = (root / "waiting.txt").read_text().split()
    prompt = (root / "prompts" / f"{key}.md").read_text()
    assert "You keep memory." in prompt and "Extract this." in prompt
    (root / "answers" / f"{key}.txt").write_text(ANSWER)
    # the next pass: a new client, the same request
    got = AnthropicProvider(base_url=url).send("You keep memory.", "Extract this.", 10)
    assert got.text == ANSWER
    with pytest.raises(ProviderError):  # another request has its own key
        AnthropicProvider(base_url=url).send("You keep memory.", "Something else.", 10)
    assert key not in (root / "waiting.txt").read_text().split()  # answered: off the list
    assert (root / "log.txt").read_text().split()[1::2] == ["waiting", "answered", "waiting"]
