"""Smaller fixes over MCP: ``clearBreakpoints`` says what it removed; a ``continue`` blocked while
``stop`` ends the session says so; ``console: integratedTerminal`` gives each line once; gdb's
``stackTrace`` shows glibc's paths once; Go ``selectThread`` selects the goroutine's own frame."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import anyio
import psutil
import pytest
from mcp_helpers import LOOP, call, connected, marker_line, run

from dapcli.frontends.mcp.tools import MORE

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

PROGRAMS = Path(__file__).resolve().parents[1] / "cli" / "programs"
PRINTF_CRASH = 'int printf(const char *, ...);\nint main(void) { printf("value %s\\n", (const char *)1); return 0; }\n'
GO_LOOP = ("package main\n\nimport \"time\"\n\nfunc work(n int) int {\n\ttime.Sleep(10 * time.Millisecond)\n"
           "\treturn n + 1\n}\n\nfunc main() {\n\tn := 0\n\tfor {\n\t\tn = work(n)\n\t}\n}\n")


def test_clear_blocked_continue_and_terminal_console() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True, "python": sys.executable})
            await call(client, "setBreakpoint", {"location": f"{LOOP}:2"})
            cleared = await client.call_tool(MORE, {"verb": "clearBreakpoints"})
            assert cleared.content[0].text.splitlines() == ["removed: 1", "no breakpoints left"]

            results: list = []
            async with anyio.create_task_group() as group:
                async def blocked() -> None:
                    results.append(await client.call_tool("continue", {"timeout": 60}))

                group.start_soon(blocked)
                with anyio.fail_after(60):
                    while (await call(client, "status"))["state"] != "running":
                        await anyio.sleep(0.05)
                await call(client, "stop")
            ended = results[0]
            assert ended.structured_content["status"] == "terminated"
            assert ended.structured_content["description"] == "ended by dapcli (`stop` or `restart` of the session)"
            assert "SIGKILL" not in ended.content[0].text and "247" not in ended.content[0].text

            await call(client, "launch", {"program": str(PROGRAMS / "hello.py"), "args": ["once"],
                                          "python": sys.executable, "settings": ["console=integratedTerminal"]})
            deadline = time.monotonic() + 30
            while True:
                out = await call(client, "output", {})
                text = "".join(c["output"] for c in out["chunks"])
                if "hello once" in text or time.monotonic() > deadline:
                    break
                await anyio.sleep(0.1)
            assert text.count("hello once") == 1, text

    run(body, timeout=150)


def test_gdb_stack_trace_shows_glibc_paths_once(tmp_path: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("gdb").find() is None or not shutil.which("gcc"):
        pytest.skip("needs gcc and the gdb adapter")
    (tmp_path / "pf.c").write_text(PRINTF_CRASH)
    subprocess.run(["gcc", "-g", "-O0", "-o", str(tmp_path / "pf"), str(tmp_path / "pf.c")], check=True, timeout=120)

    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(tmp_path / "pf"), "adapter": "gdb"})
            trace = await client.call_tool("stackTrace", {})
            paths = [f.get("path") or "" for f in trace.structured_content["frames"]]
            if not any("stdio-common" in p for p in paths):
                pytest.skip("this libc has no stdio-common debug paths")
            assert "stdio-common/printf.c" in paths, paths
            assert "stdio-common/stdio-common" not in trace.content[0].text
            await call(client, "stop")

    run(body)


@pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")
def test_go_select_thread_selects_the_goroutines_own_frame(tmp_path: Path) -> None:
    (tmp_path / "main.go").write_text(GO_LOOP)
    (tmp_path / "go.mod").write_text("module goloop\n\ngo 1.19\n")
    subprocess.run(["go", "build", "-gcflags=all=-N -l", "-o", "loop", "."], cwd=tmp_path, check=True, timeout=300)

    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(tmp_path / "loop"), "adapter": "go"})
            await call(client, "pause")
            selected = await client.call_tool(MORE, {"verb": "selectThread", "arguments": {"threadId": 1}})
            assert not selected.is_error, selected.content[0].text
            frame = selected.structured_content["frame"]
            assert (frame["name"], frame["line"]) == ("main.work", 6)
            assert "(the user's frame;" in selected.content[0].text
            await call(client, "stop")

    try:
        run(body)
    finally:
        for process in psutil.process_iter(["exe"]):
            if process.info["exe"] == str(tmp_path / "loop"):
                process.kill()


def test_a_watch_after_the_program_ended_says_its_value_is_the_last_stops() -> None:
    """`listWatches` after the exit showed `1: words = ` (an empty value)."""
    async def body() -> None:
        async with connected() as client:
            hello = PROGRAMS / "hello.py"
            await call(client, "launch", {"program": str(hello), "python": sys.executable,
                                          "breakpoints": [f"{hello}:{marker_line(hello, 'hello')}"]})
            await client.call_tool(MORE, {"verb": "addWatch", "arguments": {"expression": "words"}})
            await call(client, "continue")
            await client.call_tool(MORE, {"verb": "addWatch", "arguments": {"expression": "codes"}})
            listed = await client.call_tool(MORE, {"verb": "listWatches"})
            assert listed.content[0].text.splitlines() == [
                "watch 1: words = [] (at the last stop; the program has ended)",
                "watch 2: codes (no value: the program ended before a stop)"], listed.content[0].text
            await call(client, "stop")

    run(body)
