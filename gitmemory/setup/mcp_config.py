"""Registering ``gitmemory mcp`` for Claude Code in the project's ``.mcp.json``."""

from __future__ import annotations

import json
import shlex
import sys
from importlib import metadata
from urllib.parse import unquote, urlparse

from gitmemory.setup import json_file

MCP_FILE = ".mcp.json"
NAME = "gitmemory"
SERVER: dict[str, object] = {"type": "stdio", "command": "gitmemory", "args": ["mcp"]}


def register(top: str) -> str:
    """Add the server to ``.mcp.json`` (created when absent, merged into when present);
    an entry of that name that someone changed is left as it is."""
    def change(data: dict[str, object]) -> str | None:
        servers = json_file.member(data, "mcpServers", dict, MCP_FILE)
        assert isinstance(servers, dict)
        if NAME in servers:
            return None
        servers[NAME] = dict(SERVER)
        return f"registered the {NAME} MCP server for Claude Code (needs {install_extra()})"
    return json_file.update_json(top, MCP_FILE, change)


def install_extra() -> str:
    """The command that adds the ``mcp`` extra where gitmemory runs: the pip of its own
    Python, from the checkout it was installed from (gitmemory is not on PyPI, and
    another pip installs into another environment)."""
    return f"{shlex.quote(sys.executable)} -m pip install " \
        f"{shlex.quote(_installed_from() + '[mcp]')}"


def _installed_from() -> str:
    """The directory pip installed gitmemory from (its ``direct_url.json``)."""
    try:
        found = json.loads(metadata.distribution("gitmemory").read_text("direct_url.json")
                           or "{}")
    except (metadata.PackageNotFoundError, ValueError):
        found = {}
    url = urlparse(str(found.get("url", "")))
    return unquote(url.path) if url.scheme == "file" and url.path else "/path/to/gitmemory"
