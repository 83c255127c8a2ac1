"""The provider registry (one entry per provider) and the retry loop every LLM provider shares."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import click
import pytest

from gitmemory import config, providers
from gitmemory.cli import cli
from gitmemory.errors import ConfigError
from gitmemory.providers.answers import ProviderError
from gitmemory.providers.base import LLMProvider, Provider
from gitmemory.providers.calls import Completion


def test_every_name_comes_from_the_registry_and_auto_comes_first() -> None:
    assert ("auto", *(entry.name for entry in providers.REGISTRY)) == providers.NAMES
    assert [entry.name for entry in providers.REGISTRY] == ["anthropic", "claude-cli", "offline"]


def test_the_cli_offers_exactly_the_registered_providers() -> None:
    memorize = cli.commands["memorize"]
    (option,) = [p for p in memorize.params if p.name == "provider"]
    assert isinstance(option.type, click.Choice)
    assert tuple(option.type.choices) == providers.NAMES


def test_the_docs_table_lists_the_registered_providers() -> None:
    import importlib.util

    from testing.precommit_repo import ROOT

    spec = importlib.util.spec_from_file_location("docs_gen", ROOT / "docs" / "_gen.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen._kind(config.KEYS["provider"][0]) == \
        "one of " + ", ".join(f"`{name}`" for name in providers.NAMES)


def test_an_unknown_provider_setting_names_where_it_came_from() -> None:
    cfg = config.defaults()
    cfg.provider = "gpt"
    cfg.sources["provider"] = "git config gitmemory.provider"
    with pytest.raises(ConfigError, match="unknown provider 'gpt' in git config gitmemory"):
        providers.resolve(cfg.provider, cfg)


def test_config_loads_a_provider_name_and_leaves_the_check_to_the_registry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITMEMORY_PROVIDER", "offline")
    assert config.load(None).provider == "offline"
    assert providers.check("offline") == "offline"
    with pytest.raises(ConfigError) as caught:
        providers.check("nope")
    assert caught.value.one_line() == ("unknown provider 'nope' in the provider setting "
                                       "(hint: use one of auto, anthropic, claude-cli, offline)")


def test_auto_takes_the_first_ready_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    offline = providers.entry("offline")

    def entry(name: str, ready: str | None) -> providers.Registered:
        def make(cfg: providers.Settings) -> Provider:
            made.append(name)
            return offline.make(cfg)
        return providers.Registered(name, make, lambda: ready, lambda: "")

    monkeypatch.setattr(providers, "REGISTRY", (entry("first", None), entry("second", "why"),
                                                entry("third", "also")))
    monkeypatch.setattr(providers, "NAMES", ("auto", "first", "second", "third"))
    _, reason = providers.resolve("auto", config.defaults())
    assert made == ["second"]
    assert reason == "auto: why"


# --- the retry loop in LLMProvider -----------------------------------------------------------

@dataclass
class Scripted(LLMProvider):
    """``send`` answers from a script of errors and texts, recording each timeout."""

    name = "scripted"
    script: list[ProviderError | str] = field(default_factory=list)
    timeouts: list[float] = field(default_factory=list)

    def send(self, system: str, prompt: str, timeout: float) -> Completion:
        self.timeouts.append(timeout)
        step = self.script.pop(0)
        if isinstance(step, ProviderError):
            raise step
        return Completion(text=step, model="m")


def _sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    return slept


def test_a_retryable_failure_is_retried_with_doubling_backoff(
        monkeypatch: pytest.MonkeyPatch) -> None:
    slept = _sleeps(monkeypatch)
    flaky = ProviderError("server", "boom", retryable=True)
    provider = Scripted(script=[flaky, flaky, "ok"], backoff=0.5)
    completion = provider.complete("s", "p", None)
    assert completion.text == "ok"
    assert slept == [0.5, 1.0]
    assert completion.seconds >= 0


def test_the_services_retry_after_wins_over_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    slept = _sleeps(monkeypatch)
    provider = Scripted(script=[ProviderError("rate-limit", "slow down", retryable=True,
                                              retry_after=7.0), "ok"])
    assert provider.complete("s", "p", None).text == "ok"
    assert slept == [7.0]


def test_a_failure_a_retry_cannot_help_is_raised_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    slept = _sleeps(monkeypatch)
    provider = Scripted(script=[ProviderError("auth", "bad key"), "never"])
    with pytest.raises(ProviderError, match="bad key"):
        provider.complete("s", "p", None)
    assert slept == []
    assert provider.script == ["never"]


def test_retries_stop_after_the_configured_number(monkeypatch: pytest.MonkeyPatch) -> None:
    _sleeps(monkeypatch)
    flaky = ProviderError("server", "boom", retryable=True)
    provider = Scripted(script=[flaky, flaky, flaky, "late"], retries=2)
    with pytest.raises(ProviderError, match="boom"):
        provider.complete("s", "p", None)
    assert provider.script == ["late"]


def test_a_wait_that_does_not_fit_before_the_deadline_is_not_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    slept = _sleeps(monkeypatch)
    provider = Scripted(script=[ProviderError("rate-limit", "later", retryable=True,
                                              retry_after=30.0), "ok"])
    with pytest.raises(ProviderError, match="later"):
        provider.complete("s", "p", time.monotonic() + 10)
    assert slept == []


def test_each_attempt_gets_the_time_left_and_a_passed_deadline_stops_it() -> None:
    provider = Scripted(script=["ok"])
    provider.complete("s", "p", time.monotonic() + 5)
    assert 0 < provider.timeouts[0] <= 5
    with pytest.raises(ProviderError, match="scripted: time limit reached") as caught:
        Scripted(script=["never"]).complete("s", "p", time.monotonic() - 1)
    assert caught.value.kind == "timeout"
    assert "pending" in caught.value.hint


@dataclass
class Echo(LLMProvider):
    """``send`` answers with the prompt it got, or raises what it was given to raise."""

    name = "echo"
    raises: BaseException | None = None

    def send(self, system: str, prompt: str, timeout: float) -> Completion:
        if self.raises is not None:
            raise self.raises
        return Completion(text=prompt, model="m")


def test_a_byte_that_was_not_utf8_reaches_the_provider_as_a_replacement() -> None:
    """A file or commit kept a lone surrogate for a byte that was not UTF-8: the request
    carries U+FFFD instead of failing to encode."""
    assert Echo().complete("s", "caf\udce9 ok", None).text == "caf\ufffd ok"


@pytest.mark.parametrize("bug", [ValueError("bad value"), UnicodeDecodeError(
    "utf-8", b"\xff", 0, 1, "invalid start byte"), RecursionError(), OverflowError()])
def test_a_provider_bug_on_the_way_becomes_a_provider_error(bug: BaseException) -> None:
    """What fails in a provider's own code must not crash the hook that called it."""
    with pytest.raises(ProviderError) as caught:
        Echo(raises=bug).complete("s", "p", None)
    assert caught.value.kind == "request"
    assert caught.value.message == \
        f"echo: the request or its answer could not be handled ({type(bug).__name__})"
    assert "pending" in caught.value.hint


def test_a_programming_error_is_not_relabelled() -> None:
    with pytest.raises(KeyError):
        Echo(raises=KeyError("a bug")).complete("s", "p", None)
