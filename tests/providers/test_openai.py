"""What the openai provider does alone, against a fake chat-completions API on loopback: the
model it needs, when it needs a key, where it says it sends, and the answers' shapes.  What
every HTTP provider does is in tests/providers/test_contract.py."""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from pathlib import Path
from typing import Any

import pytest

from gitmemory import config
from gitmemory.providers import resolve
from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.offline import OfflineProvider
from gitmemory.providers.openai_provider import OpenAIProvider, endpoint
from gitmemory.sources.commits.extraction import ExtractRequest
from testing.fake_openai import FAKE_KEY, MODEL, Behaviour, FakeOpenAI, completion
from testing.fake_provider import extract
from testing.gitrepo import commit_file, gitmemory

GOOD = '{"no_content_to_extract": true}'


def _provider(**kw: Any) -> OpenAIProvider:
    kw.setdefault("backoff", 0.01)
    kw.setdefault("model", MODEL)
    return OpenAIProvider(**kw)


def _error(call: Any) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        call()
    assert FAKE_KEY not in caught.value.one_line()
    return caught.value


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def no_way_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every proxy variable aims at a closed port on loopback: a request meant for a remote
    host fails here instead of leaving the machine."""
    dead = f"http://127.0.0.1:{_closed_port()}"
    for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"):
        monkeypatch.setenv(name, dead)
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)


def _cfg(model: str | None = None) -> config.Config:
    cfg = config.defaults()
    cfg.provider = "openai"
    cfg.sources["provider"] = "git config gitmemory.provider"
    if model is not None:
        cfg.model = model
        cfg.sources["model"] = "git config gitmemory.model"
    return cfg


# --- the model and the key ----------------------------------------------------------------

def test_the_default_model_is_not_sent_and_the_error_names_the_setting(
        fake_openai: FakeOpenAI) -> None:
    """The model setting's default is an Anthropic model id: no OpenAI-compatible server
    serves it, so the provider asks for one before sending anything."""
    provider, reason = resolve("openai", _cfg())
    assert isinstance(provider, OpenAIProvider)
    assert reason == "configured: provider = openai (but model is not set)"
    error = _error(lambda: provider.complete("s", "p", None))
    assert (error.kind, error.message) == ("request", "openai: model is not set")
    assert "model = " in error.hint
    assert fake_openai.requests == []


def test_the_default_model_init_writes_into_config_toml_is_not_sent_either(
        repo: Path, fake_openai: FakeOpenAI) -> None:
    """`gitmemory init` writes every setting at its default into .gitmemory/config.toml,
    the Anthropic model id among them: a repository that then names openai has still
    chosen no model its server serves."""
    gitmemory(repo, "init")
    commit_file(repo, "src/queue.py", "LOCK = True\n", "fix(queue): lock the queue\n\n"
                "Lock it instead of polling, because two workers took the same job.")
    text = (repo / ".gitmemory" / "config.toml").read_text()
    assert 'model = "claude-haiku-5-5"' in text
    (repo / ".gitmemory" / "config.toml").write_text(
        text.replace('provider = "auto"', 'provider = "openai"'))
    done = gitmemory(repo, "status", check=False)
    assert "provider: openai (configured: provider = openai (but model is not set))" \
        in done.stdout, done.stdout
    done = gitmemory(repo, "memorize", check=False)
    assert "openai: model is not set" in done.stdout + done.stderr, done.stdout + done.stderr
    assert fake_openai.requests == []


def test_a_model_someone_set_is_sent(fake_openai: FakeOpenAI) -> None:
    provider, _ = resolve("openai", _cfg(model="llama3.1:8b"))
    fake_openai.text(GOOD)
    provider.complete("s", "p", None)
    assert fake_openai.requests[0].body["model"] == "llama3.1:8b"


def test_the_default_endpoint_needs_a_key_and_sends_nothing_without_one(
        fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch, no_way_out: None) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.delenv("OPENAI_BASE_URL")
    assert endpoint().url == "https://api.openai.com/v1/chat/completions"
    error = _error(lambda: _provider().complete("s", "p", None))
    assert (error.kind, error.message) == ("auth", "openai: OPENAI_API_KEY is not set")
    assert "OPENAI_API_KEY" in error.hint
    _, reason = resolve("openai", _cfg(model="gpt-4.1-mini"))
    assert reason == "configured: provider = openai (but OPENAI_API_KEY is not set)"


def test_a_server_on_this_machine_needs_no_key(fake_openai: FakeOpenAI,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    fake_openai.text(GOOD)
    assert _provider().complete("s", "p", None).text == GOOD
    (sent,) = fake_openai.requests
    assert "Authorization" not in sent.headers
    assert sent.body["temperature"] == 0
    assert sent.body["stream"] is False


def test_credentials_in_the_base_url_are_sent_as_basic_auth_and_never_shown(
        fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    host = fake_openai.url.removeprefix("http://")
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://gate%40way:s3cret-pass-word@{host}/v1")
    fake_openai.text(GOOD)
    _provider().complete("s", "p", None)
    (sent,) = fake_openai.requests
    assert sent.headers["Authorization"] == "Basic " + base64.b64encode(
        b"gate@way:s3cret-pass-word").decode()
    _, reason = resolve("openai", _cfg(model="m"))
    assert reason == f"configured: provider = openai (m, sends to this machine: http://{host})"
    fake_openai.error(404, "echoing s3cret-pass-word")
    error = _error(lambda: _provider().complete("s", "p", None))
    assert "s3cret" not in error.one_line()
    assert f"endpoint http://{host}/v1/chat/completions not found" in error.message


# --- where it sends -----------------------------------------------------------------------

@pytest.mark.parametrize(("base", "detail"), [
    ("http://localhost:11434/v1", "(m, sends to this machine: http://localhost:11434)"),
    ("http://[::1]:8080/v1", "(m, sends to this machine: http://[::1]:8080)"),
    ("http://127.0.0.2:1234/v1/", "(m, sends to this machine: http://127.0.0.2:1234)"),
    ("https://gpu-box.example.internal:8000/v1", "(m, sends to gpu-box.example.internal)"),
    ("https://api.openai.com/v1", "(m, sends to api.openai.com)"),
    ("ftp://localhost/v1", "(but OPENAI_BASE_URL is not an http:// or https:// address)"),
])
def test_status_says_where_it_sends(monkeypatch: pytest.MonkeyPatch, base: str,
                                    detail: str) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", base)
    _, reason = resolve("openai", _cfg(model="m"))
    assert reason == f"configured: provider = openai {detail}"


def test_status_names_it_when_configured(fake_openai: FakeOpenAI, repo: Path) -> None:
    gitmemory(repo, "init")
    env = {**os.environ, "GITMEMORY_PROVIDER": "openai", "GITMEMORY_MODEL": "qwen3:8b"}
    text = gitmemory(repo, "status", env=env).stdout
    assert (f"provider: openai (configured: provider = openai (qwen3:8b, sends to this "
            f"machine: {fake_openai.url}))") in text
    assert fake_openai.requests == []


def test_auto_never_picks_it(fake_openai: FakeOpenAI, monkeypatch: pytest.MonkeyPatch,
                             tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no claude
    provider, reason = resolve("auto", config.defaults())
    assert isinstance(provider, OfflineProvider)
    assert reason == "auto: no API key and no claude CLI, using offline"


def test_a_remote_endpoint_goes_through_the_proxy(fake_openai: FakeOpenAI,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A server elsewhere is reached the way the environment says (here: the fake, as an
    HTTP proxy); nothing is resolved or sent past it."""
    monkeypatch.setenv("HTTP_PROXY", fake_openai.url)
    monkeypatch.setenv("http_proxy", fake_openai.url)
    error = _error(lambda: _provider(base_url="http://models.example.test/v1").complete(
        "s", "p", None))
    (sent,) = fake_openai.requests
    assert sent.path == "http://models.example.test/v1/chat/completions"
    assert error.kind == "not-found"


