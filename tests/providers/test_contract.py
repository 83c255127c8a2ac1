"""One contract for every provider that asks a model over HTTP: the anthropic provider through
the real SDK and the openai provider through urllib, each against its fake API on loopback.

Each test runs once per provider; :class:`Api` says, per provider, how its fake is started
and where its request carries the system prompt, the prompt and the token bound.  What a
provider does alone (the SDK's credentials, an answer's shape) is tested in its own file.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gitmemory import state
from gitmemory.memory.markdown import Item, Memory
from gitmemory.pipeline.evolve import EVOLVE_SYSTEM, EvolveRequest
from gitmemory.providers.answers import InvalidOutput, ProviderError
from gitmemory.providers.anthropic_provider import AnthropicProvider
from gitmemory.providers.base import LLMProvider
from gitmemory.providers.calls import Completion
from gitmemory.providers.openai_provider import OpenAIProvider
from gitmemory.sources.commits.extraction import EXTRACT_SYSTEM, ExtractRequest
from testing import fake_anthropic, fake_openai
from testing.fake_api import Behaviour, FakeAPI, Request
from testing.fake_provider import evolve, extract
from testing.gitrepo import commit_file, gitmemory, set_up

GOOD = json.dumps({"extractions": [{"section": "facts", "content": "Sessions live in Redis",
                                    "confidence": 0.9, "refs": ["3f2c1e0"]}]})
CONTEXT = "commit 3f2c1e0\nSubject: Store sessions in Redis\n+SESSION_BACKEND = 'redis'"


@dataclass
class Api:
    """One provider and its fake: ``make`` builds the provider, ``system`` and ``prompt``
    read what a request carried, ``bound`` its cap on answer tokens."""

    name: str
    fake: FakeAPI
    key: str  # the dummy key in the environment
    key_variable: str
    served: str  # the model the fake's answers name
    base: str  # the fake's base URL, as the provider's setting takes it
    make: Callable[..., LLMProvider]
    system: Callable[[Request], str]
    prompt: Callable[[Request], str]
    bound: Callable[[Request], int]

    def provider(self, **kw: Any) -> LLMProvider:
        kw.setdefault("backoff", 0.01)
        kw.setdefault("model", "test-model")
        return self.make(**kw)

    def error(self, call: Callable[[], object]) -> ProviderError:
        with pytest.raises(ProviderError) as caught:
            call()
        line = caught.value.one_line()
        assert "\n" not in line
        assert self.key not in line
        return caught.value


def _anthropic(fake: FakeAPI) -> Api:
    return Api("anthropic", fake, fake_anthropic.FAKE_KEY, "ANTHROPIC_API_KEY",
               "claude-haiku-5-5", fake.url, AnthropicProvider,
               system=lambda r: r.body["system"],
               prompt=lambda r: r.body["messages"][0]["content"],
               bound=lambda r: r.body["max_tokens"])


def _openai(fake: FakeAPI) -> Api:
    return Api("openai", fake, fake_openai.FAKE_KEY, "OPENAI_API_KEY", fake_openai.MODEL,
               fake.url + "/v1", OpenAIProvider,
               system=lambda r: _role(r, "system"), prompt=lambda r: _role(r, "user"),
               bound=lambda r: r.body["max_tokens"])


def _role(request: Request, role: str) -> str:
    (content,) = [m["content"] for m in request.body["messages"] if m["role"] == role]
    return str(content)


@pytest.fixture(params=["anthropic", "openai"])
def api(request: pytest.FixtureRequest) -> Api:
    """Each provider with its fake running and the environment aimed at it."""
    make = {"anthropic": _anthropic, "openai": _openai}[request.param]
    return make(request.getfixturevalue(f"fake_{request.param}"))


def _request(deadline: float | None = None) -> ExtractRequest:
    return ExtractRequest(branch="feature/auth", commits=[], context=CONTEXT, deadline=deadline)


# --- an answer --------------------------------------------------------------------------

def test_a_valid_answer_is_parsed_and_its_usage_reported(api: Api) -> None:
    api.fake.text(GOOD, input_tokens=321, output_tokens=45)
    usage: list[Completion] = []
    provider = api.provider(model="test-model", on_usage=usage.append)
    (item,) = extract(provider, _request())
    assert (item.section, item.content, item.refs) == ("facts", "Sessions live in Redis",
                                                       ("3f2c1e0",))
    (sent,) = api.fake.requests
    assert sent.body["model"] == "test-model"
    assert api.system(sent) == EXTRACT_SYSTEM
    assert api.prompt(sent) == provider.calls[0].prompt
    assert CONTEXT in api.prompt(sent)
    assert 1000 <= api.bound(sent) <= 64000
    assert (usage[0].input_tokens, usage[0].output_tokens) == (321, 45)
    assert usage[0].model == api.served  # the model the service says answered
    assert usage[0].seconds > 0


def test_the_key_goes_in_a_header_and_nowhere_else(
        api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    planted = "AKIAZZZZPLANTEDSECRET0"
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", planted)
    api.fake.text("not json")
    api.fake.text(GOOD)
    extract(api.provider(), _request())
    assert len(api.fake.requests) == 2
    for sent in api.fake.requests:
        assert planted not in sent.text
        assert api.key not in sent.text
        assert api.key in " ".join(sent.headers.values())


def test_an_explicit_base_url_wins_over_the_environment(
        api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(api.name.upper() + "_BASE_URL", "http://127.0.0.1:9")
    api.fake.text(GOOD)
    assert len(extract(api.provider(base_url=api.base), _request())) == 1
    assert len(api.fake.requests) == 1


def test_an_invalid_answer_is_asked_again_with_the_reason(api: Api) -> None:
    api.fake.text('{"extractions": [{"section": "facts",')
    api.fake.text(GOOD)
    assert len(extract(api.provider(), _request())) == 1
    first, second = (api.prompt(r) for r in api.fake.requests)
    assert second.startswith(first)
    assert "could not be used" in second[len(first):]


def test_always_invalid_gives_up_after_three_requests(api: Api) -> None:
    for _ in range(4):
        api.fake.text("Sure! Here are the facts: Redis.")
    with pytest.raises(InvalidOutput):
        extract(api.provider(), _request())
    assert len(api.fake.requests) == 3


def test_code_fenced_json_is_tolerated(api: Api) -> None:
    api.fake.text(f"```json\n{GOOD}\n```")
    assert len(extract(api.provider(), _request())) == 1


def test_an_evolution_is_parsed(api: Api) -> None:
    api.fake.text(json.dumps({
        "sections": {"facts": [{"content": "Sessions live in Redis with a 12h TTL",
                                "refs": ["a1b2c3d"]}], "architectural-decisions": [],
                     "conventions": [], "bug-patterns": []},
        "changes": [{"action": "updated", "section": "facts",
                     "content": "Sessions live in Redis with a 12h TTL"}]}))
    existing = Memory("main", {"facts": [Item("Sessions live in Redis with a 24h TTL")]})
    evolution = evolve(api.provider(), EvolveRequest(branch="main", existing=existing, new=[]))
    assert evolution.sections["facts"] == [Item("Sessions live in Redis with a 12h TTL",
                                                ("a1b2c3d",))]
    assert [c.action for c in evolution.changes] == ["updated"]
    (sent,) = api.fake.requests
    assert api.system(sent) == EVOLVE_SYSTEM
    assert "Sessions live in Redis with a 24h TTL" in api.prompt(sent)


# --- failures ---------------------------------------------------------------------------

def test_a_rate_limit_with_a_long_retry_after_is_reported_at_once(api: Api) -> None:
    api.fake.rate_limit(retry_after=120)
    error = api.error(lambda: api.provider().complete("s", "p", time.monotonic() + 30))
    assert error.kind == "rate-limit"
    assert "rate limited (HTTP 429" in error.message
    assert "retry after 120 s" in error.message
    assert len(api.fake.requests) == 1


def test_a_rate_limit_is_retried_when_the_wait_fits(api: Api) -> None:
    api.fake.rate_limit()
    api.fake.text(GOOD)
    assert api.provider().complete("s", "p", time.monotonic() + 30).text == GOOD
    assert len(api.fake.requests) == 2


def test_retry_after_ms_is_honoured_before_retry_after(api: Api) -> None:
    """A 429 that asks for 30 s in retry-after but 50 ms in retry-after-ms waits 50 ms."""
    api.fake.error(429, "slow down", {"retry-after-ms": "50", "retry-after": "30"})
    api.fake.text(GOOD)
    started = time.monotonic()
    assert api.provider(backoff=10).complete("s", "p", time.monotonic() + 20).text == GOOD
    assert time.monotonic() - started < 10


def test_a_server_error_is_one_line_after_the_retries(api: Api) -> None:
    for _ in range(3):
        api.fake.error(500, "Internal server error")
    error = api.error(lambda: api.provider(retries=2).complete("s", "p", None))
    assert error.kind == "server"
    assert error.message == f"{api.name}: server error (HTTP 500: Internal server error)"
    assert len(api.fake.requests) == 3


def test_a_bad_key_fails_at_once_with_a_hint_naming_the_variable(api: Api) -> None:
    api.fake.error(401, f"invalid key {api.key}")  # even if echoed back
    error = api.error(lambda: api.provider().complete("s", "p", None))
    assert error.kind == "auth"
    assert "HTTP 401" in error.message
    assert "[REDACTED]" in error.message
    assert api.key_variable in error.hint
    assert len(api.fake.requests) == 1  # never retried


def test_forbidden_is_an_auth_error(api: Api) -> None:
    api.fake.error(403)
    assert api.error(lambda: api.provider().complete("s", "p", None)).kind == "auth"


def test_an_unknown_model_is_not_found(api: Api) -> None:
    api.fake.error(404, "model: no-such-model")
    error = api.error(lambda: api.provider(model="no-such-model").complete("s", "p", None))
    assert error.kind == "not-found"
    assert "'no-such-model'" in error.message


@pytest.mark.parametrize(("status", "kind", "retried", "hint"), [
    (400, "request", False, "check model and settings"),
    (413, "request", False, "lower max_context_chars"),
    (408, "server", True, "the commits stay pending"),
    (409, "server", True, "the commits stay pending"),
    (503, "server", True, "the commits stay pending"),
])
def test_each_status_maps_to_a_kind_a_retry_and_a_hint(
        api: Api, status: int, kind: str, retried: bool, hint: str) -> None:
    api.fake.error(status, "refused for a reason")
    api.fake.text(GOOD)
    def call() -> Completion:
        return api.provider(retries=1).complete("s", "p", None)

    if retried:
        assert call().text == GOOD
        assert len(api.fake.requests) == 2
        return
    error = api.error(call)
    assert (error.kind, error.retryable) == (kind, False)
    assert f"HTTP {status}: refused for a reason" in error.message
    assert hint in error.hint
    assert len(api.fake.requests) == 1


@pytest.mark.slow
def test_an_error_body_that_is_not_json_is_still_one_line(api: Api) -> None:
    api.fake.enqueue(Behaviour(status=502, raw=b"<html>\n<h1>Bad gateway</h1>\n</html>"))
    error = api.error(lambda: api.provider(retries=0).complete("s", "p", None))
    assert error.kind == "server"
    assert error.message.startswith(f"{api.name}: server error (HTTP 502")


def test_a_long_error_message_is_cut_and_kept_on_one_line(api: Api) -> None:
    api.fake.error(400, "line one\nline two\t" + "x" * 500)
    error = api.error(lambda: api.provider().complete("s", "p", None))
    assert "line one line two" in error.message
    assert len(error.message) < 300


@pytest.mark.slow
def test_a_hanging_server_times_out_within_the_deadline(api: Api) -> None:
    api.fake.hang(60)
    started = time.monotonic()
    error = api.error(lambda: extract(api.provider(), _request(time.monotonic() + 2)))
    assert error.kind == "timeout"
    assert "no answer within" in error.message
    assert time.monotonic() - started < 2 + 5
    assert len(api.fake.requests) == 1


def test_the_time_limit_reached_before_a_call_sends_nothing(api: Api) -> None:
    error = api.error(lambda: extract(api.provider(), _request(time.monotonic() - 1)))
    assert error.kind == "timeout"
    assert error.message == f"{api.name}: time limit reached"
    assert api.fake.requests == []


def test_a_refused_connection_is_a_network_error_without_credentials(api: Api) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://someone:hunter2hunter2@127.0.0.1:{port}" + api.base.removeprefix(
        api.fake.url)
    error = api.error(lambda: api.provider(base_url=url).complete(
        "s", "p", time.monotonic() + 20))
    assert error.kind == "network"
    assert f"cannot reach http://127.0.0.1:{port}:" in error.message
    assert "hunter2" not in error.one_line()


# --- through gitmemory memorize -----------------------------------------------------------

AWS_KEY = "AKIA" + "Q3EGRBXW7TZ5KJ4P"  # assembled so no scanner takes this file for a leak
GITHUB = "ghp_" + "r8Kf2LmQ9xTz4VbN7wYc1HsJ6dPq3UeA0gXo"


@pytest.mark.slow
def test_memorize_sends_only_redacted_text_and_logs_the_usage(
        api: Api, repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITMEMORY_PROVIDER", api.name)
    monkeypatch.setenv("GITMEMORY_MODEL", "test-model")
    set_up(repo)
    commit_file(repo, "settings.py", f'AWS_ACCESS_KEY_ID = "{AWS_KEY}"\n',
                f"feat(config): read the staging bucket\n\nThe deploy bot uses {GITHUB}.")
    api.fake.text(GOOD, input_tokens=777, output_tokens=55)
    done = gitmemory(repo, "memorize")
    assert "main: success" in done.stdout, done.stdout + done.stderr
    (sent,) = api.fake.requests
    for secret in (AWS_KEY, GITHUB, api.key):
        assert secret not in sent.text
    assert "[REDACTED:" in api.prompt(sent)
    log = (repo / ".git" / "gitmemory" / state.USAGE.name).read_text().splitlines()
    (entry,) = [json.loads(line) for line in log]
    assert (entry["provider"], entry["model"], entry["input_tokens"],
            entry["output_tokens"]) == (api.name, api.served, 777, 55)
