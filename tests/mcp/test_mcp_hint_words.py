"""Over MCP, hints name MCP tools and their parameters (never a `dapcli` command line); a frame
without a source is said so (never ``None:0``); the raw ``dap`` verb takes ``arguments`` as an
object."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp_helpers import BUGGY, call, call_error, connected, run

from dapcli.calls import OPEN
from dapcli.frontends.mcp.tools import MORE

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

SUM_INPUT = Path(__file__).resolve().parents[1] / "cli" / "programs" / "sum_input.py"
PRINTF_CRASH = 'int printf(const char *, ...);\nint main(void) { printf("value %s\\n", (const char *)1); return 0; }\n'


def test_hints_name_tools_and_parameters() -> None:
    async def body() -> None:
        async with connected() as client:
            result = await client.call_tool("launch", {"program": str(SUM_INPUT), "python": sys.executable})
            text, warnings = result.content[0].text, result.structured_content.get("warnings") or []
            deadline = time.monotonic() + 30
            while not any("stdin" in w for w in warnings) and time.monotonic() < deadline:
                await anyio.sleep(0.1)
                status = await call(client, "status")
                warnings = (status.get("stop") or {}).get("warnings") or warnings
            hint = next(w for w in warnings if "stdin" in w)
            assert '`more {"verb": "input", "arguments": {"text": "TEXT"}}`' in hint, hint
            assert "`terminal: true`" in hint and "`stdin: \"FILE\"`" in hint, hint
            assert "dapcli" not in hint and "--terminal" not in hint
            assert OPEN not in text and OPEN not in str(result.structured_content)
            while (await call(client, "status"))["state"] == "stopped":  # at the EOFError: on to the end
                await call(client, "continue")
            error = await call_error(client, "evaluate", {"expression": "1"})
            assert "start a new one with `launch`, or `output` to read what it printed" in error, error
            assert "dapcli" not in error

    run(body)


def test_dap_takes_arguments_as_an_object() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(BUGGY), "stopOnEntry": True, "python": sys.executable})
            raw = await call(client, MORE, {"verb": "dap", "arguments": {
                "command": "stackTrace", "arguments": {"threadId": 1, "levels": 1}}})
            assert len(raw["body"]["stackFrames"]) == 1
            assert raw["body"]["stackFrames"][0]["source"]["path"].endswith("buggy.py")
            as_text = await call(client, MORE, {"verb": "dap", "arguments": {
                "command": "stackTrace", "arguments": '{"threadId": 1, "levels": 1}'}})
            assert as_text["body"]["stackFrames"] == raw["body"]["stackFrames"]
            await call(client, "stop")

    run(body)


def test_a_frame_without_source_is_never_none_0(tmp_path: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("lldb").find() is None or not shutil.which("gcc"):
        pytest.skip("needs gcc and lldb-dap")
    (tmp_path / "pf.c").write_text(PRINTF_CRASH)
    subprocess.run(["gcc", "-g", "-O0", "-o", str(tmp_path / "pf"), str(tmp_path / "pf.c")], check=True, timeout=120)

    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(tmp_path / "pf"), "adapter": "lldb"})
            trace = await client.call_tool("stackTrace", {"levels": 20})
            text = trace.content[0].text
            assert "None" not in text, text
            start = next(line for line in text.splitlines() if " _start " in line)
            assert "_start at (no source)" in start, start
            frames = trace.structured_content["frames"]
            main = next(f for f in frames if f["name"] == "main")
            assert f"main at {main['path']}:{main['line']}" in text  # the text's path is the structured one
            await call(client, "stop")

    run(body)


def test_older_hints_name_tools_too() -> None:
    """Hints written as command lines (`dapcli break list`) reach an agent as tool calls."""
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(BUGGY), "stopOnEntry": True, "python": sys.executable})
            error = await call_error(client, MORE, {"verb": "removeBreakpoint", "arguments": {"ids": ["99"]}})
            assert '`more {"verb": "listBreakpoints"}`' in error and "dapcli" not in error, error
            error = await call_error(client, "evaluate", {"expression": "1", "frameId": 987654})
            assert "`stackTrace`" in error and "dapcli" not in error, error
            await call(client, "stop")

    run(body)
