"""Every provider in one registry, and the choice between them (docs/design.md, "Providers").

A provider is one entry of :data:`REGISTRY`: its name, how to build it from
the settings, and whether ``provider = "auto"`` may pick it now.  The CLI's
``--provider`` choices, the config check and ``auto``'s order all come from
here, so a new provider is one module and one entry.

Nothing heavy is imported here: the ``anthropic`` SDK loads only when the
anthropic provider sends its first prompt (the openai provider's ``urllib``
likewise), so :func:`resolve` is cheap enough for ``gitmemory status``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from gitmemory.errors import ConfigError

if TYPE_CHECKING:
    from gitmemory.providers.base import Provider

AUTO = "auto"
CLAUDE_COMMAND = "claude"


class Settings(Protocol):
    """The part of :class:`gitmemory.config.Config` the providers read."""

    model: str
    sources: dict[str, str]


@dataclass(frozen=True)
class Registered:
    """One provider: ``make`` builds it; ``ready`` says why ``auto`` may pick it now, or
    returns None when it cannot run here (or ``auto`` never picks it); ``detail`` is what
    ``status`` adds when the provider is named outright (where it runs, or what it lacks)."""

    name: str
    make: Callable[[Settings], Provider]
    ready: Callable[[], str | None]
    detail: Callable[[Settings], str]


def _anthropic(cfg: Settings) -> Provider:
    from gitmemory.providers.anthropic_provider import AnthropicProvider

    return AnthropicProvider(model=cfg.model)


def _api_key_ready() -> str | None:
    return "ANTHROPIC_API_KEY is set" if os.environ.get("ANTHROPIC_API_KEY", "").strip() \
        else None


def _api_key_detail(cfg: Settings) -> str:
    return "" if _api_key_ready() else " (but ANTHROPIC_API_KEY is not set)"


def _chosen_model(cfg: Settings) -> str:
    """The ``model`` setting when someone set it to something else than its default, else
    "": the default is an Anthropic API model id, and ``gitmemory init`` writes it into
    config.toml with every other default."""
    from gitmemory.config import KEYS

    unset = cfg.sources.get("model", "default") == "default" or cfg.model == KEYS["model"][1]
    return "" if unset else cfg.model


def _claude_cli(cfg: Settings) -> Provider:
    """The CLI gets the configured model only when someone set one: the default
    model id is an API name, and the CLI's own ``haiku`` alias follows its releases."""
    from gitmemory.providers.claude_cli import DEFAULT_MODEL, ClaudeCliProvider

    return ClaudeCliProvider(model=_chosen_model(cfg) or DEFAULT_MODEL)


def _claude_ready() -> str | None:
    path = shutil.which(CLAUDE_COMMAND)
    return f"claude found at {path}" if path else None


def _claude_detail(cfg: Settings) -> str:
    path = shutil.which(CLAUDE_COMMAND)
    return f" (claude at {path})" if path else " (but claude is not on PATH)"


def _openai(cfg: Settings) -> Provider:
    """Any OpenAI-compatible server; the model must be set (no default fits every server)."""
    from gitmemory.providers.openai_provider import OpenAIProvider

    return OpenAIProvider(model=_chosen_model(cfg))


def _openai_detail(cfg: Settings) -> str:
    from gitmemory.providers.openai_provider import status_detail

    return status_detail(_chosen_model(cfg))


def _offline(cfg: Settings) -> Provider:
    from gitmemory.providers.offline import OfflineProvider

    return OfflineProvider()


REGISTRY: tuple[Registered, ...] = (  # auto tries them in this order
    Registered("anthropic", _anthropic, _api_key_ready, _api_key_detail),
    Registered("claude-cli", _claude_cli, _claude_ready, _claude_detail),
    # only when named: what a configured server costs, or where it is, auto cannot know
    Registered("openai", _openai, lambda: None, _openai_detail),
    Registered("offline", _offline, lambda: "no API key and no claude CLI, using offline",
               lambda cfg: ""),
)
NAMES: tuple[str, ...] = (AUTO, *(entry.name for entry in REGISTRY))


def entry(name: str) -> Registered:
    for candidate in REGISTRY:
        if candidate.name == name:
            return candidate
    raise KeyError(name)


def check(name: str, where: str = "the provider setting") -> str:
    """``name`` when it names a provider; a :class:`ConfigError` naming ``where`` if not."""
    if name not in NAMES:
        raise ConfigError(f"unknown provider {name!r} in {where}",
                          hint="use one of " + ", ".join(NAMES))
    return name


def resolve(name: str, cfg: Settings) -> tuple[Provider, str]:
    """The provider ``name`` stands for, and one line saying why it was chosen."""
    check(name, cfg.sources.get("provider", "the provider setting"))
    if name == AUTO:
        for candidate in REGISTRY:
            why = candidate.ready()
            if why is not None:
                return candidate.make(cfg), f"auto: {why}"
        raise AssertionError("the offline provider is always ready")
    chosen = entry(name)
    return chosen.make(cfg), f"{_chosen_by(cfg)}{name}{chosen.detail(cfg)}"


def _chosen_by(cfg: Settings) -> str:
    """How the provider was named: by --provider, or by a setting."""
    source = cfg.sources.get("provider", "default")
    return "--provider " if source == "command line" else "configured: provider = "


def for_repo(name: str, cfg: Settings, state_dir: str) -> tuple[Provider, str]:
    """:func:`resolve`, with every call the provider makes recorded in the usage log."""
    from gitmemory.providers.base import LLMProvider
    from gitmemory.providers.usage import recorder

    provider, reason = resolve(name, cfg)
    if isinstance(provider, LLMProvider):
        provider.on_usage = recorder(state_dir, provider.name)
    return provider, reason
