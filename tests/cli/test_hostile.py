"""The hostile trial's findings through the one-shot CLI (debugpy): each bad input is one
``error:`` line with the right exit code, no traceback, and the stopped session is unchanged."""

from __future__ import annotations

import pytest
from conftest import Cli, line_of, one_line_error

STOP = line_of("loops.py", "add_body")

#: (argv, exit code, text the error line holds)
BAD: list[tuple[tuple[str, ...], int, str]] = [
    (("vars", "--variables-reference", "-3"), 2, "variablesReference: must be greater than or equal to 0"),
    (("vars", "--variables-reference", "99999999999999999999"), 2, "variablesReference: must be less than"),
    (("eval", "1", "--frame-id", "99999999999999999999"), 2, "frameId"),
    (("watch", "add", ""), 2, "expression: must not be empty"),
    (("watch", "add", "   "), 2, "expression: must not be empty"),
    (("trace", "loops.py:6", ""), 2, "expressions: must not be empty"),
    (("dap", "evaluate", '{"expression": 5}'), 2, "dap evaluate: expression: must be a valid string"),
    (("dap", "loadedSources"), 4, "python does not support the loadedSources request"),  # never answered
    (("dap", "stepBack", '{"threadId": 1}'), 4, "(it does not set supportsStepBack)"),
    (("console", "nosuch_name"), 5, "NameError: name 'nosuch_name' is not defined"),
    (("list", "loops.py:99999"), 2, "loops.py: line 99999 is past the end of the file"),
    (("list", "loops.py:0"), 2, "line 0 is not a line of any file (lines count from 1)"),
    (("list", "loops.py:-5"), 2, "bad line '-5' in 'loops.py:-5'"),
    (("list", "loops.py:abc"), 2, "bad line 'abc' in 'loops.py:abc'"),
    (("list", ":3"), 2, "bad location ':3': no file before the colon"),
    (("break", "add", "lo\nops.py:3"), 2, "no such file: 'lo\\nops.py' (its name holds a control character)"),
    (("break", "add", "/tmp:3"), 2, "/tmp is a directory, not a source file"),
    (("break", "add", "/dev/null:3"), 2, "/dev/null is a character device, not a source file"),
]


@pytest.mark.parametrize(("argv", "code", "text"), BAD, ids=[" ".join(b[0])[:40] for b in BAD])
def test_bad_input_is_one_line_and_the_session_is_unchanged(dc: Cli, argv: tuple[str, ...], code: int,
                                                            text: str) -> None:
    dc.launch("loops.py", "add_body")
    err = dc.run(*argv, check=code).err
    line = one_line_error(err)
    assert text in line
    assert "Traceback" not in line
    assert dc.json("stack")["frames"][0]["line"] == STOP
    assert dc.json("status")["state"] == "stopped"
    assert dc.json("eval", "a + b")["result"] == "0"
