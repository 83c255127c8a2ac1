"""The anthropic provider, through the real SDK, against a fake Messages API on loopback."""

from __future__ import annotations

import json
import socket
import time

import pytest

from gitmemory.memory.markdown import Item, Memory
from gitmemory.pipeline.evolve import EVOLVE_SYSTEM, EvolveRequest
from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.anthropic_provider import AnthropicProvider
from gitmemory.providers.calls import Completion
from gitmemory.sources.commits.extraction import EXTRACT_SYSTEM, ExtractRequest
from testing.fake_anthropic import FAKE_KEY, Behaviour, FakeAnthropic, fake_anthropic
from testing.fake_provider import evolve, extract

__all__ = ["fake_anthropic"]  # the fixture, imported for pytest

GOOD = json.dumps({"extractions": [{"section": "facts", "content": "Sessions live in Redis",
                                    "confidence": 0.9, "refs": ["3f2c1e0"]}]})
CONTEXT = "commit 3f2c1e0\nSubject: Store sessions in Redis\n+SESSION_BACKEND = 'redis'"


def _request(deadline: float | None = None) -> ExtractRequest:
    return ExtractRequest(branch="feature/auth", commits=[], context=CONTEXT, deadline=deadline)


def _provider(**kw: object) -> AnthropicProvider:
    kw.setdefault("backoff", 0.01)
    return AnthropicProvider(**kw)  # type: ignore[arg-type]


def _error(call: object) -> ProviderError:
    with pytest.raises(ProviderError) as caught:
        call()  # type: ignore[operator]
    line = caught.value.one_line()
    assert "\n" not in line
    assert FAKE_KEY not in line
    return caught.value


