"""A joined REPL announces every stop another client made, even one at the same place as the
last (a loop's breakpoint hit again: same thread, frame id and line), and its toolbar follows
(issue 10 case 11; the pty test is tests/fidelity/test_repl_join.py)."""

from __future__ import annotations

import asyncio
import io

from repl_fakes import FakeDispatcher, stop
from rich.console import Console

from dapcli.frontends.repl.app import Repl
from dapcli.frontends.repl.toolbar import toolbar
from dapcli.verbs import models as m


def _toolbar_text(repl: Repl) -> str:
    return "".join(text for _, text, *_ in toolbar(repl.state))


def test_a_stop_at_the_same_line_is_announced_and_the_toolbar_follows() -> None:
    status = {"state": "running", "stop": None}

    def answer(_: dict[str, object]) -> m.StatusResult:
        return m.StatusResult(session="default", state=status["state"], adapter="python",  # type: ignore[arg-type]
                              stop=status["stop"])  # type: ignore[arg-type]

    async def body() -> str:
        buffer = io.StringIO()
        repl = Repl(FakeDispatcher({"status": answer}, hosted=True), console=Console(file=buffer, width=120),
                    handle_sigint=False)
        first = stop(line=17, reason="breakpoint", generation=3)
        repl.state.note(first)
        status["state"] = "running"
        await repl.runner._look()
        assert " running " in _toolbar_text(repl)
        status["state"], status["stop"] = "stopped", stop(line=17, reason="breakpoint", generation=5)
        await repl.runner._look()  # another client's `continue` stopped at the same line
        assert " stopped " in _toolbar_text(repl)
        return buffer.getvalue()

    text = asyncio.run(body())
    assert text.count("Stopped (breakpoint) in total at") == 1, text