def test_this_machine_is_reached_without_the_proxy(fake_openai: FakeOpenAI,
                                                   no_way_out: None) -> None:
    fake_openai.text(GOOD)
    assert _provider().complete("s", "p", None).text == GOOD


@pytest.mark.parametrize("status", [302, 307])
def test_a_redirect_is_not_followed_and_the_key_stays(fake_openai: FakeOpenAI,
                                                      status: int) -> None:
    elsewhere = FakeOpenAI().start()
    try:
        target = elsewhere.url + "/v1/chat/completions"
        fake_openai.enqueue(Behaviour(status=status, body={}, headers={"location": target}))
        error = _error(lambda: _provider().complete("s", "p", None))
        assert elsewhere.requests == []
    finally:
        elsewhere.close()
    assert error.kind == "request"
    assert f"redirects to {elsewhere.url} (HTTP {status})" in error.message
    assert "OPENAI_BASE_URL" in error.hint


def test_a_local_server_that_is_not_running_says_so(fake_openai: FakeOpenAI) -> None:
    base = f"http://localhost:{_closed_port()}/v1"
    error = _error(lambda: _provider(base_url=base, retries=0).complete(
        "s", "p", time.monotonic() + 20))
    assert error.kind == "network"
    assert "is the model server running?" in error.hint


