"""What the anthropic provider does alone, through the real SDK against a fake Messages API on
loopback; what every HTTP provider does is in tests/providers/test_contract.py."""

from __future__ import annotations

import pytest

from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.anthropic_provider import AnthropicProvider
from testing.fake_anthropic import FAKE_KEY, FakeAnthropic, fake_anthropic

__all__ = ["fake_anthropic"]  # the fixture, imported for pytest


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


def test_overloaded_is_a_server_error(fake_anthropic: FakeAnthropic) -> None:
    fake_anthropic.error(529, "Overloaded")
    error = _error(lambda: _provider(retries=0).complete("s", "p", None))
    assert error.kind == "server"
    assert error.message == "anthropic: the API is overloaded (HTTP 529: Overloaded)"


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
