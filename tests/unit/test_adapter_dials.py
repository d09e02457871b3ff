"""An adapter we start must be reached by us alone: a loopback TCP port has no owner check, so a
local process that connects first (another user's) would get the DAP session and could `launch`
code as us. Delve dials our listener instead (``--client-addr``), and only the connection its own
process made is taken; js-debug serves a unix socket in a 0700 folder."""

from __future__ import annotations

import asyncio
import socket
import sys

import pytest

from dapcli.adapters.process import AdapterServer

#: An "adapter" that waits, dials the address it is given, says who it is, then waits.
DIALER = ("import socket, sys, time; time.sleep(0.5); host, port = sys.argv[1].rsplit(':', 1); "
          "s = socket.create_connection((host, int(port))); s.sendall(b'adapter'); time.sleep(30)")


def test_a_connection_that_beats_the_adapter_to_our_listener_is_refused() -> None:
    async def go() -> tuple[bytes, bytes]:
        server = await AdapterServer.spawn([sys.executable, "-c", DIALER, "{client}"])
        assert server.listener is not None
        intruder = socket.create_connection(server.listener.getsockname())  # before the adapter dials
        try:
            transport = await server.connect(timeout=20)
            first = await transport.read()
            intruder.settimeout(5)
            refused = intruder.recv(10)  # closed unread
            await transport.close()
            return first, refused
        finally:
            intruder.close()
            server.kill()
            await server.process.wait()

    first, refused = asyncio.run(go())
    assert first == b"adapter"
    assert refused == b""


def test_an_adapter_that_never_dials_is_one_line_in_bounded_time() -> None:
    from dapcli.errors import AdapterError

    async def go() -> None:
        server = await AdapterServer.spawn([sys.executable, "-c", "import time; time.sleep(30)", "{client}"])
        try:
            await server.connect(timeout=1.5)
        finally:
            await server.process.wait()  # killed

    with pytest.raises(AdapterError, match=r"did not connect back within 1\.5 s"):
        asyncio.run(go())


def test_a_socket_folder_is_private_and_removed() -> None:
    import os
    import stat

    async def go() -> str:
        server = await AdapterServer.spawn([sys.executable, "-c", "import time; time.sleep(30)", "{socket}"])
        folder = os.path.dirname(server.path)
        info = os.stat(folder)
        assert stat.S_IMODE(info.st_mode) == 0o700 and info.st_uid == os.getuid()
        await server.finish()
        await server.process.wait()
        return folder

    assert not os.path.exists(asyncio.run(go()))
