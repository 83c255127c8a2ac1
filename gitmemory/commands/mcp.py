"""``gitmemory mcp``: serve branch memory to agents over stdio (the ``mcp`` extra)."""

from __future__ import annotations

from gitmemory.errors import GitmemoryError
from gitmemory.repo import Repo

INSTALL = "pip install 'gitmemory[mcp]'"


def run() -> int:
    try:
        import mcp  # noqa: F401 - the optional extra
    except ImportError:
        raise GitmemoryError("the MCP server needs the mcp extra", hint=INSTALL) from None
    from gitmemory.recall import server

    repo = Repo.open()
    server.serve(server.build(server.Library(repo.toplevel, repo.info.state_dir)))
    return 0
