"""debugpy's attach by pid injects its code with gdb; when that fails, debugpy logs it as output
and never answers `attach`. The start fails at once with gdb's reason, not after its timeout."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from fake_transport import MemoryTransport

from dapcli.adapters.base import AttachOptions
from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.engine.session import Session
from dapcli.errors import AdapterError

#: What debugpy 1.8.22 logged here (a sandbox whose gdb cannot call into the process), shortened.
INJECTION_LOG = """--- Starting attach to pid: 3222 ---
Running: gdb --nw --nh --nx --pid 3222 --batch --eval-command='call (int)DoAttach(0, "...", 0)'
Couldn't write extended state status: Bad address.
No symbol "DoAttach" in current context.
[Inferior 1 (process 3222) detached]
E+00003.832: Code injection into PID=3222 failed:
             Traceback (most recent call last):
"""


class _MemoryDebugpy(DebugpyAdapter):
    def __init__(self, transport: MemoryTransport) -> None:
        super().__init__()
        self.transport = transport

    async def start_attach(self, options: AttachOptions) -> tuple[Any, int | None]:
        return self.transport, None


def test_the_reason_is_gdbs_telling_line() -> None:
    failure = DebugpyAdapter().start_failure(INJECTION_LOG)
    assert failure is not None
    message, hint = failure
    assert message == ("debugpy could not inject its code into process 3222 "
                       "(gdb: Couldn't write extended state status: Bad address.)")
    assert "--listen" in hint
    assert DebugpyAdapter().start_failure("Attaching to PID: 3222 (elapsed: 1.01s).\n") is None


def test_a_failed_injection_ends_the_attach_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import dapcli.adapters.native.common as native_common

    monkeypatch.setattr(native_common, "ptrace_problem", lambda pid: None)  # pid 3222 is the log's, not real
    async def scenario() -> None:
        transport = MemoryTransport()
        session = Session("t", _MemoryDebugpy(transport))

        async def adapter() -> None:
            initialize = await transport.next_written()
            transport.inject_message({"seq": 1, "type": "response", "request_seq": initialize["seq"],
                                      "command": "initialize", "success": True, "body": {}})
            await transport.next_written()  # attach: never answered
            transport.inject_message({"seq": 2, "type": "event", "event": "output",
                                      "body": {"category": "stderr", "output": "Attach to PID failed.\n\n"}},
                                     {"seq": 3, "type": "event", "event": "output",
                                      "body": {"category": "stderr", "output": INJECTION_LOG}})

        playing = asyncio.create_task(adapter())
        started = time.monotonic()
        with pytest.raises(AdapterError) as raised:
            await session.attach(AttachOptions(process_id=3222), timeout=30)
        assert time.monotonic() - started < 10  # not the 30 s timeout
        assert "could not inject its code into process 3222" in raised.value.message
        await playing

    asyncio.run(asyncio.wait_for(scenario(), 60))
