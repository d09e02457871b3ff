"""The REPL says what it did not print of a flood: chunks the buffer dropped (once per new drop)
and chunks the bounded `output` left out (with the command that shows them)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from repl_fakes import FakeDispatcher, run_repl, stop

from dapcli.frontends.repl import runner
from dapcli.verbs import models as m


def test_a_flood_is_followed_with_notes_of_what_was_dropped_and_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "FOREGROUND", 0.01)
    monkeypatch.setattr(runner, "OUTPUT_WAIT", 0.01)
    fetched = asyncio.Event()
    calls = 0

    async def blocked(args: dict[str, Any]) -> m.StopState:
        await asyncio.wait_for(fetched.wait(), 60)
        return stop(9, reason="pause")

    def output(args: dict[str, Any]) -> m.OutputResult:
        nonlocal calls
        calls += 1
        if calls >= 3:
            fetched.set()
        chunk = m.OutputChunkView(seq=40, category="stdout", output="the newest line\n")
        return m.OutputResult(chunks=[chunk], next_seq=40, dropped=30, dropped_bytes=3_000_000, omitted=9,
                              omitted_bytes=900_000, status="running")

    session = run_repl("c\r", FakeDispatcher({"continue": blocked, "output": output}))
    text = session.text
    assert text.count("… 30 earlier chunks (3000000 bytes) were dropped from the buffer") == 1, text
    assert text.count("… 9 earlier chunks (900000 bytes) not shown; `output --all` shows them") == 1, text
    assert text.count("the newest line") == 1
    assert text.index("were dropped") < text.index("not shown") < text.index("the newest line")
