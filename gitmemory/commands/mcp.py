"""``gitmemory mcp``: serve branch memory to agents over stdio (the ``mcp`` extra)."""

from __future__ import annotations

from gitmemory.errors import GitmemoryError
from gitmemory.repo import Repo
from gitmemory.setup.mcp_config import install_extra


def run() -> int:
    try:
        import mcp  # noqa: F401 - the optional extra
    except ImportError:
        raise GitmemoryError("the MCP server needs the mcp extra", hint=install_extra()) from None
    from gitmemory.recall import server

    repo = Repo.open()
    server.serve(server.build(server.Library(repo.toplevel, repo.info.state_dir)))
    return 0
