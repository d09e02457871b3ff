"""``dapcli serve-mcp``: an MCP server with one tool per verb, session resources and
guided prompts (official ``mcp`` SDK 2.x, ``MCPServer``).

Sessions this server launched end when the client disconnects (stdin EOF) or on SIGTERM/SIGINT:
no adapter or debuggee outlives the server. Importing this module is cheap; the SDK and the
verb table load in :func:`build_server`.

Run it with ``python -m dapcli.frontends.mcp.server [--transport streamable-http --port N]``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from mcp.server.mcpserver import MCPServer

    from dapcli.frontends.mcp.prelude import Prelude
    from dapcli.frontends.mcp.tools import Dispatcher

__all__ = ["build_server", "end_sessions", "main"]

TRANSPORTS = ("stdio", "streamable-http")
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: Longest wait for the sessions to end at shutdown (each teardown is bounded by itself too).
SHUTDOWN_TIMEOUT = 15.0
#: After a signal and the sessions' end, how long the server may take to stop serving.
EXIT_GRACE = 3.0

INSTRUCTIONS = """\
dapcli drives real debuggers (debugpy for Python, and others) over the Debug Adapter Protocol.
Start with `launch` (program + breakpoints ["FILE:LINE"], or objects {path, line, condition,
hitCondition, logMessage} / {function} / {path, statement, nearLine}; `expect` guards a line's text;
adapter options in adapterConfig; module for python -m)
in one call: it returns the first stop with location, source, frames, locals and output. A program
that reads stdin: launch with terminal=true and type to it with `input`. Then `evaluate` expressions, step with `next`,
`stepIn`, `stepOut`, `continue`. For a failing test, `debugTest` (selectors: pytest node ids, a Go
package and test names, or a test binary) stops at the failure in one call (test id, message, locals);
it takes breakpoints as `launch` does, and untilFail N runs a flaky test again until it fails.
Execution tools block until the next stop; a timeout returns
status "running" (call `wait`); with a progressToken they send progress every few seconds.
After editing code, `restart`: breakpoints follow their statements (warnings say where).
`pause` works while `continue` blocks. End with `stop`.
Values that look secret (names like password/token/api_key, shapes like ghp_…, sk-…, JWTs, keys,
URL passwords) are shown as <redacted: …> and counted in `redacted`; the user sees them in dapcli's
CLI or REPL (serve-mcp --show-secrets shows them here).
Less common verbs (watches, watchpoints, exception filters, registers, memory, disassembly,
reverse steps, raw DAP requests…) run through the `more` tool: {"verb": NAME, "arguments": {...}}."""


def build_server(dispatcher: Dispatcher | None = None, *, end_sessions_on_close: bool = True,
                 token: str | None = None, host: str = "127.0.0.1", port: int = 8765,
                 on_close: Callable[[], None] | None = None,
                 output_schemas: bool = False, redact: bool = True) -> MCPServer:
    """An MCPServer exposing every verb of ``dispatcher`` (default: a new LocalDispatcher).

    ``end_sessions_on_close``: when the connection (stdio, in-memory) ends, end every session
    in ``dispatcher.manager`` (the sessions this process owns). ``token``: HTTP requests must
    carry ``Authorization: Bearer TOKEN`` (served on ``host``:``port``; see :mod:`.auth`).
    ``on_close`` runs when the server's lifespan ends (uvicorn then re-raises SIGTERM at once).
    ``output_schemas``: declare each tool's result schema in tools/list (off: the listing stays small).
    ``redact``: values that look secret are redacted in every tool result and resource (the
    policy of ``serve-mcp``; ``--show-secrets`` turns it off; see :mod:`dapcli.dispatch.redacting`).
    """
    from mcp.server.mcpserver import MCPServer
    from mcp.server.subscriptions import InMemorySubscriptionBus

    from dapcli import __version__
    from dapcli.dispatch.redacting import RedactingDispatcher
    from dapcli.frontends.mcp.lazy import DeferredDispatcher, DeferredTools, created
    from dapcli.frontends.mcp.prompts import add_prompts
    from dapcli.frontends.mcp.resources import Notifier, add_resources

    if dispatcher is None:
        def local() -> Any:
            from dapcli.dispatch.local import LocalDispatcher

            return LocalDispatcher()

        dispatcher = DeferredDispatcher(local)
    bus = InMemorySubscriptionBus()
    notifier = Notifier(bus, dispatcher)
    target: Any = dispatcher
    shown: Any = RedactingDispatcher(dispatcher) if redact else dispatcher  # what tools and resources call

    def tools() -> list[Any]:
        """Every verb's tool, built on the first tools/list or tools/call (the verb table's
        models are most of the start-up otherwise)."""
        from dapcli.frontends.mcp.tools import ToolCaller, verb_tools
        from dapcli.verbs import VERBS

        caller = ToolCaller(shown, after_call=notifier.after_call, compact=not output_schemas)
        return verb_tools(VERBS.values(), caller, output_schemas=output_schemas)

    @contextlib.asynccontextmanager
    async def lifespan(_: Any) -> AsyncIterator[dict[str, Any]]:
        listening: list[Any] = []

        def listen(real: Any) -> None:
            listeners = getattr(real.manager, "on_change", None)
            if listeners is not None:
                listeners.append(notifier.on_session_event)
                listening.append(listeners)

        if isinstance(target, DeferredDispatcher):
            target.on_create(listen)
        else:
            listen(target)
        try:
            yield {}
        finally:
            for listeners in listening:
                with contextlib.suppress(ValueError):
                    listeners.remove(notifier.on_session_event)
            if on_close is not None:
                on_close()
            if end_sessions_on_close and created(target):
                await end_sessions(target)

    auth: dict[str, Any] = {}
    if token is not None:
        from dapcli.frontends.mcp.auth import StaticTokenVerifier, auth_settings

        auth = {"token_verifier": StaticTokenVerifier(token), "auth": auth_settings(host, port)}
    server: MCPServer = MCPServer(
        "dapcli", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING",
        lifespan=lifespan, subscriptions=bus, **auth,
    )
    server._tool_manager = DeferredTools(tools)
    every_tool = server.list_tools

    async def list_tools() -> list[Any]:
        """tools/list shows the common verbs and ``more``; every verb is still callable by name."""
        from dapcli.frontends.mcp.tools import listed

        return listed(await every_tool())

    server.list_tools = list_tools  # type: ignore[method-assign]
    add_resources(server, shown)
    add_prompts(server)
    return server


async def end_sessions(dispatcher: Dispatcher, timeout: float = SHUTDOWN_TIMEOUT) -> None:
    """End every session the dispatcher's manager owns (launched: terminate the debuggee;
    attached: detach), concurrently, shielded from cancellation, bounded by ``timeout``."""
    import asyncio

    import anyio

    from dapcli.frontends.mcp.lazy import created

    if not created(dispatcher):  # never used: no session to end
        return
    manager = dispatcher.manager
    sessions = list(manager.sessions.values())
    if not sessions:
        return
    with anyio.CancelScope(shield=True), anyio.move_on_after(timeout):
        await asyncio.gather(
            *(s.shutdown(terminate_debuggee=getattr(s, "request_kind", "launch") != "attach") for s in sessions),
            return_exceptions=True,
        )
    for session in sessions:
        if manager.sessions.get(session.name) is session:
            manager.remove(session.name)
    close = getattr(dispatcher, "close", None)
    if close is not None:
        with anyio.CancelScope(shield=True), anyio.move_on_after(timeout):
            await close()


def port_error(port: int | str) -> str | None:
    """The two lines (error, hint) refusing ``port`` (a number, or the text given), or None when
    it is a TCP port (1-65535). A long number is not echoed whole."""
    text = str(port) if isinstance(port, str) or -10**12 < port < 10**12 else "(a huge number)"
    if isinstance(port, str):
        number = int(port) if port.isascii() and port.isdigit() and len(port) <= 6 else None
    else:
        number = port if not isinstance(port, bool) else None
    if number is not None and 1 <= number <= 65535:
        return None
    shown = text if len(text) <= 12 else f"{text[:12]}… ({len(text)} digits)"
    return f"error: --port {shown}: a TCP port is a number from 1 to 65535\nhint: e.g. --port 8765"


def main(transport: str = "stdio", port: int = 8765, host: str = "127.0.0.1", token_file: str | None = None,
         no_auth: bool = False, output_schemas: bool = False, allow_remote_listen: bool = False,
         show_secrets: bool = False) -> int:
    """Serve MCP on ``transport`` (``stdio``, or ``streamable-http`` on ``host``:``port``: loopback
    only unless ``allow_remote_listen``, with a warning) until the client disconnects (0) or
    SIGTERM/SIGINT (128 + the signal). Returns the exit code.

    HTTP requires a bearer token: the one in ``token_file``, else a new one, printed once on
    stderr and written 0600 to the runtime directory; ``no_auth`` serves without (with a warning).
    Values that look secret are redacted unless ``show_secrets``.
    """
    if transport not in TRANSPORTS:
        print(f"dapcli serve-mcp: unknown transport {transport!r} (use {' or '.join(TRANSPORTS)})", file=sys.stderr)
        return 2
    problem = port_error(port)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if host not in LOOPBACK and not allow_remote_listen:
        print(f"error: refusing to listen on {host}: serve-mcp listens on loopback only (127.0.0.1)\n"
              "hint: use an SSH tunnel or `kubectl port-forward`; --allow-remote-listen overrides this",
              file=sys.stderr)
        return 2
    if host not in LOOPBACK:
        print(f"warning: serving MCP on {host}:{port}: other machines can reach it"
              + (" and, without a token, run programs as you" if no_auth else ""), file=sys.stderr)
    from dapcli.frontends.mcp.prelude import start

    prelude = start(transport, output_schemas, show_secrets)  # answers initialize, tools/list meanwhile
    from dapcli.engine.prewarm import skip_pydantic_plugins

    skip_pydantic_plugins()  # before the SDK builds its first validator
    import anyio

    from dapcli.dispatch.consent import confirm_project
    from dapcli.errors import DapcliError
    from dapcli.frontends.mcp.lazy import DeferredDispatcher

    token, written = None, None
    try:
        confirm_project(ask=False)  # announce a project's adapter commands (refused unless trusted)
    except DapcliError as exc:  # an invalid project file: launches report it
        print(f"dapcli serve-mcp: warning: {exc.message}", file=sys.stderr)
    listener = None
    if transport != "stdio":
        from dapcli.frontends.mcp.http import bind

        listener = bind(host, port)  # before anything is printed: a port in use is one line
        if isinstance(listener, str):
            print(listener, file=sys.stderr)
            return 4
        try:
            token, written = _http_token(port, token_file, no_auth)
        except DapcliError as exc:
            print(f"dapcli serve-mcp: {exc.message}" + (f"\nhint: {exc.hint}" if exc.hint else ""), file=sys.stderr)
            return exc.exit_code
    # sessions launched here are served on sockets too, so a human (REPL, one-shot CLI) can join
    # them; and tools reach sessions that a human started
    def routing() -> Any:
        from dapcli.dispatch.router import RoutingDispatcher

        return RoutingDispatcher(publish=True)

    dispatcher: Any = DeferredDispatcher(routing)  # created on the first call: initialize needs none
    server = build_server(dispatcher, token=token, host=host, port=port,
                          on_close=lambda: remove_token_file(written), output_schemas=output_schemas,
                          redact=not show_secrets)
    received: list[int] = []
    try:
        with contextlib.suppress(KeyboardInterrupt):
            anyio.run(_serve, server, dispatcher, transport, host, port, received, listener, prelude)
    finally:
        remove_token_file(written)
    return 128 + received[0] if received else 0


def remove_token_file(path: str | None) -> None:
    """:func:`dapcli.frontends.mcp.auth.remove_token_file` (imported only when there is a file)."""
    if path is not None:
        from dapcli.frontends.mcp.auth import remove_token_file as remove

        remove(path)


def _http_token(port: int, token_file: str | None, no_auth: bool) -> tuple[str | None, str | None]:
    """(the token, the file written for it or None); announce it on stderr once."""
    from dapcli.frontends.mcp.auth import load_token, new_token, write_token_file

    if no_auth:
        print("dapcli serve-mcp: WARNING: --no-auth: ANY local user who can reach port "
              f"{port} can run code as you through this server", file=sys.stderr)
        return None, None
    if token_file:
        token = load_token(token_file)
        print(f"dapcli serve-mcp: clients must send `Authorization: Bearer <the token in {token_file}>`",
              file=sys.stderr)
        return token, None
    token = new_token()
    path = write_token_file(port, token)
    print(f"dapcli serve-mcp: bearer token (also in {path}, mode 0600): {token}\n"
          "dapcli serve-mcp: clients must send `Authorization: Bearer TOKEN`", file=sys.stderr)
    return token, path


async def _serve(server: MCPServer, dispatcher: Dispatcher, transport: str, host: str, port: int,
                 received: list[int], listener: Any = None, prelude: Prelude | None = None) -> None:
    import anyio

    if transport != "stdio":  # uvicorn handles the signals; the lifespan's end ends the sessions
        from dapcli.frontends.mcp.http import serve_http

        await serve_http(server, host, port, listener)
        await end_sessions(dispatcher)
        return
    async with anyio.create_task_group() as group:
        group.start_soon(_end_on_signal, dispatcher, group.cancel_scope, received)
        await _run_stdio(server, prelude.finish() if prelude is not None else [])
        group.cancel_scope.cancel()
    await end_sessions(dispatcher)


async def _run_stdio(server: MCPServer, first: list[bytes] | None = None) -> None:
    """``server.run_stdio_async()`` with stdio on the event loop (see :mod:`.stdio`); ``first``:
    the lines a :class:`~.prelude.Prelude` read, which the SDK reads before the rest."""
    if sys.platform == "win32":  # no asyncio pipe transports for the console there
        await server.run_stdio_async()
        return
    from dapcli.frontends.mcp.stdio import fast_stdio_server

    lowlevel = server._lowlevel_server  # what run_stdio_async uses; it takes no streams of ours
    try:
        async with fast_stdio_server(first or []) as (read_stream, write_stream):
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
    except* (ConnectionError, EOFError):
        pass  # the client is gone (killed, or closed our stdout): end its sessions as at end of input


async def _end_on_signal(dispatcher: Dispatcher, scope: Any, received: list[int]) -> None:
    """On SIGTERM/SIGINT: end the sessions, then stop serving. A transport blocked in a worker
    thread (the SDK's stdio on a regular file) cannot be cancelled: exit hard after a grace."""
    import threading

    import anyio

    with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async for signum in signals:
            received.append(signum)
            await end_sessions(dispatcher)
            scope.cancel()
            timer = threading.Timer(EXIT_GRACE, os._exit, [128 + signum])
            timer.daemon = True
            timer.start()
            return


def _parse(argv: list[str] | None) -> argparse.Namespace:
    import argparse

    parser = argparse.ArgumentParser(prog="dapcli serve-mcp", description="Serve the dapcli verbs as MCP tools.")
    parser.add_argument("--transport", choices=TRANSPORTS, default="stdio")
    parser.add_argument("--host", default="127.0.0.1", help="streamable-http: address to bind (loopback only)")
    parser.add_argument("--port", type=int, default=8765, help="streamable-http: port")
    parser.add_argument("--token-file", help="streamable-http: read the bearer token from this file (mode 0600)")
    parser.add_argument("--no-auth", action="store_true", help="streamable-http: no token (any local user gets in)")
    parser.add_argument("--output-schemas", action="store_true", help="declare each tool's result schema")
    parser.add_argument("--show-secrets", action="store_true",
                        help="show values that look secret (redacted by default: results go to a model provider)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    options = _parse(None)
    sys.exit(main(options.transport, options.port, options.host, options.token_file, options.no_auth,
                  options.output_schemas, show_secrets=options.show_secrets))
