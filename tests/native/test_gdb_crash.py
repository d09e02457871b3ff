"""A crash under gdb (cdt-gdb-adapter) looks as it does under lldb-dap: the program's own
printf lines (block-buffered on a pipe, so lost at a crash unless the program has a terminal)
are under stdout, gdb's chatter stays console, and the stop says which signal ended it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, PROGRAMS, Driver, each_adapter, marker_line, output_text, run

PRINT = marker_line(PROGRAMS / "printcrash.c", "print")


@pytest.fixture(scope="module")
def printcrash(build_dir: Path) -> Path:
    assert CC is not None
    shutil.copy(PROGRAMS / "printcrash.c", build_dir / "printcrash.c")
    done = subprocess.run([CC, "-g", "-O0", "-o", "printcrash", "printcrash.c"], cwd=build_dir,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return build_dir / "printcrash"


@pytest.mark.parametrize("adapter", each_adapter("lldb", "gdb"))
def test_crash_stop_names_the_signal(adapter: str, printcrash: Path) -> None:
    async def body() -> None:
        d = Driver(printcrash.parent)
        try:
            stop = await d("launch", program="printcrash", adapter=adapter)
            assert stop["status"] == "stopped" and stop["reason"] == "exception", stop
            exception = stop.get("exception") or {}
            assert exception.get("exceptionId") == "signal", stop
            assert exception.get("description", "").startswith("signal SIGSEGV: "), stop
            assert stop["description"].startswith("signal SIGSEGV: "), stop
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter("lldb", "gdb"))
def test_crash_keeps_the_program_output_apart_from_chatter(adapter: str, printcrash: Path) -> None:
    async def body() -> None:
        d = Driver(printcrash.parent)
        try:
            stop = await d("launch", program="printcrash", adapter=adapter)
            assert stop["status"] == "stopped", stop
            printed = output_text(await d("output", category=["stdout"]))
            assert "i=0 total=3\n" in printed and "i=1 total=9\n" in printed, printed
            assert "host character set" not in printed and "libthread_db" not in printed, printed
            if adapter == "gdb":
                chatter = output_text(await d("output", category=["console"]))
                assert "Debug Console" in chatter and "libthread_db" in chatter, chatter
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter("lldb", "gdb"))
def test_breakpoint_stop_names_its_breakpoint(adapter: str, printcrash: Path) -> None:
    async def body() -> None:
        d = Driver(printcrash.parent)
        try:
            stop = await d("launch", program="printcrash", adapter=adapter, breakpoints=[f"printcrash.c:{PRINT}"])
            assert stop["status"] == "stopped" and stop["reason"] == "breakpoint", stop
            listed = (await d("listBreakpoints"))["breakpoints"]
            assert stop.get("hitBreakpointIds") == [listed[0]["id"]], stop
            stop = await d("continue")
            assert stop["reason"] == "breakpoint" and stop.get("hitBreakpointIds") == [listed[0]["id"]], stop
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_gdb_program_reads_a_stdin_file_and_types_nothing_to_gdb(adapter: str, tmp_path: Path,
                                                                   build_dir: Path) -> None:
    """With its own terminal the program no longer shares gdb's stdin (cdt's MI pipe); a
    --stdin file reaches it through cdt's /bin/sh redirection."""
    assert CC is not None
    shutil.copy(PROGRAMS / "readsum.c", build_dir / "readsum.c")
    subprocess.run([CC, "-g", "-O0", "-o", "readsum", "readsum.c"], cwd=build_dir, check=True, timeout=120)
    numbers = tmp_path / "numbers 1.txt"
    numbers.write_text("5 6\n")

    async def body() -> None:
        d = Driver(build_dir)
        try:
            stop = await d("launch", program="readsum", adapter=adapter, stdin=str(numbers))
            for _ in range(50):
                if stop["status"] != "running":
                    break
                stop = await d("wait", timeout=1)
            assert stop["status"] == "exited" and stop["exitCode"] == 0, stop
            assert "sum 11" in output_text(await d("output", category=["stdout"]))
        finally:
            await d.close()

    run(body)
