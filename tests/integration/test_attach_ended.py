"""An attached program that ends by itself (it called `debugpy.listen()` and ran to its end):
`stop` afterwards says the session terminated, never that "the program keeps running"."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from test_attach_stop import _free_port, _listening

from dapcli.dispatch.local import LocalDispatcher

PROGRAM = Path(__file__).parent / "programs" / "listens_once.py"
AFTER = next(i for i, t in enumerate(PROGRAM.read_text().splitlines(), 1) if "@after" in t)


def test_stop_after_an_attached_program_ended_does_not_claim_it_runs() -> None:
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-Xfrozen_modules=off", str(PROGRAM), str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    async def body() -> None:
        d = LocalDispatcher()
        _listening(port)
        await d.call("attach", {"connect": f"127.0.0.1:{port}"})
        stop = await d.call("wait", {"timeout": 30})
        assert stop.status == "stopped" and stop.location is not None and stop.location.line == AFTER
        end = await d.call("continue", {"timeout": 30})
        assert end.status in ("exited", "terminated")
        ended = (await d.call("stop", {})).to_json()
        assert ended["status"] == "terminated", ended
        assert "keeps running" not in (ended.get("note") or "")

    try:
        asyncio.run(asyncio.wait_for(body(), 90))
        assert server.wait(timeout=15) == 0
        assert server.stdout is not None and "value 42" in server.stdout.read()
    finally:
        server.kill()
        server.wait()
