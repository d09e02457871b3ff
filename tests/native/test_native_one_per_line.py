"""A line holds one breakpoint on lldb-dap too: a second one on a line, or one that lldb-dap
moves onto a line that has one (a closing brace → the next line with code), is refused with
exit 2 and the first breakpoint still stops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from native_helpers import SAMPLE_C, dapcli, each_adapter, marker_line

pytestmark = pytest.mark.slow

LOOP = marker_line(SAMPLE_C, "loop-body")
CALL = marker_line(SAMPLE_C, "call")


@pytest.mark.parametrize("adapter", each_adapter("lldb"))
def test_second_breakpoint_on_a_line_is_refused_on_lldb(adapter: str, sample: Path, cli_env: dict[str, str]) -> None:
    cwd = sample.parent
    done = dapcli(cli_env, cwd, "launch", "./sample", "-b", f"sample.c:{LOOP}", "-b", f"sample.c:{CALL}",
                  "--adapter", adapter)
    assert done.returncode == 0, done.stderr

    refused = dapcli(cli_env, cwd, "break", "add", f"sample.c:{LOOP}", "--condition", "i == 3")
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.startswith(f"error: sample.c:{LOOP} already has breakpoint 1;")
    assert "Traceback" not in refused.stderr

    # the closing brace after the loop has no code: lldb-dap moves it onto the call line (breakpoint 2)
    moved = dapcli(cli_env, cwd, "break", "add", f"sample.c:{CALL - 1}")
    assert moved.returncode == 2, moved.stdout + moved.stderr
    assert f"error: sample.c:{CALL} (the adapter moved line {CALL - 1} there) already has breakpoint 2;" \
        in moved.stderr

    listing = json.loads(dapcli(cli_env, cwd, "--json", "break", "list").stdout)["breakpoints"]
    assert [(bp["id"], bp["line"]) for bp in listing] == [(1, LOOP), (2, CALL)]
    state = json.loads(dapcli(cli_env, cwd, "--json", "continue", "--timeout", "20").stdout)
    assert state["status"] == "stopped" and state["location"]["line"] == LOOP
    assert json.loads(dapcli(cli_env, cwd, "--json", "eval", "i").stdout)["result"] == "1"
