"""lldb-dap's runInTerminal (issue 11): a C program started in dapcli's pty reads what `input`
types, or a --stdin file; a breakpoint the adapter rejects is shown with its reason."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import psutil
import pytest
from native_helpers import CC, PROGRAMS, Driver, assert_gone, marker_line, needs, output_text, run

READSUM_C = PROGRAMS / "readsum.c"


@pytest.fixture(scope="module")
def readsum(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test program")
    folder = tmp_path_factory.mktemp("terminal")
    shutil.copy(READSUM_C, folder / READSUM_C.name)
    subprocess.run([CC, "-g", "-O0", "-o", "readsum", "readsum.c"], cwd=folder, check=True, timeout=120)
    return folder / "readsum"


@needs("lldb")
def test_run_in_terminal_reads_what_input_types(readsum: Path) -> None:
    line = marker_line(READSUM_C, "sum")

    async def body() -> None:
        d = Driver(readsum.parent)
        try:
            stop = await d("launch", program="readsum", adapter="lldb", terminal=True, timeout=2,
                           breakpoints=[f"readsum.c:{line}"])
            assert stop["status"] == "running"
            terminal = d.session.terminal
            assert terminal is not None and terminal.pid is not None
            below = [psutil.Process(terminal.pid)]
            await d("input", text="40")
            await d("input", text="2")
            stop = await d("wait")
            assert stop["status"] == "stopped" and stop["location"]["line"] == line
            assert [v["value"] for v in stop["locals"] if v["name"] == "sum"] == ["42"]
            stop = await d("continue")
            assert stop["exitCode"] == 0 and "sum 42" in output_text(stop)
            await d("stop")
            assert_gone(below)
        finally:
            await d.close()

    run(body)


@needs("lldb")
def test_stdin_file_and_a_rejected_breakpoint(readsum: Path, tmp_path: Path) -> None:
    numbers = tmp_path / "numbers.txt"
    numbers.write_text("5 6\n")

    async def body() -> None:
        d = Driver(readsum.parent)
        try:
            stop = launched = await d("launch", program="readsum", adapter="lldb", stdin=str(numbers),
                                      breakpoints=["no_such_function_anywhere"])
            for _ in range(50):
                if stop["status"] != "running":
                    break
                stop = await d("wait", timeout=1)
            assert stop["exitCode"] == 0 and "sum 11" in output_text(stop)
            assert any(w.startswith("breakpoint 1 at no_such_function_anywhere") for w in launched["warnings"])
        finally:
            await d.close()

    run(body)



@needs("lldb")
def test_restart_on_lldb_dap_keeps_breakpoints_and_stops_at_them(readsum: Path, tmp_path: Path) -> None:
    line = marker_line(READSUM_C, "sum")
    numbers = tmp_path / "numbers.txt"
    numbers.write_text("1 2\n")

    async def body() -> None:
        d = Driver(readsum.parent)
        try:
            stop = await d("launch", program="readsum", adapter="lldb", stdin=str(numbers),
                           breakpoints=[f"readsum.c:{line}"])
            assert stop["location"]["line"] == line
            stop = await d("restart", args=["again"])
            assert stop["status"] == "stopped" and stop["location"]["line"] == line
            assert [v["value"] for v in stop["locals"] if v["name"] == "sum"] == ["3"]
        finally:
            await d.close()

    run(body)
