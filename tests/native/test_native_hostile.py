"""The hostile trial on native adapters (one-shot CLI): a raw ``dap`` request that lldb-dap does
not know is refused before it is sent (lldb-dap 19 closes its connection on one, which ended the
session; a spec request whose capability it does not set, such as ``stepBack``, made it abort, and
made cdt-gdb-adapter report a resume that never stops); other bad input is one line and leaves
the session stopped where it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from native_helpers import SAMPLE_C, dapcli, each_adapter, marker_line

pytestmark = pytest.mark.slow

LOOP = marker_line(SAMPLE_C, "loop-body")


@pytest.mark.parametrize("adapter", each_adapter("lldb", "gdb"))
def test_bad_input_leaves_the_native_session_stopped(adapter: str, sample: Path, cli_env: dict[str, str]) -> None:
    cwd = sample.parent
    done = dapcli(cli_env, cwd, "launch", str(sample), "--adapter", adapter, "-b", f"{SAMPLE_C.name}:{LOOP}")
    assert done.returncode == 0, done.stderr
    bad = [("dap", "noSuchRequest"), ("dap", "stepBack", '{"threadId": 1}'), ("vars", "--variables-reference", "-1"),
           ("watch", "add", " "),
           ("eval", "1 +"), ("list", f"{SAMPLE_C.name}:99999")]
    for args in bad:
        done = dapcli(cli_env, cwd, *args)
        lines = [line for line in done.stderr.splitlines() if not line.startswith("hint:")]
        assert done.returncode in (2, 4, 5), (args, done.returncode, done.stderr)
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, done.stderr)
        assert "Traceback" not in done.stderr
        status = json.loads(dapcli(cli_env, cwd, "--json", "status").stdout)
        assert status["state"] == "stopped", (args, status)
    if adapter == "lldb":
        done = dapcli(cli_env, cwd, "dap", "noSuchRequest")
        assert "is not a DAP request, and lldb ends the session" in done.stderr
    value = json.loads(dapcli(cli_env, cwd, "--json", "eval", "total").stdout)
    assert value["result"] == "0"
