"""A debuggee killed (SIGKILL) while stopped: gdb (cdt) does not notice until it resumes it, then
reports a failed breakpoint insertion as a stop. dapcli asks the OS and tells the truth."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import psutil
import pytest
from native_helpers import SAMPLE_C, Driver, each_adapter, marker_line, run

pytestmark = pytest.mark.slow

LOOP = marker_line(SAMPLE_C, "loop-body")


def kill_debuggee(d: Driver) -> None:
    below = psutil.Process(d.session.adapter_pid).children(recursive=True)
    (debuggee,) = [p for p in below if p.name() == "sample"]
    os.kill(debuggee.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10  # not ours to reap: it stays a zombie below gdb
    while debuggee.status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, "the debuggee did not die"
        time.sleep(0.01)


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
@pytest.mark.parametrize("verb", ["status", "next"])
def test_status_and_next_after_sigkill_say_killed(adapter: str, verb: str, sample: Path) -> None:
    async def body() -> None:
        d = Driver(sample.parent)
        try:
            await d("launch", program="sample", breakpoints=[f"sample.c:{LOOP}"], adapter=adapter)
            kill_debuggee(d)
            if verb == "next":
                stepped = await d("next")
                assert stepped["status"] == "exited", stepped
                assert stepped["description"] == "killed by SIGKILL"
            status = await d("status")
            assert status["state"] == "exited", status
            assert status["stop"]["description"] == "killed by SIGKILL"
        finally:
            await d.close()

    run(body)
