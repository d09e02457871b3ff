"""Each native adapter through the real one-shot CLI: a detached session host, one process per
command, human and ``--json`` output, and nothing left running after ``dapcli stop``."""

from __future__ import annotations

import json
from pathlib import Path

import psutil
import pytest
from native_helpers import SAMPLE_C, assert_gone, dapcli, each_adapter, marker_line

pytestmark = pytest.mark.slow

LOOP = marker_line(SAMPLE_C, "loop-body")


@pytest.mark.parametrize("adapter", each_adapter())
def test_cli_launch_stack_native_verbs_stop(adapter: str, sample: Path, cli_env: dict[str, str]) -> None:
    cwd = sample.parent
    done = dapcli(cli_env, cwd, "launch", "./sample", "--break", f"sample.c:{LOOP}", "--adapter", adapter)
    assert done.returncode == 0, done.stderr
    assert f"sample.c:{LOOP}" in done.stdout and "main" in done.stdout

    stack = json.loads(dapcli(cli_env, cwd, "stack", "--json").stdout)
    assert stack["frames"][0]["name"] == "main" and stack["frames"][0]["line"] == LOOP
    assert stack["frames"][0]["path"] == str(cwd / "sample.c")

    status = json.loads(dapcli(cli_env, cwd, "status", "--json").stdout)
    assert status["adapter"] == adapter and status["state"] == "stopped"
    tree = [psutil.Process(status["adapterPid"]), *psutil.Process(status["adapterPid"]).children(recursive=True)]
    host = psutil.Process(status["hostPid"])

    listing = dapcli(cli_env, cwd, "disassemble", "--before", "2", "--count", "3")
    assert listing.returncode == 0, listing.stderr
    assert "→" in listing.stdout and listing.stdout.count("\n") >= 5
    memory = json.loads(dapcli(cli_env, cwd, "memory", "values", "--count", "8", "--json").stdout)
    assert memory["lines"][0]["hex"] == "0a 00 00 00 14 00 00 00"
    registers = dapcli(cli_env, cwd, "registers", "rip")
    assert registers.returncode == 0 and "rip" in registers.stdout, registers.stderr
    console = dapcli(cli_env, cwd, "console", "bt")
    assert console.returncode == 0 and "main" in console.stdout, console.stderr

    stopped = dapcli(cli_env, cwd, "stop")
    assert stopped.returncode == 0, stopped.stderr
    assert "invalid pointer" not in stopped.stdout + stopped.stderr  # lldb-dap 19's benign abort
    assert_gone([*tree, host], timeout=10)


@pytest.mark.parametrize("adapter", each_adapter("lldb"))
def test_cli_warns_about_missing_debug_info(adapter: str, sample_nodebug: Path, cli_env: dict[str, str]) -> None:
    cwd = sample_nodebug.parent
    done = dapcli(cli_env, cwd, "launch", "./sample_nodebug", "--adapter", adapter, "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["status"] == "exited" and state["exitCode"] == 3
    assert state["warnings"] == ["no debug info: rebuild with -g -O0"]


def test_cli_refuses_a_source_file_and_a_missing_program(sample: Path, cli_env: dict[str, str]) -> None:
    cwd = sample.parent
    done = dapcli(cli_env, cwd, "launch", "sample.c")
    assert done.returncode == 2
    assert "source file" in done.stderr and "-g -O0" in done.stderr
    missing = dapcli(cli_env, cwd, "launch", "./no-such-program", "--adapter", "lldb")
    assert missing.returncode == 2 and "not found" in missing.stderr
