"""Remote debugging through the one-shot CLI: a program runs in srv/app under a debug server,
the user debugs it from checkout/ with ``--map SRV=./app``."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from remote_helpers import (
    NEEDS_GDB,
    NEEDS_GO,
    NEEDS_LLDB,
    PYTHON,
    Cli,
    Layout,
    debugpy_server,
    delve_server,
    free_port,
    gdb_server,
    lldb_server,
    marker_line,
    server,
)

pytestmark = pytest.mark.slow

#: adapter → (server factory, source file, marker, attach arguments for PORT)
SERVERS: dict[str, tuple[Callable[[Layout, int], contextlib.AbstractContextManager[Any]], str, str, list[str]]] = {
    "python": (debugpy_server, "prog.py", "add", ["127.0.0.1:{port}"]),
    "go": (delve_server, "main.go", "twice", ["127.0.0.1:{port}", "--adapter", "go"]),
    "gdb": (gdb_server, "prog.c", "twice", ["--adapter", "gdb", "--target", "127.0.0.1:{port}"]),
    "lldb": (lldb_server, "prog.c", "twice", ["--adapter", "lldb", "--target", "127.0.0.1:{port}"]),
}
EACH = [pytest.param("python", id="debugpy"), pytest.param("go", marks=NEEDS_GO, id="delve"),
        pytest.param("gdb", marks=NEEDS_GDB, id="gdbserver"), pytest.param("lldb", marks=NEEDS_LLDB, id="lldb-server")]


def attach_argv(adapter: str, port: int) -> list[str]:
    return [arg.format(port=port) for arg in SERVERS[adapter][3]]


@pytest.mark.parametrize("adapter", EACH)
def test_mapped_breakpoint_stops_with_local_paths(adapter: str, layout: Layout, cli: Cli) -> None:
    factory, name, marker, _ = SERVERS[adapter]
    line = marker_line(layout.checkout / name, marker)
    port = free_port()
    with factory(layout, port):
        attached = cli("attach", *attach_argv(adapter, port), "--map", layout.mapping, "-b", f"app/{name}:{line}")
        cli.remember()
        assert "error" not in attached.err
        stop = cli.json("wait", "--timeout", "60")
        assert stop["status"] == "stopped" and stop["reason"] == "breakpoint", stop
        local = str(layout.checkout / name)
        assert stop["location"]["path"] == local and stop["location"]["line"] == line
        current = next(s for s in stop["source"] if s["current"])
        assert "@" + marker in current["text"]
        stack = cli.json("stack")
        assert stack["frames"][0]["path"] == local
        assert not any(str(layout.srv) in (f.get("path") or "") for f in stack["frames"])
        listing = cli("list")
        assert f"app/{name}" in listing.out and "@" + marker in listing.out
        breakpoints = cli.json("break", "list")["breakpoints"]
        assert breakpoints[0]["verified"] and breakpoints[0]["path"] == local
        cli("stop")


def test_python_without_mapping_warns_never_hit(layout: Layout, cli: Cli) -> None:
    line = marker_line(layout.checkout / "prog.py", "add")
    port = free_port()
    with debugpy_server(layout, port):
        cli("attach", f"127.0.0.1:{port}", "-b", f"app/prog.py:{line}")
        cli.remember()
        end = cli("wait", "--timeout", "60")  # the end, whether ``attach`` already reported it or not
        assert f"breakpoint 1 at app/prog.py:{line} can never be hit" in end.out
        assert "--map" in end.out
        assert "Stopped" not in end.out


def test_attach_to_a_port_that_is_not_a_debug_adapter(layout: Layout, cli: Cli) -> None:
    import socket
    import threading

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]

        def answer() -> None:  # a gdbserver-like peer: its packets are not DAP
            connection, _ = listener.accept()
            with connection:
                connection.recv(100)
                connection.sendall(b"+$OK#9a")

        threading.Thread(target=answer, daemon=True).start()
        done = cli("attach", f"127.0.0.1:{port}", check=5)
    assert f"127.0.0.1:{port} is not a debug adapter" in done.err
    assert len([line for line in done.err.splitlines() if line.startswith("error:")]) == 1
    assert cli("status", check=None).code == 3  # no session was kept


def test_attach_refused_and_bad_mappings(layout: Layout, cli: Cli) -> None:
    port = free_port()
    refused = cli("attach", f"127.0.0.1:{port}", check=5)
    assert "connection refused" in refused.err
    no_equals = cli("attach", f"127.0.0.1:{port}", "--map", "/app", check=2)
    assert "bad path mapping '/app': write it as REMOTE=LOCAL" in no_equals.err
    missing = cli("attach", f"127.0.0.1:{port}", "--map", "/app=./nowhere", check=2)
    assert "local side of path mapping /app=./nowhere does not exist" in missing.err
    target = cli("attach", "--target", f"127.0.0.1:{port}", check=2)
    assert "--target needs --adapter gdb or lldb" in target.err
    for result in (refused, no_equals, missing, target):
        assert len([line for line in result.err.splitlines() if line.strip()]) <= 2, result.err


def test_peer_that_goes_away(layout: Layout, cli: Cli) -> None:
    port = free_port()
    with debugpy_server(layout, port, "prog.py") as process:
        cli("attach", f"127.0.0.1:{port}", "--map", layout.mapping, "-b",
            f"app/prog.py:{marker_line(layout.checkout / 'prog.py', 'add')}")
        cli.remember()
        assert cli.json("wait", "--timeout", "60")["status"] == "stopped"
        import os
        import signal

        os.killpg(process.pid, signal.SIGKILL)
        gone = cli("stack", check=None)
    assert gone.code in (4, 6), gone
    errors = [line for line in gone.err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1
    cli("stop", check=None)


def test_attach_configuration_of_launch_json(layout: Layout, cli: Cli) -> None:
    """A launch.json attach configuration, read as VS Code users write it: ``connect`` and
    debugpy's ``pathMappings`` (``${workspaceFolder}`` resolved)."""
    import json

    port = free_port()
    vscode = layout.checkout.parent / ".vscode"
    vscode.mkdir()
    (vscode / "launch.json").write_text(json.dumps({"configurations": [{
        "name": "remote", "type": "debugpy", "request": "attach", "connect": {"host": "127.0.0.1", "port": port},
        "pathMappings": [{"localRoot": "${workspaceFolder}/app", "remoteRoot": str(layout.srv)}]}]}))
    line = marker_line(layout.checkout / "prog.py", "add")
    with debugpy_server(layout, port):
        cli("attach", "--config", "remote", "-b", f"app/prog.py:{line}")
        cli.remember()
        stop = cli.json("wait", "--timeout", "60")
        assert stop["location"]["path"] == str(layout.checkout / "prog.py") and stop["location"]["line"] == line


