"""What ``serve-mcp`` builds only when a client first needs it.

``initialize`` needs neither the engine nor the verb table, and importing them (the DAP types,
the verbs' pydantic models) is most of the server's start-up. :class:`DeferredDispatcher`
creates the dispatcher on first use, and :class:`DeferredTools` builds the tools on the first
``tools/list`` or ``tools/call``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver.tools import Tool, ToolManager

__all__ = ["DeferredDispatcher", "DeferredTools", "created"]


class DeferredDispatcher:
    """Stands for the dispatcher ``factory()`` returns, created on the first attribute read;
    ``on_create`` callbacks get it then (at once when it exists already)."""

    def __init__(self, factory: Callable[[], Any]) -> None:
        self._factory = factory
        self._real: Any = None
        self._on_create: list[Callable[[Any], None]] = []

    def real(self) -> Any:
        """The dispatcher, created now if need be."""
        if self._real is None:
            self._real = self._factory()
            for callback in self._on_create:
                callback(self._real)
        return self._real

    def on_create(self, callback: Callable[[Any], None]) -> None:
        if self._real is not None:
            callback(self._real)
        else:
            self._on_create.append(callback)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)


def created(dispatcher: Any) -> bool:
    """False for a :class:`DeferredDispatcher` nothing has used yet (no session to end)."""
    return not isinstance(dispatcher, DeferredDispatcher) or dispatcher._real is not None


class DeferredTools(ToolManager):
    """The server's tools, built by ``build()`` when first asked for."""

    def __init__(self, build: Callable[[], list[Tool]]) -> None:
        super().__init__(warn_on_duplicate_tools=False)
        self._build: Callable[[], list[Tool]] | None = build

    def _ready(self) -> None:
        if self._build is not None:
            build, self._build = self._build, None
            for tool in build():
                self._tools[tool.name] = tool

    def get_tool(self, name: str) -> Tool | None:
        self._ready()
        return super().get_tool(name)

    def list_tools(self) -> list[Tool]:
        self._ready()
        return super().list_tools()

    def add_tool(self, *args: Any, **kwargs: Any) -> Tool:
        self._ready()
        return super().add_tool(*args, **kwargs)

    def remove_tool(self, name: str) -> None:
        self._ready()
        super().remove_tool(name)

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any, convert_result: bool = False) -> Any:
        """The tool ``name`` run; an unknown name is refused with the closest names (the SDK said
        only "Unknown tool: lauch")."""
        if self.get_tool(name) is None:
            import difflib

            from mcp.server.mcpserver.exceptions import ToolError

            close = difflib.get_close_matches(name, list(self._tools), n=3, cutoff=0.6) if len(name) <= 100 else []
            shown = name if len(name) <= 60 else name[:60] + "…"
            hint = (f"did you mean {', '.join(close)}?" if close
                    else "tools/list lists the tools; `more` runs the others")
            raise ToolError(f"unknown tool {shown!r}; {hint}")
        return await super().call_tool(name, arguments, context, convert_result=convert_result)
