"""The fidelity scenario: the same debugging session on every adapter, run once per adapter
module (one launch), each step's result recorded; the tests of each module then assert what
the user sees, one step each, naming where an adapter differs.

Imported by name (``from fidelity import …``): pytest puts this folder on ``sys.path``.

Steps (on ``programs/fid.*``, which all do the same thing, lines found by ``@marker``):
stop on entry → a bad expression → a pending breakpoint → hit-count, conditional and log
breakpoints in a loop → variables with children → setVariable (accepted, unknown name, bad
value) → step into and out → output with a tab and non-ASCII text → pause while it waits for a
flag file → an exception or signal → the exit code.
"""

from __future__ import annotations

import asyncio
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import DapcliError
from dapcli.frontends.cli.runner import result_text
from dapcli.frontends.mcp.render import render as mcp_render
from dapcli.verbs.models import Result

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
SCENARIO_TIMEOUT = 150.0
LOG_TEMPLATE = "i is {i}"
PRINTED = "a\tb héllo wörld"
#: Text that is the debugger's, never the program's (what each adapter says on its console).
CHATTER = ("preRunCommands", "Breakpoint 1:", "Temporary breakpoint", "In the Debug Console", "libthread_db",
           "Launching:", "Launched process", "Stop reason:", "Debugger attached", "Type 'dlv help'",
           "pydevd_vars.py", "debugpy/", "runpy.py")


def marker_line(path: Path, marker: str) -> int:
    """The 1-based line carrying ``# @marker`` or ``// @marker``."""
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.search(rf"(?:#|//)\s*@{re.escape(marker)}(?![\w-])", text):
            return number
    raise LookupError(f"no @{marker} in {path}")


@dataclass
class Failure:
    """A step that raised: the error as a user sees it."""

    kind: str
    message: str
    exit_code: int
    cli_text: str


@dataclass
class Observed:
    """What each step returned (a result's JSON, or a :class:`Failure`), by step name, plus the
    CLI text and MCP text of some results."""

    steps: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    mcp: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, step: str) -> Any:
        assert step in self.steps, f"the scenario did not reach step {step!r} (steps: {list(self.steps)})"
        return self.steps[step]


class Runner:
    """Runs verbs in-process and records their results under step names."""

    def __init__(self, cwd: Path, observed: Observed) -> None:
        self.dispatcher = LocalDispatcher()
        self.cwd = str(cwd)
        self.observed = observed

    async def __call__(self, step: str, verb: str, **args: Any) -> Any:
        try:
            result: Result = await self.dispatcher.call(verb, args, cwd=self.cwd)
        except DapcliError as exc:
            failure = Failure(exc.kind, exc.message, exc.exit_code, f"error: {exc.message}")
            self.observed.steps[step] = failure
            return failure
        data = result.to_json()
        self.observed.steps[step] = data
        self.observed.texts[step] = result_text(result, False, {"tty": False, "color": False, "width": 200},
                                                self.cwd)
        self.observed.mcp[step] = mcp_render(result)
        return data

    async def close(self) -> None:
        for session in list(self.dispatcher.manager.sessions.values()):
            await session.shutdown(terminate_debuggee=True)


def _ok(value: Any) -> bool:
    return isinstance(value, dict)


async def _until_running_then_pause(run: Runner) -> None:
    await run("run-to-wait", "continue", timeout=1.0)
    await run("pause", "pause", timeout=10.0)


async def scenario(adapter: str, program: Path, source: Path, workdir: Path) -> Observed:
    """Run every step on ``adapter`` (one launch of ``program``, whose source is ``source``)."""
    observed = Observed()
    run = Runner(workdir, observed)
    flag = workdir / f"flag-{adapter}"
    flag.unlink(missing_ok=True)
    line = {m: marker_line(source, m) for m in ("loop-body", "loop-hit", "log", "call", "square-body", "print")}
    name = source.name
    pids: list[int] = []
    try:
        stop = await run("entry", "launch", program=str(program), args=[str(flag)], adapter=adapter,
                         stopOnEntry=True, timeout=60.0)
        session = run.dispatcher.manager.sessions.get("default")
        pids = [p for p in (session.adapter_pid, session.debuggee_pid) if p] if session else []
        if not _ok(stop) or stop.get("status") != "stopped":
            return observed
        await run("entry-output", "output")
        await run("entry-console", "output", category=["console"])
        await run("pending", "setBreakpoint", location=f"nosuch_file{source.suffix}:999")
        hit = await run("hit-bp", "setBreakpoint", location=f"{name}:{line['loop-hit']}", hitCondition="2")
        cond = await run("cond-bp", "setBreakpoint", location=f"{name}:{line['loop-body']}", condition="i == 3")
        await run("log-bp", "setBreakpoint", location=f"{name}:{line['log']}", logMessage=LOG_TEMPLATE)
        if _ok(hit):
            await run("hit-stop", "continue")
            await run("hit-i", "evaluate", expression="i")
            await run("hit-removed", "removeBreakpoint", ids=[hit["id"]])
        await run("cond-stop", "continue")
        await run("cond-i", "evaluate", expression="i")
        if _ok(cond):
            await run("cond-removed", "removeBreakpoint", ids=[cond["id"]])
        await run("call-bp", "setBreakpoint", location=f"{name}:{line['call']}")
        await run("call-stop", "continue")
        await run("log-output", "output")
        await run("bad-expression", "evaluate", expression="nosuch_name + 1")
        await run("vars", "variables", depth=1)
        await run("set", "setVariable", name="total", value="1000")
        await run("vars-after-set", "variables", filter="total")
        await run("eval-after-set", "evaluate", expression="total")
        await run("set-missing", "setVariable", name="nosuch_var", value="1")
        await run("set-bad", "setVariable", name="total", value="1 +")
        await run("eval-after-bad-set", "evaluate", expression="total")
        await run("step-in", "stepIn")
        await run("stack-in", "stackTrace")
        await run("step-out", "stepOut")
        await _until_running_then_pause(run)
        await run("program-output", "output")
        flag.write_text("go")
        await run("exception", "continue")
        await run("exit", "continue")
        if _ok(observed.steps.get("exit")) and observed.steps["exit"].get("status") == "stopped":
            await run("exit", "continue")  # a second report of the same crash (lldb: the signal again)
        await run("final-output", "output")
        await run("final-console", "output", category=["console"])
    finally:
        await run.close()
        _, alive = psutil.wait_procs([psutil.Process(p) for p in pids if psutil.pid_exists(p)], timeout=10)
        observed.steps["left-running"] = [p.pid for p in alive if p.status() != psutil.STATUS_ZOMBIE]
    return observed


def run_scenario(adapter: str, program: Path, source: Path, workdir: Path) -> Observed:
    async def bounded() -> Observed:
        return await asyncio.wait_for(scenario(adapter, program, source, workdir), SCENARIO_TIMEOUT)

    return asyncio.run(bounded())


def copy_program(source_name: str, folder: Path) -> Path:
    """A copy of ``programs/SOURCE`` in ``folder`` (so debug info and paths point there)."""
    target = folder / source_name
    shutil.copy(PROGRAMS / source_name, target)
    return target


def output_text(result: Any) -> str:
    return "".join(chunk["output"] for chunk in result.get("chunks") or result.get("output") or [])
