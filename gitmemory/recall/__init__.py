"""Memory on demand: search over every branch's memory, memory diffs, the MCP server."""
