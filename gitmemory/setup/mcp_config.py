"""Registering ``gitmemory mcp`` for Claude Code in the project's ``.mcp.json``."""

from __future__ import annotations

from gitmemory.setup import json_file

MCP_FILE = ".mcp.json"
NAME = "gitmemory"
SERVER: dict[str, object] = {"type": "stdio", "command": "gitmemory", "args": ["mcp"]}


def register(top: str) -> str:
    """Add the server to ``.mcp.json`` (created when absent, merged into when present);
    an entry of that name that someone changed is left as it is."""
    def change(data: dict[str, object]) -> str | None:
        servers = json_file.entry(data, "mcpServers", dict, MCP_FILE)
        assert isinstance(servers, dict)
        if NAME in servers:
            return None
        servers[NAME] = dict(SERVER)
        return (f"registered the {NAME} MCP server for Claude Code (needs "
                "pip install 'gitmemory[mcp]')")
    return json_file.merge(top, MCP_FILE, change)
