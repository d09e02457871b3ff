"""MCP prompts: short guided debugging workflows that name the tools to call."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

__all__ = ["add_prompts"]


def add_prompts(server: MCPServer) -> None:
    """Register the workflows on ``server``."""

    @server.prompt(name="debug_failing_script", title="Debug a failing Python script")
    def debug_failing_script(
        program: Annotated[str, Field(description="the script to debug, e.g. examples/buggy.py")],
        symptom: Annotated[str, Field(description="what goes wrong (wrong output, exception…)")] = "",
    ) -> str:
        """Find the cause of a wrong result or a crash in a script, step by step."""
        return f"""Debug `{program}` with the dapcli tools. Symptom: {symptom or 'not given'}.
1. Read the code and pick the line where the suspicious value is computed.
2. `launch` with program="{program}" and breakpoints=["{program}:LINE"] in one call. The result is the
   stop state: location, source lines, top frames, locals and new output.
3. At the stop, test hypotheses with `evaluate` (one expression at a time) instead of dumping
   `variables`. Move with `next`, `stepIn`, `stepOut`, `continue`; each returns the new stop state.
4. If the program crashed, relaunch with no breakpoints: it stops at the uncaught exception
   (reason "exception") with its type and message.
5. When you know the cause, `stop` the session, fix the code, and run it again to confirm."""

    @server.prompt(name="find_bad_value", title="Find where a value goes wrong")
    def find_bad_value(
        program: Annotated[str, Field(description="the program to run")],
        expression: Annotated[str, Field(description="the value to watch, e.g. total or self.balance")],
        location: Annotated[str, Field(description="FILE:LINE where the value is used or updated")],
    ) -> str:
        """Watch a value across a loop or calls to see where it first becomes wrong."""
        return f"""Find where `{expression}` goes wrong in `{program}`.
1. `launch` program="{program}" with breakpoints=["{location}"].
2. At each stop, `evaluate` expression="{expression}" (and the inputs it is computed from).
3. To avoid stepping by hand, add a logpoint: `setBreakpoint` location="{location}" with
   logMessage="{expression}={{{expression}}}", then `continue` and read the output in the stop state
   (or `output` with since=<nextSeq> for only new lines).
4. When you know the bad iteration, use `setBreakpoint` with a `condition` that is true only there
   and `continue` to it; then `stepIn` / `next` through the computation and `evaluate` each part.
5. `stop` when done."""

    @server.prompt(name="attach_to_process", title="Attach to a running process")
    def attach_to_process(
        connect: Annotated[str, Field(description="HOST:PORT of a debug server (python -m debugpy --listen)")] = "",
        process_id: Annotated[str, Field(description="or the pid of a running Python process")] = "",
    ) -> str:
        """Debug a program that is already running (a server, a hung job)."""
        target = '"connect": "HOST:PORT"'
        if connect or process_id:
            target = f'"connect": "{connect}"' if connect else f'"processId": {process_id}'
        return f"""Attach to a running program and find what it is doing.
1. `more` with verb="attach" and arguments={{{target}}} (for a debug server started with
   `python -m debugpy --listen 127.0.0.1:5678 app.py`), plus "breakpoints": ["FILE:LINE"] in arguments if you
   know where to look. If the program runs in a container or on another host, add "pathMappings":
   ["REMOTE_DIR=LOCAL_DIR"] (e.g. "/app=/home/me/project"); a warning that a breakpoint "can never be hit"
   means a mapping is missing. Delve: "adapter": "go" with connect; gdbserver / lldb-server: "adapter":
   "gdb" or "lldb" with "target": "HOST:PORT".
2. If it is busy or hung, call `pause`; the stop state shows where every call is stuck. Use `more` with
   verb="threads", and `stackTrace` with threadId for the other threads.
3. Inspect with `evaluate`; resume with `continue` (with a short timeout: status "running" is not an error).
4. End with `stop` and detach=true to leave the program running."""

    @server.prompt(name="post_mortem", title="Post-mortem of a crash")
    def post_mortem(
        program: Annotated[str, Field(description="the program that crashes")],
        args: Annotated[str, Field(description="its arguments, space separated")] = "",
    ) -> str:
        """Run a crashing program until the exception and inspect the frames that led there."""
        arg_list = ", ".join(f'"{a}"' for a in args.split())
        return f"""Find why `{program}` crashes.
1. `launch` program="{program}" args=[{arg_list}] with no breakpoints: it runs until the uncaught exception
   and stops there (reason "exception"; the stop state has its type, message, frames and locals).
2. Walk up the stack: `stackTrace`, then `evaluate` with the frameId of each caller to see which
   argument was wrong, and `more` with verb="source" and a FILE:LINE location to read the code around it.
3. To see the state before the crash, `restart` after adding a breakpoint with `setBreakpoint`
   where the bad value was produced.
4. `stop` when done."""
