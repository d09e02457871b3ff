"""The native verbs on real adapters: disassemble, readMemory, registers, stepi/nexti, the raw
``console`` and ``dap`` passthroughs, core files and attach by pid."""

from __future__ import annotations

import asyncio
import base64
import subprocess
import sys
from pathlib import Path

import psutil
import pytest
from native_helpers import (
    CRASH_C,
    SAMPLE_C,
    Driver,
    assert_gone,
    each_adapter,
    marker_line,
    process_tree,
    run,
)

from dapcli.adapters.native.common import ptrace_problem
from dapcli.adapters.registry import adapter_for
from dapcli.errors import PreconditionError, UsageError
from dapcli.verbs.session.attachkind import adapter_for_process

pytestmark = pytest.mark.slow

LOOP = marker_line(SAMPLE_C, "loop-body")
CALL = marker_line(SAMPLE_C, "call")
CRASH = marker_line(CRASH_C, "crash")


async def stop_in_loop(d: Driver, adapter: str) -> dict:
    await d("launch", program="sample", breakpoints=[f"sample.c:{LOOP}"], adapter=adapter)
    await d("clearBreakpoints")
    await d("setBreakpoint", location=f"sample.c:{LOOP}", condition="i == 2")
    return await d("continue")


def pc_of(registers: dict) -> int:
    found = {r["name"].lstrip("$"): r["value"] for g in registers["groups"] for r in g["registers"]}
    return int(found["rip"].split()[0], 16)


@pytest.mark.parametrize("adapter", each_adapter())
def test_disassemble_registers_memory(adapter: str, sample: Path) -> None:
    async def body() -> None:
        d = Driver(sample.parent)
        try:
            stop = await stop_in_loop(d, adapter)
            assert stop["location"]["line"] == LOOP

            # registers: the Registers scope, general purpose first, rip = the program counter
            regs = await d("registers")
            assert regs["groups"] and len(regs["groups"]) == 1
            names = {r["name"].lstrip("$") for r in regs["groups"][0]["registers"]}
            assert {"rip", "rsp", "rax"} <= names
            assert regs["otherGroups"]  # floating point / vector registers are not expanded
            pc = pc_of(await d("registers", names=["rip", "rsp"]))
            with pytest.raises(UsageError, match="no register named"):
                await d("registers", names=["nosuch"])

            # disassemble around the program counter: it is marked, with context before it
            listing = await d("disassemble", before=3, count=5)
            current = [i for i in listing["instructions"] if i.get("current")]
            assert len(current) == 1 and int(current[0]["address"], 16) == pc
            index = listing["instructions"].index(current[0])
            assert index == 3 and len(listing["instructions"]) == 8
            assert all(i["instruction"] for i in listing["instructions"])
            # …and from an expression's address (a function)
            at_square = await d("disassemble", address="&square", before=0, count=3)
            assert len(at_square["instructions"]) == 3 and at_square["expression"] == "&square"

            # memory: the int array, by expression and by address
            memory = await d("readMemory", address="values", count=20)
            data = base64.b64decode(memory["data"])
            assert data == b"".join(v.to_bytes(4, "little") for v in (10, 20, 30, 40, 50))
            assert memory["lines"][0]["hex"].startswith("0a 00 00 00 14 00 00 00")
            again = await d("readMemory", address=memory["address"], offset=4, count=4)
            assert base64.b64decode(again["data"]) == (20).to_bytes(4, "little")
            if adapter == "lldb" and not d.session.supports("supportsReadMemoryRequest"):
                assert memory["via"].startswith("console: memory read")  # lldb-dap 19
            with pytest.raises(UsageError, match="count"):
                await d("readMemory", address="values", count=100_000)
            with pytest.raises(UsageError, match="no address"):
                await d("readMemory", address="nosuchvariable")
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter())
def test_instruction_stepping(adapter: str, sample: Path) -> None:
    async def body() -> None:
        d = Driver(sample.parent)
        try:
            await d("launch", program="sample", breakpoints=[f"sample.c:{CALL}"], adapter=adapter)
            start = pc_of(await d("registers", names=["rip"]))
            seen = [start]
            for _ in range(2):  # CALL: load the argument into edi, then the call instruction
                stop = await d("nexti")
                assert stop["status"] == "stopped" and stop["location"]["function"] == "main"
                assert stop["location"]["line"] == CALL
                seen.append(pc_of(await d("registers", names=["rip"])))
            assert len(set(seen)) == 3 and seen == sorted(seen), seen  # forward, one instruction at a time
            listing = await d("disassemble", before=0, count=1)
            assert "call" in listing["instructions"][0]["instruction"]
            stop = await d("stepi")  # into the call
            assert stop["location"]["function"] == "square", stop
            stop = await d("stepOut")
            assert stop["location"]["function"] == "main"
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter())
def test_console_and_raw_dap(adapter: str, sample: Path) -> None:
    async def body() -> None:
        d = Driver(sample.parent)
        try:
            await stop_in_loop(d, adapter)
            backtrace = await d("console", command="bt")
            assert "main" in backtrace["output"] and "sample.c" in backtrace["output"]
            assert not backtrace["output"].startswith("(lldb)")
            info = await d("console", command="frame variable i" if adapter != "gdb" else "info locals")
            assert "i = 2" in info["output"]
            threads = await d("dap", command="threads")
            assert threads["body"]["threads"][0]["id"] == d.session.selected_thread_id
            frames = await d("dap", command="stackTrace",
                             arguments=f'{{"threadId": {d.session.selected_thread_id}, "levels": 1}}')
            assert frames["body"]["stackFrames"][0]["line"] == LOOP
            stepped = await d("dap", command="next", arguments=f'{{"threadId": {d.session.selected_thread_id}}}')
            assert stepped["status"] == "stopped"
            with pytest.raises(UsageError, match="lifecycle"):
                await d("dap", command="disconnect")
            with pytest.raises(UsageError, match="JSON"):
                await d("dap", command="threads", arguments="{nope")
            stop = await d("continue")
            assert stop["status"] == "exited"
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_core_file(adapter: str, crash: Path, core_file: Path) -> None:
    async def body() -> None:
        d = Driver(crash.parent)
        try:
            stop = await d("launch", program="crash", core=str(core_file), adapter=adapter)
            assert stop["status"] == "stopped" and stop["reason"] == "exception", stop
            assert "SIGSEGV" in stop["description"]
            assert stop["location"]["function"] == "depth_sum" and stop["location"]["line"] == CRASH
            stack = await d("stackTrace")
            assert [f["name"] for f in stack["frames"][:4]] == ["depth_sum", "depth_sum", "depth_sum", "main"]
            assert (await d("evaluate", expression="n == 0"))["result"] in ("true", "1")
            status = await d("status")
            assert status["request"] == "core" and status.get("debuggeePid") is None
            tree = process_tree(d.session)
            await d("stop")
            assert_gone(tree)
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_core_file_refused_where_unsupported(adapter: str, crash: Path, core_file: Path) -> None:
    async def body() -> None:
        d = Driver(crash.parent)
        with pytest.raises(PreconditionError, match="cannot open core files"):
            await d("launch", program="crash", core=str(core_file), adapter=adapter)
        assert not d.dispatcher.manager.sessions

    run(body)


