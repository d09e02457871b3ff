"""Run a command of the debugger behind the adapter (``evaluate`` in context ``repl``) and
return what it printed: the ``console`` verb, and verbs that use a debugger command where the
adapter has no request for it."""

from __future__ import annotations

import asyncio

from dapcli.engine.session import Session, SessionState
from dapcli.errors import RequestError
from dapcli.protocol import types as t
from dapcli.verbs.shared.frames import current_frame_id

__all__ = ["console_command"]


async def console_command(session: Session, command: str, frame_id: int | None = None,
                          timeout: float = 30.0) -> tuple[str, int]:
    """Run a debugger command (``evaluate`` in context ``repl``, with the family's prefix) and
    return what it printed: its result (lldb-dap's echo removed) and the output events it
    caused; plus the result's variablesReference. Raises RequestError when the debugger says the
    command failed (``success: false``, or lldb-dap's ``error:`` result)."""
    prefix = session.adapter.console_prefix
    frame = frame_id
    if frame is None and session.state is SessionState.STOPPED:
        frame = await current_frame_id(session, None)
    mark = session.output.last_seq
    try:
        body = await session.request(
            "evaluate", t.EvaluateArguments(expression=prefix + command, frameId=frame, context="repl"),
            t.EvaluateResponse, timeout=timeout,
        )
    except RequestError as exc:  # CodeLLDB: "error: …" (the CLI says `error:` itself)
        raise RequestError(" ".join(exc.message.split()).removeprefix("error:").strip(), exc.hint,
                           exc.command) from None
    result = body.result or ""
    if session.adapter.console_echo and result.startswith("(lldb) "):
        result = result.partition("\n")[2]
    failed = session.adapter.console_error_prefix
    if failed and result.lstrip().startswith(failed):
        message = " ".join(result.split()).removeprefix(failed.strip()).strip()
        raise RequestError(message, "check the command with `dapcli console help`", command="evaluate")
    if not result.strip():  # the output comes as events (CodeLLDB: sometimes after the response)
        await _output_settled(session, mark)
    printed = "".join(c.output for c in session.output.since(mark) if c.category != "telemetry")
    text = (printed + result) if result.strip() else printed
    return text.replace("\r\n", "\n").rstrip("\r"), body.variablesReference


async def _output_settled(session: Session, mark: int, *, first: float = 0.25, quiet: float = 0.03,
                          limit: float = 1.0) -> None:
    """Wait until output after ``mark`` has arrived and paused for ``quiet`` seconds (at most
    ``first`` seconds for the first chunk, ``limit`` seconds in all)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    seen = session.output.last_seq
    while loop.time() - started < limit:
        await asyncio.sleep(quiet)
        now = session.output.last_seq
        if now == seen and (now > mark or loop.time() - started >= first):
            return
        seen = now
