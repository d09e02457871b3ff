"""Fault injection: whole sessions on the scripted fake adapter (``fake_adapter.py scripted``,
configured as the user's adapter ``fake`` for ``*.fake`` programs). Each fault a real adapter
cannot be made to produce on demand gives one line, within its bound, and leaves nothing
running."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from dapcli.calls import phrase
from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import ConnectionLostError, DapcliError, DapTimeoutError, PreconditionError
from dapcli.verbs.shared.phrasing import CLI
from dapcli.verbs.shared.stop.stopstate import STOP_VALUE_TIMEOUT

ADAPTER = Path(__file__).resolve().parent / "fake_adapter.py"
TEST_TIMEOUT = 150.0  # a hang guard: generous for a loaded machine


@pytest.fixture(autouse=True)
def fake_adapter_configured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The scripted fake adapter as the user's adapter for ``*.fake``, a private runtime dir."""
    config = tmp_path / "config" / "dapcli"
    config.mkdir(parents=True)
    (config / "adapters.yaml").write_text(
        f"fake:\n  command: [{json.dumps(sys.executable)}, {json.dumps(str(ADAPTER))}, scripted]\n"
        "  extensions: [.fake]\n"
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(runtime))
    monkeypatch.chdir(tmp_path)
    yield tmp_path


