"""``serve-mcp --transport streamable-http``: the SDK's Starlette app, with each POSTed body
checked by the same code as a stdio line (:func:`.wire_errors.refusal`).

The SDK answers a body that is JSON but not a JSON-RPC message with ``-32602`` (invalid params)
and a multi-line pydantic dump, and a request whose ``id`` is not an id (``[1]``, ``true``)
with ``202 Accepted`` and no answer at all: it reads as a notification. Here such a body gets
``400`` and a one-line JSON-RPC error (``-32700`` not JSON, ``-32600`` not one message object,
with the id when it can be read) before the SDK sees it, after the bearer-token check and the
SDK's body-size limit.
"""

from __future__ import annotations

from typing import Any

__all__ = ["checked_app", "serve_http"]

Scope = dict[str, Any]


class _CheckedPosts:
    """ASGI app: a POST whose body is not one JSON-RPC message is answered here (400 + the
    JSON-RPC error); every other request goes on to ``app`` with its body replayed."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        body, more = bytearray(), True
        while more:  # the SDK's RequestBodyLimitMiddleware outside this one bounds the body
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), send)
                return
            body.extend(message.get("body", b""))
            more = bool(message.get("more_body", False))
        from dapcli.frontends.mcp.wire_errors import refusal

        answer = refusal(bytes(body).decode("utf-8", errors="replace"))
        if answer is None:
            replayed = {"type": "http.request", "body": bytes(body), "more_body": False}
            await self.app(scope, _replay([replayed], receive), send)
            return
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(answer)).encode())]})
        await send({"type": "http.response.body", "body": answer})


def _replay(messages: list[Any], receive: Any) -> Any:
    async def replay() -> Any:
        return messages.pop(0) if messages else await receive()

    return replay


def checked_app(app: Any, path: str = "/mcp") -> Any:
    """``app`` (the SDK's Starlette app) with the MCP endpoint's POST bodies checked: the check
    sits inside the auth wrapper (a stranger still gets 401 first) and inside a body-size limit."""
    from mcp.server.transport_security import DEFAULT_MAX_REQUEST_BODY_SIZE, RequestBodyLimitMiddleware

    for route in app.routes:
        if getattr(route, "path", None) != path:
            continue
        holder = route.app if hasattr(route.app, "required_scopes") else route  # RequireAuthMiddleware
        holder.app = RequestBodyLimitMiddleware(_CheckedPosts(holder.app), DEFAULT_MAX_REQUEST_BODY_SIZE)
        return app
    raise RuntimeError(f"the MCP app has no route {path}")  # an SDK change: fail loudly at start


async def serve_http(server: Any, host: str, port: int) -> None:
    """``server.run_streamable_http_async(host=…, port=…)`` with :func:`checked_app`."""
    import uvicorn

    app = checked_app(server.streamable_http_app(host=host))
    config = uvicorn.Config(app, host=host, port=port, log_level=server.settings.log_level.lower())
    await uvicorn.Server(config).serve()
