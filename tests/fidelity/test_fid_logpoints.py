"""A log point whose message is only a placeholder (``{i}``) takes the debugger's own console
lines for log messages no more: lldb-dap's ``Process N exited with status = 0`` and CodeLLDB's
``Process exited with code 0.`` stay ``console``, not the program's ``stdout``."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, each, marker_line

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_a_placeholder_only_log_message_leaves_the_debuggers_lines_alone(adapter: str, c_programs: Path,
                                                                           cli: Cli) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")
    cli("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{body}")
    cli("break", "clear")
    cli("break", "add", f"loop.c:{body}", "--log-message", "{i}")
    assert cli.json("continue")["status"] in ("exited", "terminated")
    chunks = cli.json("output", "--category", "all")["chunks"]
    program = "".join(c["output"] for c in chunks if c["category"] == "stdout")
    assert "1\n" in program and "2\n" in program, program  # the log messages are the user's output
    assert "xited" not in program, program  # the debugger's report of the exit is not
    assert any("xited" in c["output"] for c in chunks if c["category"] == "console"), chunks
