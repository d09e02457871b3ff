"""The REPL shows program output, values and adapter messages with control characters escaped
(issue 14, item 5)."""

from __future__ import annotations

import re
from typing import Any

from repl_fakes import FakeDispatcher, run_repl, stop

from dapcli.errors import RequestError
from dapcli.verbs import models as m

UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
HOSTILE = "\x1b]0;title\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J\u202e"


def test_output_values_and_errors_are_escaped() -> None:
    chunk = m.OutputChunkView(seq=1, category="stdout", output=f"out {HOSTILE}\n")
    answers: dict[str, Any] = {
        "next": stop(18, output=[chunk], locals=[m.VariableView(name="s", value=f"'{HOSTILE}'")]),
        "evaluate": m.EvaluateResult(expression="s", result=f"'{HOSTILE}'"),
        "stackTrace": RequestError(f"adapter says {HOSTILE}", command="stackTrace"),
    }
    session = run_repl(["n", "p s", "bt", "quit"], FakeDispatcher(answers))
    assert not UNSAFE.search(session.text), repr(session.text)
    assert session.text.count("\\x1b]0;title\\x07") >= 3  # output, local, value, error: shown, escaped
    assert "adapter says \\x1b]0;title" in session.text
