"""An exception with a 200,000-character message no longer wedges the session (issue 26, item 1).

Real debugpy. The text went through a redaction pass whose time grew with the square of a run of
letters: the host sat at 100 % CPU and every later command timed out. Now the stop comes back
with a bounded text and a marker saying how much was cut and where the whole text is, and the next
commands answer at once."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import RequestError

PROGRAM = 'def main():\n    raise ValueError("a" * 200_000)  # @raise\n\n\nmain()\n'
BOUND = 20.0  # seconds per call: the old pass took minutes on these texts
MARKER = "DAPCLI_TRACE=FILE records the whole text; "


async def _session(program: Path, trace: Path) -> None:
    dispatcher = LocalDispatcher()

    async def call(verb: str, args: dict) -> dict:
        started = time.monotonic()
        result = await asyncio.wait_for(dispatcher.call(verb, args, "long"), 90)
        assert time.monotonic() - started < BOUND, f"{verb} took {time.monotonic() - started:.1f} s"
        return result.to_json()

    try:
        state = await call("launch", {"program": str(program), "python": sys.executable})
        assert state["status"] == "stopped" and state["reason"] == "exception", state.get("status")
        exception = state["exception"]
        for text in (exception.get("description"), exception.get("message")):
            if text:
                assert len(text) < 4200 and MARKER in text and text.endswith(" more characters]"), text[-200:]
        started = time.monotonic()
        with pytest.raises(RequestError) as failed:
            await dispatcher.call("evaluate", {"expression": '(_ for _ in ()).throw(ValueError("b" * 200_000))'},
                                  "long")
        assert time.monotonic() - started < BOUND
        message = failed.value.message
        assert len(message) < 4200 and message.startswith("ValueError: bbb"), message[:200]
        assert message.endswith(f"{MARKER}{len('ValueError: ') + 200_000 - 4000:,} more characters]"), message[-200:]
        assert (await call("evaluate", {"expression": "1+1"}))["result"] == "2"
        assert (await call("stackTrace", {}))["frames"][0]["name"] == "main"
    finally:
        for session in list(dispatcher.manager.sessions.values()):
            await session.shutdown(terminate_debuggee=True)
    text = trace.read_text()
    assert "b" * 200_000 in text and "a" * 200_000 in text, "the trace has the whole texts"


def test_a_200000_character_exception_leaves_the_session_answering(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "long_exception.py"
    program.write_text(PROGRAM)
    trace = tmp_path / "trace.log"
    monkeypatch.setenv("DAPCLI_TRACE", str(trace))  # the same pass ran on every traced message
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(tmp_path / "state"))
    asyncio.run(_session(program, trace))
