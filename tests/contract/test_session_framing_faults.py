"""Protocol faults in whole sessions on the scripted fake adapter (issue 26, item 2): a truncated
body, an overstated ``Content-Length``, headers ended by ``\\n\\n`` and a response to another
command. Each is told at once (exit code 6, one line saying what was wrong) or read as it is,
never by a 30 s wait."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_faults import Harness, _gone, fake_adapter_configured, scenario

from dapcli.errors import ConnectionLostError, PreconditionError

__all__ = ["fake_adapter_configured"]  # the fixture (autouse) that configures the fake adapter
BOUND = 15.0  # the request timeout these faults used to cost is 30 s


@pytest.mark.parametrize(("action", "says"), [
    ("truncated", "the adapter sent a truncated message: its header announced"),
    ("mismatch", "the adapter answered request"),
])
def test_a_broken_answer_ends_the_session_at_once(tmp_path: Path, action: str, says: str) -> None:
    async def test(h: Harness) -> None:
        error = await h.failure("evaluate", {"expression": "x", "timeout": 120}, bound=BOUND)
        assert isinstance(error, ConnectionLostError) and error.exit_code == 6, error
        assert error.message.startswith(f"fake connection lost during evaluate: {says}"), error.message
        started = time.monotonic()
        refused = await h.failure("evaluate", {"expression": "y"}, bound=BOUND)  # not another 30 s
        assert isinstance(refused, PreconditionError), refused
        ended = f"session 'default' has ended: lost the adapter fake: {says}"
        assert refused.message.startswith(ended), refused.message
        assert time.monotonic() - started < BOUND
        assert await _gone(h.adapter_pid), "the adapter process outlived its session"

    scenario(tmp_path, {"evaluate": {"x": action}}, test)


@pytest.mark.parametrize("action", ["overstated", "lf-header"])
def test_an_answer_framed_oddly_but_whole_is_read(tmp_path: Path, action: str) -> None:
    async def test(h: Harness) -> None:
        started = time.monotonic()
        assert (await h.call("evaluate", {"expression": "x", "timeout": 120}))["result"] == "x"
        assert (await h.call("evaluate", {"expression": "abc"}))["result"] == "cba"  # still in step
        assert time.monotonic() - started < BOUND

    scenario(tmp_path, {"evaluate": {"x": action}}, test)
