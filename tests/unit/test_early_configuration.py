"""The configuration the session host says itself to a test run started early (the exception
filters, ``configurationDone``: dapcli.adapters.debugpy.earlytest.CONFIGURATION), on a real pytest run and
debugpy's real adapter: the run goes on to its failure before any session is there; the session's
own configuring requests get those answers; a session that asks for anything else is ended."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from dapcli.adapters.debugpy import earlytest, testhint
from dapcli.adapters.debugpy.earlyattach import EarlyDebugpyAdapter, EarlyTransport
from dapcli.engine.session import Session
from dapcli.engine.testrun.python import PytestRunner, UnittestRunner
from dapcli.frontends.cli.quick import load_shape
from dapcli.protocol import types as t
from dapcli.protocol.codec import FrameDecoder, encode_message

pytestmark = pytest.mark.slow

FLAGS = load_shape()["commands"]["test"]["flags"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SELECTOR = "tests/test_cart.py::test_total_with_discount"


@pytest.fixture(autouse=True)
def _no_adapters_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)


@pytest.fixture
def early() -> Any:
    """The early run of ``SELECTOR`` and its adapter, as the host starts them; killed after the test."""
    run = testhint.hint(["--python", sys.executable, SELECTOR], FLAGS, str(EXAMPLES))
    assert run is not None
    earlytest.start(run)
    found = earlytest.take(run["argv"], run["cwd"])  # type: ignore[arg-type]
    assert found is not None and found.adapter is not None
    try:
        yield found
    finally:
        found.kill()
        earlytest.discard()
    assert found.returncode is not None and found.adapter.process.poll() is not None  # nothing is left


def test_the_configuration_said_early_is_the_sessions() -> None:
    """What the host says is what a fresh session of a Python test run says (the verb takes the
    early run only while it is)."""
    for runner in (PytestRunner, UnittestRunner):
        session = Session("x", EarlyDebugpyAdapter(None))  # type: ignore[arg-type]
        runner([], [], match=None, first=False, cwd=str(EXAMPLES)).configure(session)
        assert session.exception_filters == earlytest.EXCEPTION_FILTERS
        assert not list(session.book.keys())  # no breakpoints to send first
    wire = [("setExceptionBreakpoints", t.SetExceptionBreakpointsArguments(filters=["userUnhandled"])),
            ("configurationDone", t.ConfigurationDoneArguments())]
    assert [(c, a) for _, c, a in earlytest.CONFIGURATION] == \
        [(c, a.model_dump(mode="json", exclude_none=True)) for c, a in wire]


def test_the_run_goes_on_to_its_failure_before_a_session_asks(early: earlytest.EarlyRun) -> None:
    seen: list[dict[str, Any] | None] = []
    stopped = threading.Event()

    def sink(message: dict[str, Any] | None) -> None:
        seen.append(message)
        if message is None or message.get("event") == "stopped":
            stopped.set()

    assert early.adapter is not None
    early.adapter.on_message(sink)
    assert stopped.wait(90)
    assert early.adapter.servers_checked is True  # configured only once the server is known to be the run
    answers = {m["request_seq"]: m for m in seen if m and m.get("type") == "response"}
    assert all(answers[seq]["success"] for seq, _, _ in earlytest.CONFIGURATION)
    stop = next(m for m in seen if m and m.get("event") == "stopped")
    assert stop["body"]["reason"] == "exception" and early.returncode is None  # held at the failure


async def _until(transport: EarlyTransport, decoder: FrameDecoder, wanted: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        for message in decoder.feed(await asyncio.wait_for(transport.read(), deadline - time.monotonic())):
            if wanted(message):
                return message
    raise AssertionError("not within the time allowed")


def _request(seq: int, command: str, arguments: dict[str, Any]) -> bytes:
    return encode_message({"seq": seq, "type": "request", "command": command, "arguments": arguments})


def test_the_sessions_configuration_gets_the_early_answers_in_order(early: earlytest.EarlyRun) -> None:
    async def body() -> list[dict[str, Any]]:
        assert early.adapter is not None
        transport, decoder = EarlyTransport(early, early.adapter), FrameDecoder()
        try:
            transport.write(_request(1, "initialize", earlytest.INITIALIZE_ARGUMENTS))
            await _until(transport, decoder, lambda m: m.get("request_seq") == 1)
            transport.write(_request(2, "attach", early.adapter.attach_arguments))
            await _until(transport, decoder, lambda m: m.get("event") == "initialized")
            transport.write(_request(3, "setExceptionBreakpoints", {"filters": ["userUnhandled"]}))
            filters = await _until(transport, decoder, lambda m: m.get("type") == "response")
            transport.write(_request(4, "configurationDone", {}))
            done = await _until(transport, decoder, lambda m: m.get("type") == "response")
            attach = await _until(transport, decoder, lambda m: m.get("type") == "response")
            stop = await _until(transport, decoder, lambda m: m.get("event") == "stopped")
            return [filters, done, attach, stop]
        finally:
            await transport.close()

    filters, done, attach, stop = asyncio.run(body())
    assert (filters["command"], filters["request_seq"], filters["success"]) == ("setExceptionBreakpoints", 3, True)
    assert (done["command"], done["request_seq"]) == ("configurationDone", 4)  # the stop comes after it
    assert (attach["command"], attach["request_seq"]) == ("attach", 2)
    assert stop["body"]["reason"] == "exception"


def test_a_session_that_configures_otherwise_is_ended(early: earlytest.EarlyRun) -> None:
    """The run went on as configured early: a session asking for other filters (or a breakpoint
    first) cannot have what it asks, and fails at once instead of debugging something else."""
    async def body() -> None:
        assert early.adapter is not None
        transport, decoder = EarlyTransport(early, early.adapter), FrameDecoder()
        try:
            transport.write(_request(1, "initialize", earlytest.INITIALIZE_ARGUMENTS))
            await _until(transport, decoder, lambda m: m.get("request_seq") == 1)
            transport.write(_request(2, "attach", early.adapter.attach_arguments))
            await _until(transport, decoder, lambda m: m.get("event") == "initialized")
            transport.write(_request(3, "setExceptionBreakpoints", {"filters": ["raised"]}))
            with pytest.raises(ConnectionError, match="configured before the session asked"):
                await _until(transport, decoder, lambda m: False)
        finally:
            await transport.close()

    asyncio.run(body())



#: A process that connects to port argv[1] (``self``), or starts a subprocess that does (``child``).
_CONNECT = ("import socket, subprocess, sys, time\n"
            "if sys.argv[2] == 'child':\n"
            "    subprocess.Popen([sys.executable, '-c', sys.argv[3], sys.argv[1], 'self', sys.argv[3]])\n"
            "else:\n"
            "    s = socket.create_connection(('127.0.0.1', int(sys.argv[1])))\n"
            "time.sleep(60)\n")


def test_the_servers_are_the_runs_only_when_every_one_is() -> None:
    """The check before the host configures the run: every connection to the adapter's server
    port comes from the run or a subprocess of it (this process plays the adapter)."""
    started: list[subprocess.Popen[bytes]] = []
    kept: list[socket.socket] = []

    def listen() -> tuple[socket.socket, int]:
        listener = socket.create_server(("127.0.0.1", 0))
        kept.append(listener)
        return listener, listener.getsockname()[1]

    def connect(listener: socket.socket, port: int, how: str) -> subprocess.Popen[bytes]:
        process = subprocess.Popen([sys.executable, "-c", _CONNECT, str(port), how, _CONNECT], start_new_session=True)
        started.append(process)
        listener.settimeout(60)
        kept.append(listener.accept()[0])  # established, and kept so until the end
        return process

    me = os.getpid()
    try:
        alone, alone_port = listen()
        assert not earlytest.servers_are_ours(me, me, alone_port)  # nobody connected
        run = connect(alone, alone_port, "self")
        assert earlytest.servers_are_ours(me, run.pid, alone_port)
        nested, nested_port = listen()
        parent = connect(nested, nested_port, "child")  # the run's subprocess connected
        assert earlytest.servers_are_ours(me, parent.pid, nested_port)
        connect(alone, alone_port, "self")  # another process connected beside the run
        assert not earlytest.servers_are_ours(me, run.pid, alone_port)
    finally:
        for process in started:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for sock in kept:
            sock.close()


def test_the_bootstrap_connects_without_pydevds_start_pause() -> None:
    """pydevd sleeps 0.1 s after starting its reader and writer threads; the bootstrap connects
    without that pause alone (any other sleep of pydevd's is its own), and puts pydevd back."""
    import importlib.util

    import debugpy.server.api  # noqa: F401 (pydevd, as the bootstrap has it when it connects)

    from dapcli.engine.testrun.python import BOOT

    pydevd = sys.modules["pydevd"]
    spec = importlib.util.spec_from_file_location("dapcli_testboot_probe", BOOT)
    assert spec is not None and spec.loader is not None
    boot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(boot)
    real = pydevd.time
    namespace: dict[str, Any] = {"time": None}
    exec("def initialize_network(seconds):\n    time.sleep(seconds)\n"  # pydevd's caller, by its name
         "def other(seconds):\n    time.sleep(seconds)\n", namespace)
    with boot._no_start_pause():
        namespace["time"] = pydevd.time
        started = time.monotonic()
        namespace["initialize_network"](5.0)
        assert time.monotonic() - started < 1.0
        started = time.monotonic()
        namespace["other"](0.2)
        assert time.monotonic() - started >= 0.2
        assert pydevd.time.time is real.time
    assert pydevd.time is real
