"""``dapcli serve-mcp``: the verb table as MCP tools, resources and prompts for agents.

Importing this package is cheap: the ``mcp`` SDK and the verb table load only when
:func:`dapcli.frontends.mcp.server.build_server` or :func:`~dapcli.frontends.mcp.server.main`
runs.
"""

__all__: list[str] = []
