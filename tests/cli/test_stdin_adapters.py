"""A program's stdin on the adapters that have no `runInTerminal` of their own here: Delve 1.20
(the program reads dlv's stdin), CodeLLDB (its terminal agent is not in the vendored build) and
gdb (cdt-gdb-adapter's inferior tty); and js-debug, whose `internalConsole` gives node no stdin.
`--stdin FILE` is what the program reads, and with `--terminal` what `dapcli input` types reaches
it; a program waiting for that input does not hold up `launch` for its whole timeout."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest
from conftest import PROGRAMS, Cli

pytestmark = pytest.mark.slow

ADAPTERS = ["go", "codelldb", "gdb", "node"]


def program_for(adapter: str, tmp_path: Path) -> Path:
    from dapcli.adapters.registry import by_name

    if by_name(adapter).find() is None:
        pytest.skip(f"the {adapter} adapter is not installed (see `dapcli adapters`)")
    output = tmp_path / "reader"
    if adapter == "node":
        return PROGRAMS / "stdin_native" / "reader.js"
    if adapter == "go":
        if not shutil.which("go"):
            pytest.skip("needs go")
        subprocess.run(["go", "build", "-gcflags=all=-N -l", "-o", str(output), "."], cwd=PROGRAMS / "stdin_go",
                       check=True, timeout=180, capture_output=True)
    else:
        if not shutil.which("gcc"):
            pytest.skip("needs gcc")
        subprocess.run(["gcc", "-g", "-O0", "-o", str(output), str(PROGRAMS / "stdin_native" / "reader.c")],
                       check=True, timeout=120)
    return output


def wait_end(dc: Cli, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        state = dc.json("wait", "--timeout", "5", timeout=30)
        if state["status"] != "running" or time.monotonic() > deadline:
            return state


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_stdin_file_is_what_the_program_reads(dc: Cli, tmp_path: Path, adapter: str) -> None:
    program = program_for(adapter, tmp_path)
    given = tmp_path / "input file.txt"
    given.write_text("from the file\n")
    dc.run("launch", program, "--adapter", adapter, "--stdin", given, "--timeout", "30", timeout=90)
    dc.sessions.add("default")
    dc.record()
    state = dc.json("status")["stop"] or {}
    if state.get("status") not in ("exited", "terminated"):
        state = wait_end(dc)
    data = dc.wait_output("read=<from the file")
    text = "".join(chunk["output"] for chunk in data["chunks"])
    assert "read=<from the file" in text, text  # not "read nothing", not a hang
    assert "Debugger attached" not in text  # node's inspector chatter on the pty is no program output


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_typed_input_reaches_the_program(dc: Cli, tmp_path: Path, adapter: str) -> None:
    program = program_for(adapter, tmp_path)
    started = time.monotonic()
    # CodeLLDB's program reads lldb's terminal, node's polls (epoll): dapcli cannot see them wait to read
    bound = "5" if adapter in ("codelldb", "node") else "40"
    dc.run("launch", program, "--adapter", adapter, "--terminal", "--timeout", bound, timeout=120)
    dc.sessions.add("default")
    dc.record()
    if adapter not in ("codelldb", "node"):
        assert time.monotonic() - started < 35, "launch waited out its timeout on a program reading its terminal"
    dc.wait_output("ready")
    dc.run("input", "typed words")
    wait_end(dc)
    data = dc.wait_output("read=<typed words")
    text = "".join(chunk["output"] for chunk in data["chunks"])
    assert "read=<typed words" in text, text
    assert "\x1b" not in text  # node on a tty: no colour codes in the program's output
