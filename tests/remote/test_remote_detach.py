"""Detaching from a debug server that outlives its client (`dlv --headless --accept-multiclient`):
`stop` says the program keeps running, so it must: dapcli takes back its breakpoints (and
resumes the program) before it disconnects, or the next hit halts the program with nobody
attached."""

from __future__ import annotations

import time

from remote_helpers import DLV, NEEDS_GO, Cli, Layout, build_go, free_port, marker_line, server


@NEEDS_GO
def test_detach_from_a_multiclient_delve_leaves_the_program_running(layout: Layout, cli: Cli) -> None:
    assert DLV is not None
    build_go(layout.srv)
    port = free_port()
    line = marker_line(layout.checkout / "main.go", "twice")
    argv = [DLV, "exec", "--headless", "--accept-multiclient", "--api-version", "2", "--listen",
            f"127.0.0.1:{port}", "./prog"]
    with server(argv, layout.srv, port):
        cli("attach", f"127.0.0.1:{port}", "--adapter", "go", "--map", layout.mapping, "-b", f"app/main.go:{line}")
        cli.remember()
        stop = cli.json("wait", "--timeout", "60")
        assert stop["status"] == "stopped" and stop["location"]["line"] == line, stop
        ended = cli.json("stop")
        assert ended["status"] == "detached" and "keeps running" in ended["note"]
        log = layout.srv / "server.log"
        deadline = time.monotonic() + 30
        while "total 6" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert "total 6" in log.read_text(), log.read_text()  # ran to its end: not halted at the breakpoint