def test_never_hit_warning_at_a_stop_suggests_the_mapping(layout: Layout, cli: Cli) -> None:
    """Without --map the program stops elsewhere (a function breakpoint): the breakpoint set on
    the local file is flagged at that stop, with the mapping that a loaded file of the same name
    shows."""
    line = marker_line(layout.checkout / "prog.py", "add")
    port = free_port()
    with debugpy_server(layout, port):
        cli("attach", f"127.0.0.1:{port}", "-b", f"app/prog.py:{line}", "-b", "work")
        cli.remember()
        stop = cli.json("wait", "--timeout", "60")  # the stop, whether ``attach`` already reported it or not
        again = cli.json("wait", "--timeout", "60")  # the same stop again: its warning with it
    assert stop["status"] == "stopped" and stop["location"]["function"] == "work"
    assert again["warnings"] == stop["warnings"]
    [warning] = stop["warnings"]
    srv_root, local_root = layout.srv.parent, layout.checkout.parent
    assert warning == (f"breakpoint 1 at app/prog.py:{line} can never be hit: the program has not loaded "
                       f"app/prog.py (it runs {layout.srv / 'prog.py'}); add --map {srv_root}={local_root}")


def test_never_hit_warning_never_suggests_a_relative_remote_side(layout: Layout, cli: Cli) -> None:
    """Started as ``python -m debugpy … app/prog.py`` and run to its end, the program showed only
    its ``argv[0]``: the warning suggested ``--map app=…``, a relative remote side. It now
    suggests an absolute one when the adapter reported one, else says what ``app/prog.py`` is
    relative to; at a stop, the absolute path of the frame."""
    line = marker_line(layout.checkout / "prog.py", "add")
    port = free_port()
    argv = [PYTHON, "-m", "debugpy", "--listen", f"127.0.0.1:{port}", "--wait-for-client", "app/prog.py"]
    with server(argv, layout.srv.parent, port):
        cli("attach", f"127.0.0.1:{port}", "-b", f"app/prog.py:{line}")
        cli.remember()
        end = cli("wait", "--timeout", "60")
    warning = (f"warning: breakpoint 1 at app/prog.py:{line} can never be hit: the program has not loaded "
               f"app/prog.py (it runs app/prog.py, relative to the folder it was started in); "
               f"add --map REMOTE={layout.checkout.parent} with REMOTE that folder's absolute path")
    assert warning in end.out.splitlines(), end.out
    assert "--map app=" not in end.out

    port = free_port()
    argv = [PYTHON, "-m", "debugpy", "--listen", f"127.0.0.1:{port}", "--wait-for-client", "app/prog.py"]
    with server(argv, layout.srv.parent, port):
        cli("attach", f"127.0.0.1:{port}", "-b", f"app/prog.py:{line}", "-b", "work")
        cli.remember()
        stop = cli.json("wait", "--timeout", "60")
    assert stop["warnings"] == [
        f"breakpoint 1 at app/prog.py:{line} can never be hit: the program has not loaded app/prog.py "
        f"(it runs {layout.srv / 'prog.py'}); add --map {layout.srv.parent}={layout.checkout.parent}"]


@NEEDS_GDB
def test_gdb_without_mapping_says_to_add_one(layout: Layout, cli: Cli) -> None:
    line = marker_line(layout.checkout / "prog.c", "twice")
    port = free_port()
    with gdb_server(layout, port):
        attached = cli.json("attach", "--adapter", "gdb", "--target", f"127.0.0.1:{port}", "-b", f"app/prog.c:{line}")
        cli.remember()
    warnings = attached["warnings"]
    assert ("breakpoint 1 not verified: if the program was built or runs elsewhere (a container, another host), "
            "add --map REMOTE=LOCAL") in warnings
    assert any("No source file named" in w for w in warnings)  # the adapter's own reason, said once