@pytest.mark.parametrize("adapter", each_adapter())
def test_attach_by_pid(adapter: str, spin: Path) -> None:
    target = subprocess.Popen([str(spin)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        problem = ptrace_problem(target.pid)
        if problem:
            pytest.skip(f"ptrace is not permitted here: {problem[0]}")

        async def body() -> None:
            d = Driver(spin.parent)
            try:
                await d("attach", process_id=target.pid, adapter=adapter)
                stop = await d("pause")
                assert stop["status"] == "stopped" and stop["reason"] == "pause", stop
                frames = (await d("stackTrace", levels=30))["frames"]
                assert "main" in [f["name"] for f in frames]
                tree = [p for p in process_tree(d.session) if p.pid != target.pid]
                ended = await d("stop", detach=True)
                assert ended["status"] == "detached"
                assert_gone(tree)
            finally:
                await d.close()

        run(body)
        with pytest.raises(subprocess.TimeoutExpired):  # the program must survive a detach
            target.wait(0.5)
        assert psutil.Process(target.pid).status() != psutil.STATUS_STOPPED
    finally:
        target.kill()
        target.wait(10)


@pytest.mark.parametrize("adapter", each_adapter("lldb"))
def test_capability_gaps_are_refused_by_name(adapter: str, sample: Path) -> None:
    """A verb whose capability the adapter lacks names it (and never sends the request)."""

    async def body() -> None:
        d = Driver(sample.parent)
        try:
            await stop_in_loop(d, adapter)
            session = d.session
            saved = session.capabilities
            session.capabilities = saved.model_copy(update={"supportsDisassembleRequest": False})
            with pytest.raises(PreconditionError, match="supportsDisassembleRequest"):
                await d("disassemble")
            session.capabilities = saved.model_copy(update={"supportsSteppingGranularity": False})
            session.adapter.instruction_step_commands = {}
            with pytest.raises(PreconditionError, match="supportsSteppingGranularity"):
                await d("stepi")
            session.capabilities = saved.model_copy(update={"supportsReadMemoryRequest": False})
            session.adapter.memory_read_command = None
            with pytest.raises(PreconditionError, match="supportsReadMemoryRequest"):
                await d("readMemory", address="values")
            session.capabilities = saved
        finally:
            await d.close()

    run(body)


def test_attach_by_pid_without_adapter_picks_the_native_one(spin: Path) -> None:
    """``attach --process-id`` with no ``--adapter`` on a C program attaches with the native
    adapter ``launch`` would choose (not debugpy, which waited 30 s and failed)."""
    target = subprocess.Popen([str(spin)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        problem = ptrace_problem(target.pid)
        if problem:
            pytest.skip(f"ptrace is not permitted here: {problem[0]}")
        default = adapter_for(str(spin))
        expected = default.name
        if default.find() is None:
            pytest.skip(f"the native default ({expected}) is not installed")

        async def body() -> None:
            d = Driver(spin.parent)
            try:
                state = await asyncio.wait_for(d("attach", process_id=target.pid), 60)
                assert d.session.adapter.name == expected, state
                stop = await d("pause")
                assert stop["status"] == "stopped" and stop["reason"] == "pause", stop
                assert "main" in [f["name"] for f in (await d("stackTrace", levels=30))["frames"]]
                assert (await d("stop", detach=True))["status"] == "detached"
            finally:
                await d.close()

        run(body)
    finally:
        target.kill()
        target.wait(10)


def test_adapter_for_process_tells_python_from_native(spin: Path, tmp_path: Path) -> None:
    script = tmp_path / "wait.py"
    script.write_text("import sys\nsys.stdin.read()\n")
    python = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE)
    native = subprocess.Popen([str(spin)], stdout=subprocess.DEVNULL)
    try:
        assert adapter_for_process(python.pid, str(tmp_path)).name == "python"
        assert adapter_for_process(native.pid, str(tmp_path)).name == adapter_for(str(spin)).name
        with pytest.raises(UsageError, match="no process with id"):
            adapter_for_process(2**22 + 7, str(tmp_path))
    finally:
        for process in (python, native):
            process.kill()
            process.wait(10)
