"""LLM providers behind one small protocol (SPEC §6), and the choice between them.

Nothing heavy is imported here: the ``anthropic`` SDK loads only when the
anthropic provider sends its first prompt, so ``resolve`` is cheap enough for
``gitmemory status``.
"""

from __future__ import annotations

import os
import shutil
from typing import TYPE_CHECKING, Protocol

from gitmemory.errors import ConfigError

if TYPE_CHECKING:
    from gitmemory.providers.base import Provider

NAMES = ("auto", "anthropic", "claude-cli", "offline")
CLAUDE_COMMAND = "claude"


class _Settings(Protocol):
    """The part of :class:`gitmemory.config.Config` the providers read."""

    model: str
    sources: dict[str, str]


def resolve(name: str, cfg: _Settings) -> tuple[Provider, str]:
    """The provider ``name`` stands for, and one line saying why it was chosen."""
    if name not in NAMES:
        raise ConfigError(f"unknown provider {name!r}", hint="use one of " + ", ".join(NAMES))
    if name == "auto":
        return _auto(cfg)
    if name == "anthropic":
        note = "" if _api_key_set() else " (but ANTHROPIC_API_KEY is not set)"
        return _anthropic(cfg), f"{_chosen_by(cfg)}anthropic{note}"
    if name == "claude-cli":
        path = shutil.which(CLAUDE_COMMAND)
        note = f" (claude at {path})" if path else " (but claude is not on PATH)"
        return _claude_cli(cfg), f"{_chosen_by(cfg)}claude-cli{note}"
    return _offline(), f"{_chosen_by(cfg)}offline"


def _chosen_by(cfg: _Settings) -> str:
    """How the provider was named: by --provider, or by a setting."""
    source = cfg.sources.get("provider", "default")
    return "--provider " if source == "command line" else "configured: provider = "


def _auto(cfg: _Settings) -> tuple[Provider, str]:
    if _api_key_set():
        return _anthropic(cfg), "auto: ANTHROPIC_API_KEY is set"
    path = shutil.which(CLAUDE_COMMAND)
    if path:
        return _claude_cli(cfg), f"auto: claude found at {path}"
    return _offline(), "auto: no API key and no claude CLI, using offline"


def _api_key_set() -> bool:
    return bool(os.environ.get("ANTHROPIC_API_KEY", "").strip())


def _anthropic(cfg: _Settings) -> Provider:
    from gitmemory.providers.anthropic_provider import AnthropicProvider

    return AnthropicProvider(model=cfg.model)


def _claude_cli(cfg: _Settings) -> Provider:
    """The CLI gets the configured model only when someone set one: the default
    model id is an API name, and the CLI's own ``haiku`` alias follows its releases."""
    from gitmemory.providers.claude_cli import DEFAULT_MODEL, ClaudeCliProvider

    chosen = cfg.sources.get("model", "default") != "default"
    return ClaudeCliProvider(model=cfg.model if chosen else DEFAULT_MODEL)


def _offline() -> Provider:
    import importlib

    offline = importlib.import_module("gitmemory.providers.offline")
    provider: Provider = offline.OfflineProvider()
    return provider


def for_repo(name: str, cfg: _Settings, state_dir: str) -> tuple[Provider, str]:
    """:func:`resolve`, with every call the provider makes recorded in the usage log."""
    from gitmemory.providers.base import LLMProvider
    from gitmemory.providers.usage import recorder

    provider, reason = resolve(name, cfg)
    if isinstance(provider, LLMProvider):
        provider.on_usage = recorder(state_dir, provider.name)
    return provider, reason
