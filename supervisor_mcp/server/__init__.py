"""The MCP edge: the only package that imports mcp. `app` builds the server, `stdio` and `access`
carry it over the transports with the protection each one needs."""

from supervisor_mcp.server.app import build_server

__all__ = ["build_server"]