# --- a model that refuses a parameter -----------------------------------------------------

def test_a_model_that_wants_max_completion_tokens_gets_it_from_then_on(
        fake_openai: FakeOpenAI) -> None:
    fake_openai.unsupported("max_tokens")
    fake_openai.unsupported("temperature")
    fake_openai.text(GOOD)
    fake_openai.text(GOOD)
    provider = _provider()
    assert provider.complete("s", "p", None).text == GOOD
    first, second, third = (r.body for r in fake_openai.requests)
    assert (first["max_tokens"], first["temperature"]) == (8192, 0)
    assert "max_tokens" not in second
    assert (second["max_completion_tokens"], second["temperature"]) == (8192, 0)
    assert "temperature" not in third
    provider.complete("s", "p", None)
    fourth = fake_openai.requests[3].body
    assert "temperature" not in fourth and "max_tokens" not in fourth
    assert fourth["max_completion_tokens"] == 8192


def test_a_parameter_refused_twice_is_an_error(fake_openai: FakeOpenAI) -> None:
    fake_openai.unsupported("max_tokens")
    fake_openai.unsupported("max_tokens")
    error = _error(lambda: _provider().complete("s", "p", None))
    assert error.kind == "request"
    assert "HTTP 400: Unsupported parameter" in error.message
    assert len(fake_openai.requests) == 2


# --- answers ------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "reason"), [
    (completion(None), "holds no text"),
    (completion("   "), "holds no text"),
    (completion("{}", finish_reason="length"), "cut off at max_tokens"),
    (completion("no", finish_reason="content_filter"), "the model declined to answer"),
    (completion(None, refusal="I can't help with that."), "the model declined to answer"),
    ({"choices": []}, "holds no text"),
    ({"object": "list", "data": []}, "not a chat completion"),
])
def test_empty_cut_off_or_refused_answers_are_invalid_output(
        fake_openai: FakeOpenAI, body: dict[str, Any], reason: str) -> None:
    fake_openai.enqueue(Behaviour(body=body))
    with pytest.raises(InvalidOutput, match=reason):
        _provider().complete("s", "p", None)


def test_a_body_that_is_not_json_is_invalid_output_and_asked_again(
        fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(Behaviour(raw=b"<html>proxy login</html>"))
    fake_openai.text(GOOD)
    extract(_provider(), ExtractRequest(branch="main", commits=[], context="x"))
    assert len(fake_openai.requests) == 2


def test_content_in_parts_and_a_thinking_block_are_read_as_the_answer(
        fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(Behaviour(body=completion(None, content=[
        {"type": "text", "text": "<think>the user wants {json}</think>\n"},
        {"type": "text", "text": GOOD}])))
    assert _provider().complete("s", "p", None).text.strip() == GOOD


def test_a_server_that_reports_no_usage_or_model_counts_zero(fake_openai: FakeOpenAI) -> None:
    body = completion(GOOD, input_tokens=None)
    del body["model"]
    fake_openai.enqueue(Behaviour(body=body))
    done = _provider(model="local-model").complete("s", "p", None)
    assert (done.model, done.input_tokens, done.output_tokens) == ("local-model", 0, 0)


def test_the_request_is_one_json_post_with_both_messages(fake_openai: FakeOpenAI) -> None:
    fake_openai.text(GOOD)
    _provider().complete("the rules", "the commits \u00e9", None)
    (sent,) = fake_openai.requests
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["Content-Type"] == "application/json"
    assert sent.headers["Authorization"] == f"Bearer {FAKE_KEY}"
    assert sent.body["messages"] == [{"role": "system", "content": "the rules"},
                                     {"role": "user", "content": "the commits \u00e9"}]
    assert json.loads(sent.text)["model"] == MODEL
