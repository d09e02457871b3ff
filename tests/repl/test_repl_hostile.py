"""The hostile trial in the REPL on a real debugpy session: each bad line prints one error line
(no traceback), the loop goes on, and the session stays stopped where it was."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import DapcliError
from dapcli.frontends.repl.app import Repl

pytest.importorskip("debugpy", reason="debugpy is not installed")

PROGRAM = Path(__file__).resolve().parents[1] / "cli" / "programs" / "loops.py"
BAD = {
    "vars --variables-reference -3": "variablesReference: must be greater than or equal to 0",
    "watch add '  '": "expression: must not be empty",
    "console nosuch_name": "NameError: name 'nosuch_name' is not defined",
    "dap evaluate '{\"expression\": 5}'": "dap evaluate: expression: must be a valid string",
    f"list {PROGRAM}:99999": "line 99999 is past the end of the file",
}


def test_bad_lines_are_one_line_errors_and_the_session_lives_on() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, color_system=None, highlight=False)
    lines = [*BAD, "p a + b + 40", "q"]  # the session is launched first: lines typed while it runs go to it
    dispatcher = LocalDispatcher()

    async def go() -> int:
        await dispatcher.call("launch", {"program": str(PROGRAM), "breakpoints": [f"{PROGRAM}:5"]})
        with create_pipe_input() as pipe:
            repl = Repl(dispatcher, "default", console=console, input=pipe, output=DummyOutput(),
                        history=InMemoryHistory(), patch=False, handle_sigint=False)
            pipe.send_text("".join(line + "\r" for line in lines))
            pipe.close()
            try:
                return await asyncio.wait_for(repl.run(), 90)
            finally:
                with contextlib.suppress(DapcliError):  # quit has ended it already
                    await dispatcher.call("stop", {})

    code = asyncio.run(go())
    text = buffer.getvalue()
    assert code == 0, text
    assert "Traceback" not in text and "internal error" not in text, text
    for message in BAD.values():
        found = [line for line in text.splitlines() if message in line]
        assert found and found[0].lstrip().startswith("error:"), (message, text)
    assert "\n40  (int)" in text, text
