"""``stop --terminate`` on a gdbserver attach ends the program (and so gdbserver), like a
terminate does on every other adapter; it never claims an end that did not happen."""

from __future__ import annotations

import psutil
import pytest
from remote_helpers import NEEDS_GDB, Cli, Layout, free_port, gdb_server, marker_line

pytestmark = [pytest.mark.slow, NEEDS_GDB]


def test_stop_terminate_ends_the_gdbserver_program(layout: Layout, cli: Cli) -> None:
    line = marker_line(layout.checkout / "prog.c", "twice")
    port = free_port()
    with gdb_server(layout, port) as server:
        cli("attach", "--adapter", "gdb", "--target", f"127.0.0.1:{port}", "--map", layout.mapping,
            "-b", f"app/prog.c:{line}")
        cli.remember()
        stop = cli.json("wait", "--timeout", "60")
        assert stop["status"] == "stopped", stop
        program = [p for p in psutil.Process(server.pid).children() if p.name() == "prog"]
        assert program, "gdbserver started no program"
        ended = cli.json("stop", "--terminate")
        assert ended["status"] == "terminated"
        _, alive = psutil.wait_procs(program, timeout=15)
        alive = [p for p in alive if p.status() != psutil.STATUS_ZOMBIE]
        if alive:  # never a silent claim: the result says the program lives on and how to end it
            assert "still alive" in (ended.get("note") or ""), ended
        assert not alive, f"the program outlived stop --terminate: {ended}"
        server.wait(15)  # gdbserver (not --multi) exits once its only program is gone


def test_stop_detach_says_what_gdbserver_does_with_the_program(layout: Layout, cli: Cli) -> None:
    """cdt-gdb-adapter's disconnect exits gdb without `detach`: gdbserver then killed the program
    or kept it stopped, depending on how gdb went. The note claims neither, and never that it
    keeps running (it did not run on to its end)."""
    line = marker_line(layout.checkout / "prog.c", "twice")
    port = free_port()
    with gdb_server(layout, port):
        cli("attach", "--adapter", "gdb", "--target", f"127.0.0.1:{port}", "--map", layout.mapping,
            "-b", f"app/prog.c:{line}")
        cli.remember()
        assert cli.json("wait", "--timeout", "60")["status"] == "stopped"
        assert f"on 127.0.0.1:{port}" in cli.json("status")["program"]  # not "pid None"
        said = "".join(c["output"] for c in cli.json("output")["chunks"])
        assert "from remote target" not in said and "from target:" not in said, repr(said)
        assert "from remote target" in "".join(c["output"] for c in cli.json("output", "--category", "all")["chunks"])
        ended = cli.json("stop")
        assert ended["status"] == "detached"
        note = ended.get("note") or ""
        assert "keeps running" not in note and "without detaching" in note and f"127.0.0.1:{port}" in note, ended
        log = layout.srv / "server.log"
        assert "total 6" not in log.read_text(errors="replace")  # it did not run on to its end