def test_valid_answer_through_the_sdk(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(GOOD, input_tokens=321, output_tokens=45)
    usage: list[Completion] = []
    provider = _provider(model="claude-test-model", on_usage=usage.append)
    (item,) = extract(provider, _request())
    assert (item.section, item.content, item.refs) == ("facts", "Sessions live in Redis",
                                                       ("3f2c1e0",))
    (sent,) = fake_anthropic.requests
    assert sent.path.startswith("/v1/messages")
    assert sent.body["model"] == "claude-test-model"
    assert sent.body["system"] == EXTRACT_SYSTEM
    assert sent.body["messages"] == [{"role": "user", "content": provider.calls[0].prompt}]
    assert CONTEXT in sent.body["messages"][0]["content"]
    assert 1000 <= sent.body["max_tokens"] <= 64000
    assert (usage[0].input_tokens, usage[0].output_tokens) == (321, 45)
    assert usage[0].model == "claude-haiku-5-5"
    assert usage[0].seconds > 0


def test_base_url_comes_from_the_environment(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(GOOD)
    extract(_provider(), _request())
    (sent,) = fake_anthropic.requests  # it reached the fake, not api.anthropic.com
    auth = sent.headers.get("x-api-key", "") + sent.headers.get("Authorization", "")
    assert FAKE_KEY in auth


def test_explicit_base_url_wins_over_the_environment(
        fake_anthropic: FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
    fake_anthropic.text(GOOD)
    assert len(extract(_provider(base_url=fake_anthropic.url), _request())) == 1
    assert len(fake_anthropic.requests) == 1


def test_no_secret_from_the_environment_is_sent(
        fake_anthropic: FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> None:
    planted = "AKIAZZZZPLANTEDSECRET0"
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", planted)
    fake_anthropic.text("not json")
    fake_anthropic.text(GOOD)
    extract(_provider(), _request())
    assert len(fake_anthropic.requests) == 2
    for sent in fake_anthropic.requests:
        assert planted not in sent.text
        assert FAKE_KEY not in sent.text


def test_invalid_json_then_valid_is_retried(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text('{"extractions": [{"section": "facts",')
    fake_anthropic.text(GOOD)
    assert len(extract(_provider(), _request())) == 1
    first, second = (r.body["messages"][0]["content"] for r in fake_anthropic.requests)
    assert second.startswith(first)
    assert "could not be used" in second[len(first):]


def test_always_invalid_gives_up_after_three_requests(fake_anthropic: FakeAnthropic) -> None:
    for _ in range(4):
        fake_anthropic.text("Sure! Here are the facts: Redis.")
    with pytest.raises(InvalidOutput):
        extract(_provider(), _request())
    assert len(fake_anthropic.requests) == 3


def test_code_fenced_json_is_tolerated(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(f"```json\n{GOOD}\n```")
    assert len(extract(_provider(), _request())) == 1


def test_evolution_output_is_parsed(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text(json.dumps({
        "sections": {"facts": [{"content": "Sessions live in Redis with a 12h TTL",
                                "refs": ["a1b2c3d"]}], "architectural-decisions": [],
                     "conventions": [], "bug-patterns": []},
        "changes": [{"action": "updated", "section": "facts",
                     "content": "Sessions live in Redis with a 12h TTL"}]}))
    existing = Memory("main", {"facts": [Item("Sessions live in Redis with a 24h TTL")]})
    evolution = evolve(_provider(), EvolveRequest(branch="main", existing=existing, new=[]))
    assert evolution.sections["facts"] == [Item("Sessions live in Redis with a 12h TTL",
                                                ("a1b2c3d",))]
    assert [c.action for c in evolution.changes] == ["updated"]
    (sent,) = fake_anthropic.requests
    assert sent.body["system"] == EVOLVE_SYSTEM
    assert "Sessions live in Redis with a 24h TTL" in sent.body["messages"][0]["content"]


def test_rate_limit_with_a_long_retry_after_is_reported_at_once(
        fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.rate_limit(retry_after=120)
    error = _error(lambda: _provider().complete("s", "p", time.monotonic() + 30))
    assert error.kind == "rate-limit"
    assert "rate limited (HTTP 429" in error.message
    assert "retry after 120 s" in error.message
    assert len(fake_anthropic.requests) == 1


def test_rate_limit_is_retried_when_the_wait_fits(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.rate_limit()
    fake_anthropic.text(GOOD)
    assert _provider().complete("s", "p", time.monotonic() + 30).text == GOOD
    assert len(fake_anthropic.requests) == 2


def test_server_error_is_one_line_after_the_retries(fake_anthropic: FakeAnthropic) -> None:
    for _ in range(3):
        fake_anthropic.error(500, "Internal server error")
    error = _error(lambda: _provider(retries=2).complete("s", "p", None))
    assert error.kind == "server"
    assert error.message == "anthropic: server error (HTTP 500: Internal server error)"
    assert len(fake_anthropic.requests) == 3


def test_overloaded_is_a_server_error(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.error(529, "Overloaded")
    error = _error(lambda: _provider(retries=0).complete("s", "p", None))
    assert error.kind == "server"
    assert error.message == "anthropic: the API is overloaded (HTTP 529: Overloaded)"


def test_bad_key_is_an_auth_error_naming_the_variable(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.error(401, f"invalid x-api-key {FAKE_KEY}")  # even if echoed back
    error = _error(lambda: _provider().complete("s", "p", None))
    assert error.kind == "auth"
    assert "HTTP 401" in error.message
    assert "[REDACTED]" in error.message
    assert "ANTHROPIC_API_KEY" in error.hint
    assert len(fake_anthropic.requests) == 1  # never retried


def test_forbidden_is_an_auth_error(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.error(403)
    assert _error(lambda: _provider().complete("s", "p", None)).kind == "auth"


def test_unknown_model_is_not_found(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.error(404, "model: claude-nope")
    error = _error(lambda: _provider(model="claude-nope").complete("s", "p", None))
    assert error.kind == "not-found"
    assert "'claude-nope'" in error.message


def test_missing_key_fails_before_any_request(
        fake_anthropic: FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    error = _error(lambda: _provider().complete("s", "p", None))
    assert error.kind == "auth"
    assert error.message.startswith("anthropic: ANTHROPIC_API_KEY is not set")
    assert fake_anthropic.requests == []


def test_missing_key_without_any_profile_setup(
        fake_anthropic: FakeAnthropic, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    monkeypatch.delenv("ANTHROPIC_CONFIG_DIR")  # HOME is a fresh temporary directory
    error = _error(lambda: _provider().complete("s", "p", None))
    assert (error.kind, error.message) == ("auth", "anthropic: ANTHROPIC_API_KEY is not set")
    assert fake_anthropic.requests == []


def test_hanging_server_times_out_within_the_deadline(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.hang(60)
    started = time.monotonic()
    error = _error(lambda: extract(_provider(), _request(deadline=time.monotonic() + 2)))
    elapsed = time.monotonic() - started
    assert error.kind == "timeout"
    assert "no answer within" in error.message
    assert elapsed < 2 + 5
    assert len(fake_anthropic.requests) == 1


def test_refused_connection_is_a_network_error(fake_anthropic: FakeAnthropic) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://someone:hunter2hunter2@127.0.0.1:{port}"
    error = _error(lambda: _provider(base_url=url).complete("s", "p", time.monotonic() + 20))
    assert error.kind == "network"
    assert f"cannot reach http://127.0.0.1:{port}:" in error.message
    assert "hunter2" not in error.one_line()


@pytest.mark.parametrize(("content", "stop", "reason"), [
    ([], "end_turn", "holds no text"),
    ([{"type": "text", "text": "   "}], "end_turn", "holds no text"),
    ([{"type": "tool_use", "id": "toolu_1", "name": "x", "input": {}}], "tool_use",
     "holds no text"),
    ([{"type": "text", "text": '{"extractions": ['}], "max_tokens", "cut off at max_tokens"),
])
def test_empty_or_cut_off_answers_are_invalid_output(
        fake_anthropic: FakeAnthropic, content: list[dict[str, object]], stop: str,
        reason: str) -> None:
    fake_anthropic.text("", content=content, stop_reason=stop)
    with pytest.raises(InvalidOutput, match=reason):
        _provider().complete("s", "p", None)


def test_a_refusal_is_invalid_output(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.text("I can't help with that.", stop_reason="refusal")
    with pytest.raises(InvalidOutput, match="the model declined to answer"):
        _provider().complete("s", "p", None)


@pytest.mark.parametrize(("status", "kind", "retried", "hint"), [
    (400, "request", False, "check model and settings"),
    (413, "request", False, "lower max_context_chars"),
    (408, "server", True, "the commits stay pending"),
    (409, "server", True, "the commits stay pending"),
    (503, "server", True, "the commits stay pending"),
])
def test_each_status_maps_to_a_kind_a_retry_and_a_hint(
        fake_anthropic: FakeAnthropic, status: int, kind: str, retried: bool,
        hint: str) -> None:
    fake_anthropic.error(status, "refused for a reason")
    fake_anthropic.text(GOOD)
    def call() -> Completion:
        return _provider(retries=1).complete("s", "p", None)

    if retried:
        assert call().text == GOOD
        assert len(fake_anthropic.requests) == 2
        return
    error = _error(call)
    assert (error.kind, error.retryable) == (kind, False)
    assert f"HTTP {status}: refused for a reason" in error.message
    assert hint in error.hint
    assert len(fake_anthropic.requests) == 1


def test_retry_after_ms_is_honoured_before_retry_after(fake_anthropic: FakeAnthropic) -> None:
    """A 429 that asks for 30 s in retry-after but 50 ms in retry-after-ms waits 50 ms."""
    fake_anthropic.error(429, "slow down", {"retry-after-ms": "50", "retry-after": "30"})
    fake_anthropic.text(GOOD)
    started = time.monotonic()
    assert _provider(backoff=10).complete("s", "p", time.monotonic() + 20).text == GOOD
    assert time.monotonic() - started < 10


def test_an_error_body_that_is_not_json_is_still_one_line(fake_anthropic: FakeAnthropic
                                                          ) -> None:
    fake_anthropic.enqueue(Behaviour(status=502, raw=b"<html>\n<h1>Bad gateway</h1>\n</html>"))
    error = _error(lambda: _provider(retries=0).complete("s", "p", None))
    assert error.kind == "server"
    assert error.message.startswith("anthropic: server error (HTTP 502")


def test_a_long_error_message_is_cut_and_kept_on_one_line(fake_anthropic: FakeAnthropic
                                                          ) -> None:
    fake_anthropic.error(400, "line one\nline two\t" + "x" * 500)
    error = _error(lambda: _provider().complete("s", "p", None))
    assert "line one line two" in error.message
    assert len(error.message) < 300


def test_the_time_limit_reached_before_a_call_sends_nothing(fake_anthropic: FakeAnthropic
                                                            ) -> None:
    error = _error(lambda: extract(_provider(), _request(deadline=time.monotonic() - 1)))
    assert error.kind == "timeout"
    assert error.message == "anthropic: time limit reached"
    assert fake_anthropic.requests == []
