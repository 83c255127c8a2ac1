"""Which provider ``provider = ...`` stands for, and the reason given for it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gitmemory import config
from gitmemory.errors import ConfigError
from gitmemory.providers import resolve
from gitmemory.providers.anthropic_provider import AnthropicProvider
from gitmemory.providers.claude_cli import ClaudeCliProvider
from testing.fake_claude import FakeClaude

HAVE_OFFLINE = importlib.util.find_spec("gitmemory.providers.offline") is not None


@pytest.fixture
def bare_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No API key and a PATH with git but no claude; returns a directory for fakes."""
    for name in [n for n in os.environ if n.startswith("ANTHROPIC_")]:
        monkeypatch.delenv(name)
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    return tmp_path


def _cfg(model: str | None = None) -> config.Config:
    cfg = config.defaults()
    if model is not None:
        cfg.model = model
        cfg.sources["model"] = "git config gitmemory.model"
    return cfg


def _with_claude(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeClaude:
    fake = FakeClaude(tmp_path / "fake")
    monkeypatch.setenv("PATH", f"{fake.bin_dir}{os.pathsep}{os.environ['PATH']}")
    return fake


def test_auto_prefers_the_api_key(bare_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _with_claude(bare_env, monkeypatch)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-resolve")
    provider, reason = resolve("auto", _cfg())
    assert isinstance(provider, AnthropicProvider)
    assert provider.model == "claude-haiku-5-5"
    assert reason == "auto: ANTHROPIC_API_KEY is set"
    assert "sk-ant-test-resolve" not in reason


def test_auto_ignores_a_blank_key(bare_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _with_claude(bare_env, monkeypatch)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "  ")
    provider, reason = resolve("auto", _cfg())
    assert isinstance(provider, ClaudeCliProvider)
    assert reason == f"auto: claude found at {fake.path}"


def test_auto_without_a_key_takes_claude_on_path(
        bare_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _with_claude(bare_env, monkeypatch)
    provider, reason = resolve("auto", _cfg())
    assert isinstance(provider, ClaudeCliProvider)
    assert provider.model == "haiku"  # the CLI's alias while the model is left at its default
    assert reason == f"auto: claude found at {fake.path}"


def test_claude_cli_gets_a_model_someone_chose(
        bare_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _with_claude(bare_env, monkeypatch)
    provider, _ = resolve("auto", _cfg(model="sonnet"))
    assert isinstance(provider, ClaudeCliProvider)
    assert provider.model == "sonnet"


@pytest.mark.skipif(not HAVE_OFFLINE, reason="gitmemory.providers.offline is not merged yet")
def test_auto_with_nothing_available_is_offline(bare_env: Path) -> None:
    provider, reason = resolve("auto", _cfg())
    assert type(provider).__name__ == "OfflineProvider"
    assert reason == "auto: no API key and no claude CLI, using offline"


def test_configured_anthropic_without_key_says_so(bare_env: Path) -> None:
    provider, reason = resolve("anthropic", _cfg(model="claude-custom"))
    assert isinstance(provider, AnthropicProvider)
    assert provider.model == "claude-custom"
    assert reason == "configured: provider = anthropic (but ANTHROPIC_API_KEY is not set)"


def test_configured_claude_cli_without_claude_says_so(bare_env: Path) -> None:
    provider, reason = resolve("claude-cli", _cfg())
    assert isinstance(provider, ClaudeCliProvider)
    assert reason == "configured: provider = claude-cli (but claude is not on PATH)"


def test_configured_claude_cli_names_where_it_is(
        bare_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _with_claude(bare_env, monkeypatch)
    _, reason = resolve("claude-cli", _cfg())
    assert reason == f"configured: provider = claude-cli (claude at {fake.path})"


def test_unknown_provider_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown provider 'gpt'"):
        resolve("gpt", _cfg())


def test_resolve_does_not_import_the_sdk() -> None:
    code = ("import sys; from gitmemory import config; from gitmemory.providers import resolve;"
            "resolve('anthropic', config.defaults()); print('anthropic' in sys.modules)")
    env = {**os.environ, "PATH": os.defpath}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True).stdout
    assert out.strip() == "False"


def test_resolving_openai_sends_nothing_and_loads_no_http_client() -> None:
    """``status`` resolves the provider: urllib's HTTP stack loads only when a prompt is sent."""
    code = ("import sys; from gitmemory import config; from gitmemory.providers import resolve;"
            "cfg = config.defaults(); cfg.model, cfg.sources['model'] = 'm', 'GITMEMORY_MODEL';"
            "print(resolve('openai', cfg)[1]);"
            "print(sorted(m for m in ('urllib.request', 'http.client') if m in sys.modules))")
    env = {**os.environ, "PATH": os.defpath, "OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True).stdout.splitlines()
    assert out == ["configured: provider = openai (m, sends to this machine: http://127.0.0.1:9)",
                   "[]"]
