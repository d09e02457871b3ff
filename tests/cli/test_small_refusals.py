"""Small refusals and endings said right (issue 26, item 14): a port out of range, an ``eval``
that ends the program, a ``stop`` while ``continue`` is blocked."""

from __future__ import annotations

import json
import subprocess
import time

import pytest
from conftest import DAPCLI, PROGRAMS, PYTHON, Cli, one_line_error


@pytest.mark.parametrize(("port", "shown"), [
    ("99999", "99999"), ("0", "0"), ("9" * 5000, "999999999999… (5000 digits)"),
])
def test_serve_mcp_refuses_a_port_out_of_range(dc: Cli, port: str, shown: str) -> None:
    done = dc.run("serve-mcp", "--transport", "streamable-http", "--port", port, check=2)
    assert done.err == f"error: --port {shown}: a TCP port is a number from 1 to 65535\nhint: e.g. --port 8765\n"
    assert done.out == ""


def test_an_eval_that_ends_the_program_says_so(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("eval", "__import__('os')._exit(3)", check=3).err
    assert one_line_error(err) == ("error: the program ended with exit code 3 while `__import__('os')._exit(3)` "
                                   "was evaluated")
    assert "hint: start it again with `dapcli restart` (or `dapcli launch`)" in err
    assert "No more messages" not in err


def test_a_stop_during_a_blocked_continue_is_told_as_a_stop(dc: Cli) -> None:
    dc.launch("infinite.py", options=("--stop-on-entry",))
    blocked = subprocess.Popen([*DAPCLI, "--json", "continue", "--timeout", "120"], cwd=str(PROGRAMS),
                               env=dc.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while dc.json("status")["state"] != "running":
            assert time.monotonic() < deadline
        dc.run("stop")
        out, err = blocked.communicate(timeout=60)
    finally:
        if blocked.poll() is None:
            blocked.kill()
    state = json.loads(out)
    assert state["status"] in ("exited", "terminated"), err
    assert state["description"] == "ended by dapcli (`stop` or `restart` of the session)"
    assert "signal" not in state


def test_list_after_the_source_moved_does_not_show_decompiled_code(dc: Cli, tmp_path) -> None:
    import shutil

    shutil.copy(PROGRAMS / "loops.py", tmp_path / "loops.py")
    dc.run("launch", "loops.py", "--python", PYTHON, "-b", "loops.py:14", cwd=tmp_path)
    dc.sessions.add("default")
    (tmp_path / "loops.py").rename(tmp_path / "moved.py")
    gone = (f"no source for {tmp_path / 'loops.py'}: the file is not there any more (moved or deleted after the "
            "program loaded it)")
    err = dc.run("list", cwd=tmp_path, check=2).err
    # debugpy offers code decompiled from the bytecode once it finds the file gone; the stop's frames
    # (read before the move) name the file alone: either way, no decompiled code is shown
    assert one_line_error(err) in (f"error: {gone}", f"error: {gone}; the adapter offers only code decompiled "
                                                     "from the bytecode")
    assert "hint: put the file back to list it; `dapcli stack` and `dapcli vars` still work" in err
    state = dc.json("next", cwd=tmp_path)
    assert any(w.startswith(gone) for w in state["warnings"]), state["warnings"]
    assert "source" not in state
    assert dc.json("vars", cwd=tmp_path)["variables"]