class Harness:
    """A dispatcher with one fake session; remembers the adapter's pid to prove it ends."""

    def __init__(self, tmp_path: Path, script: dict[str, Any]) -> None:
        self.program = tmp_path / "scenario.fake"
        self.program.write_text(json.dumps({"source": str(self.program), **script}))
        self.dispatcher = LocalDispatcher()
        self.adapter_pid: int | None = None

    async def call(self, verb: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        return (await self.dispatcher.call(verb, args or {}, cwd=str(self.program.parent))).to_json()

    async def launch(self) -> dict[str, Any]:
        state = await self.call("launch", {"program": str(self.program)})
        assert state["status"] == "stopped", state
        self.adapter_pid = self.dispatcher.manager.get("default").adapter_pid
        return state

    async def failure(self, verb: str, args: dict[str, Any], bound: float) -> DapcliError:
        """Call ``verb`` expecting a DapcliError within ``bound`` seconds; check it is one line."""
        started = time.monotonic()
        with pytest.raises(DapcliError) as caught:
            await self.call(verb, args)
        took = time.monotonic() - started
        assert took < bound, f"{verb} took {took:.1f} s (bound {bound} s)"
        error = caught.value
        assert "\n" not in error.message and "Traceback" not in error.message, error.message
        return error

    async def close(self) -> None:
        for session in list(self.dispatcher.manager.sessions.values()):
            await session.shutdown()
        if self.adapter_pid is not None:
            assert not _running(self.adapter_pid), f"the fake adapter {self.adapter_pid} was left running"


def _running(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


async def _gone(pid: int | None, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while pid is not None and _running(pid):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


def scenario(tmp_path: Path, script: dict[str, Any], test: Callable[[Harness], Awaitable[None]],
             bound: float = TEST_TIMEOUT) -> None:
    async def body() -> None:
        harness = Harness(tmp_path, script)
        try:
            await harness.launch()
            await test(harness)
        finally:
            await harness.close()

    asyncio.run(asyncio.wait_for(body(), bound))


# -- a lost adapter ends the wait and the session ------------------------------------------------
@pytest.mark.parametrize(("action", "says"), [
    ("crash", "the adapter fake exited (code 3) | stderr: fatal error: fake adapter crashed"),
    ("kill", "the adapter fake exited (killed by SIGKILL)"),
    ("header", "the adapter fake exited (code 5)"),
    ("close", "the adapter fake closed its connection while still running"),
    ("garbage", "lost the adapter fake: invalid DAP header"),
])
def test_adapter_lost_mid_request_is_one_line_and_ends_the_session(tmp_path: Path, action: str, says: str) -> None:
    async def test(h: Harness) -> None:
        error = await h.failure("continue", {"timeout": 120}, bound=20.0)  # not its 120 s timeout
        assert isinstance(error, ConnectionLostError) and error.exit_code == 6
        assert says in error.message
        assert await _gone(h.adapter_pid), "the adapter process outlived its session"
        status = await h.call("status")
        assert status["state"] == "terminated" and says in status["stop"]["description"]
        refused = await h.failure("evaluate", {"expression": "x"}, bound=10.0)
        assert isinstance(refused, PreconditionError) and says in refused.message

    scenario(tmp_path, {"continue": action}, test)


def test_adapter_killed_during_a_blocked_continue_returns_at_once(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        blocked = asyncio.ensure_future(h.call("continue", {"timeout": 120}))
        await asyncio.sleep(0)  # let it send `continue` (the fake answers, then "runs")
        while h.dispatcher.manager.get("default").state.value != "running":
            await asyncio.sleep(0.01)
        assert h.adapter_pid is not None
        os.kill(h.adapter_pid, signal.SIGKILL)
        started = time.monotonic()
        with pytest.raises(ConnectionLostError, match=r"the adapter fake exited \(killed by SIGKILL\)"):
            await blocked
        assert time.monotonic() - started < 20.0  # not its 120 s timeout
        started = time.monotonic()
        waited = await h.call("wait", {"timeout": 120})
        assert waited["status"] == "terminated" and "SIGKILL" in waited["description"]
        assert time.monotonic() - started < 10.0

    scenario(tmp_path, {"continue": "run"}, test)


# -- a hang is bounded ---------------------------------------------------------------------------
def test_adapter_that_never_answers_continue_is_bounded_by_the_verb_timeout(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        error = await h.failure("continue", {"timeout": 2}, bound=20.0)  # never answered: unbounded without it
        assert isinstance(error, DapTimeoutError) and "continue" in error.message
        await h.call("stop")
        assert await _gone(h.adapter_pid)

    scenario(tmp_path, {"continue": "hang"}, test)


# -- a call during a blocked resume is answered at once -------------------------------------------
def test_evaluate_during_a_blocked_continue_is_refused_at_once_and_stop_ends_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a refusal that waited for the queue grace would take 30 s: far over the bounds, even on a busy machine
    monkeypatch.setattr("dapcli.dispatch.local.QUEUE_GRACE", 30.0)

    async def test(h: Harness) -> None:
        blocked = asyncio.ensure_future(h.call("continue", {"timeout": 120}))
        while h.dispatcher.manager.get("default").state.value != "running":
            await asyncio.sleep(0.01)
        refused = await h.failure("evaluate", {"expression": "x"}, bound=10.0)
        assert isinstance(refused, PreconditionError) and "running: pause first" in refused.message
        await h.failure("next", {}, bound=10.0)
        started = time.monotonic()
        ended = await h.call("stop")
        assert ended["status"] == "terminated"
        result = await asyncio.wait_for(blocked, 60)
        assert result["status"] in ("terminated", "exited")
        assert time.monotonic() - started < 40.0  # not its 120 s timeout
        assert await _gone(h.adapter_pid)

    scenario(tmp_path, {"continue": "run"}, test)


# -- floods and huge messages are bounded ----------------------------------------------------------
def test_an_event_flood_keeps_status_answering_and_counts_what_was_dropped(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        # 60,000 events take a few seconds on a quiet machine, many times that under heavy load
        blocked = asyncio.ensure_future(h.call("continue", {"timeout": 240}))
        slowest, during = 0.0, 0
        while not blocked.done():
            started = time.monotonic()
            await h.call("status")
            slowest = max(slowest, time.monotonic() - started)
            during += not blocked.done()  # answered while the flood still came in
            await asyncio.sleep(0.05)
        assert slowest < 5.0, f"status took {slowest:.2f} s during the flood"
        assert during >= 2, "status did not answer during the flood"
        state = blocked.result()
        assert state["status"] == "stopped"
        assert len(json.dumps(state)) < 20_000, "the stop state must stay small"
        status = await h.call("status")
        assert status["outputChunks"] == 60_000 and status["outputDropped"] >= 20_000  # the byte bound
        output = await h.call("output")
        assert output["dropped"] == status["outputDropped"]

    scenario(tmp_path, {"continue": "flood"}, test, bound=300)


# -- the exit status the kernel holds beats the adapter's words ------------------------------------
@pytest.mark.parametrize("after_disconnect", [False, True], ids=["terminated-only", "delve-words"])
def test_an_unreaped_program_ends_with_its_own_exit_status(tmp_path: Path, after_disconnect: bool) -> None:
    """The adapter started the program and never reaped it, sends ``terminated`` alone and (as Delve
    does when a signal races the program's exit) answers ``disconnect`` with "exited with status -1":
    the session ends ``exited`` with the status the program exited with (3), not -1 nor none."""
    from dapcli.adapters.delve import DelveAdapter

    async def test(h: Harness) -> None:
        session = h.dispatcher.manager.get("default")
        if after_disconnect:  # Delve's way: the status only in answer to `disconnect`
            session.adapter.exit_code_after_disconnect = True
            session.adapter.exit_code_from_output = DelveAdapter.exit_code_from_output.__get__(session.adapter)
        end = await h.call("continue", {"timeout": 60})
        assert (end["status"], end.get("exitCode")) == ("exited", 3), end
        status = await h.call("status")
        assert (status["state"], status.get("exitCode")) == ("exited", 3), status

    scenario(tmp_path, {"continue": "unreaped"}, test)


def test_a_huge_output_event_is_cut_with_a_marker(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        state = await h.call("continue", {"timeout": 30})
        assert state["status"] == "stopped" and len(json.dumps(state)) < 20_000
        [chunk] = (await h.call("output"))["chunks"]
        said = phrase(chunk["output"], CLI)  # what a frontend shows (the engine's text holds a verb reference)
        assert len(said) < 70_000 and "of this chunk not shown: `dapcli output --raw`" in said
        assert said.endswith("hhh\nlast words\n"), said[-100:]  # what came last is never what a cut hides
        [raw] = (await h.call("output", {"raw": True}))["chunks"]  # capped when buffered: head, marker, tail
        cut = 64 * 1024 * 1024 - 1024 * 1024
        assert f"\n[… {cut} characters of this chunk were cut when it was buffered …]\n" in raw["output"]
        assert len(raw["output"]) < 1024 * 1024 + 100

    scenario(tmp_path, {"continue": "huge"}, test)


def test_a_hanging_evaluation_is_bounded_and_cancelled(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        started = time.monotonic()
        with pytest.raises(DapcliError):
            await h.call("evaluate", {"expression": "hang", "timeout": 1})
        assert time.monotonic() - started < 15.0  # the hang is for ever
        assert (await h.call("evaluate", {"expression": "ok"}))["result"] == "ko", "the session is not wedged"

    scenario(tmp_path, {"evaluate": {"hang": "hang"}}, test)


def test_hanging_locals_leave_the_stop_readable(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        started = time.monotonic()
        state = await h.call("next", {"timeout": 20})
        assert time.monotonic() - started < STOP_VALUE_TIMEOUT + 15  # the hang is for ever
        assert state["status"] == "stopped" and state["location"]["function"] == "main"
        assert any("<not available: timed out>" in w for w in state["warnings"])

    scenario(tmp_path, {"variables": "hang"}, test)


# -- events that come after the answer ------------------------------------------------------------
def test_a_console_step_whose_stop_comes_after_the_answer_reports_that_stop(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        h.dispatcher.manager.get("default").adapter.resuming_commands = ("step-late",)
        evaluated = await h.call("evaluate", {"expression": "step-late", "context": "repl"})
        assert evaluated["result"] == "etal-pets"
        assert evaluated["stop"]["status"] == "stopped" and evaluated["stop"]["reason"] == "step"
        assert (await h.call("status"))["state"] == "stopped"

    scenario(tmp_path, {"evaluate": {"step-late": "late"}}, test)


def test_a_watchpoint_report_that_comes_after_the_stop_is_in_the_stop(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        h.dispatcher.manager.get("default").adapter.data_stop_report = "Watchpoint "
        state = await h.call("continue", {"timeout": 60})
        assert state["reason"] == "watchpoint", state
        said = "".join(c["output"] for c in state.get("output") or [])
        assert "old value: 3" in said and "new value: 42" in said, said

    scenario(tmp_path, {"continue": "watch"}, test)
