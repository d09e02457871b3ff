"""An adapter reached over TCP on a port we chose (a configured ``{port}`` command) is connected
to only once the process we started listens there: a port that another process bound first never
receives our DAP traffic. CodeLLDB dials us instead (``--connect N``), and only its own connection
is taken."""

from __future__ import annotations

import asyncio
import socket
import sys

import pytest

from dapcli.adapters import process as process_module
from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.process import AdapterServer
from dapcli.errors import AdapterError


def _impostor() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.setblocking(False)
    return sock


def _accepted_nothing(sock: socket.socket) -> bool:
    try:
        connection, _ = sock.accept()
    except BlockingIOError:
        return True
    connection.close()
    return False


@pytest.mark.skipif(CodeLldbAdapter().find() is None,
                    reason=f"CodeLLDB is not installed ({CodeLldbAdapter.install_hint})")
def test_codelldb_dials_us_and_a_process_that_connects_first_gets_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """CodeLLDB used to listen on a port (``--port N``) that any local process could connect to
    before us; it now dials our listener (``--connect N``), and a connection that is not its own
    is closed unread."""
    import psutil

    intruders: list[socket.socket] = []
    real_listener = process_module._loopback_listener

    def listener_with_an_intruder() -> socket.socket:
        listener = real_listener()
        intruders.append(socket.create_connection(listener.getsockname()))  # before codelldb starts
        return listener

    monkeypatch.setattr(process_module, "_loopback_listener", listener_with_an_intruder)

    async def body() -> list[object]:
        transport, pid = await CodeLldbAdapter().start()
        try:
            listening = [c for c in psutil.Process(pid).net_connections(kind="tcp") if c.status == psutil.CONN_LISTEN]
            assert transport.process.pid == pid
            return listening
        finally:
            await transport.close()
            process_module.os.killpg(pid, 9)
            await transport.process.wait()

    try:
        assert asyncio.run(asyncio.wait_for(body(), 60)) == []
        (intruder,) = intruders
        intruder.settimeout(5)
        assert intruder.recv(10) == b"", "the intruder's connection was served"
    finally:
        for intruder in intruders:
            intruder.close()


def test_a_configured_port_adapter_is_reached_only_on_its_own_listener(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``{port}`` command that never binds its port, while another process listens there."""
    impostor = _impostor()
    port = impostor.getsockname()[1]
    monkeypatch.setattr(process_module, "free_port", lambda: port)

    async def body() -> None:
        server = await AdapterServer.spawn(
            [sys.executable, "-c", "import sys, time; print('pretending on', sys.argv[1], flush=True); time.sleep(30)",
             "{port}"], exits_on_disconnect=False)
        try:
            with pytest.raises(AdapterError) as failed:
                await server.connect(timeout=2.0)
            assert f"cannot connect to the adapter at 127.0.0.1:{port}" in failed.value.message
        finally:
            server.kill()

    try:
        asyncio.run(asyncio.wait_for(body(), 60))
        assert _accepted_nothing(impostor), "dapcli connected to a port the adapter did not own"
    finally:
        impostor.close()


def test_a_configured_port_adapter_that_listens_is_reached() -> None:
    async def body() -> None:
        code = ("import socket, sys; s = socket.socket(); s.bind(('127.0.0.1', int(sys.argv[1]))); s.listen(1); "
                "c, _ = s.accept(); c.recv(1)")
        server = await AdapterServer.spawn([sys.executable, "-c", code, "{port}"], exits_on_disconnect=True)
        try:
            transport = await server.connect(timeout=30.0)
            await transport.close()
        finally:
            server.kill()

    asyncio.run(asyncio.wait_for(body(), 60))
