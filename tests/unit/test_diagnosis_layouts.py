"""``diagnosis``: each adapter's multi-line error layout reduced to its one line."""

from __future__ import annotations

import pytest

from dapcli.engine.diagnosis import diagnosis


@pytest.mark.parametrize(("text", "line"), [
    ("Uncaught ReferenceError: nosuch is not defined\n    at eval (repl:1:1)",
     "Uncaught ReferenceError: nosuch is not defined"),  # js-debug
    ('Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nValueError: a\nb',
     "ValueError: a b"),  # debugpy, a message of two lines
    ("ValueError: a\nb", "ValueError: a b"),  # debugpy's evaluate
    ("error: <user expression 0>:1:1: use of undeclared identifier 'nosuch'\n    1 | nosuch\n      | ^",
     "use of undeclared identifier 'nosuch'"),  # lldb-dap
    ('No symbol "x" in current context.', 'No symbol "x" in current context.'),  # gdb
    ("error: <user expression 0>:2:1: expected expression\n    2 | ;\n      | ^\nerror: <lldb wrapper suffix>:1:32: "
     "expected '}'\n    1 | }  \n      |  ^\n<lldb wrapper prefix>:44:1: to match this '{'\n   44 | {\n      | ^\n\n",
     "expected expression"),  # lldb-dap on `f(`: its notes about its own wrapper code are not the user's
])
def test_each_layout_is_one_line(text: str, line: str) -> None:
    assert diagnosis(text) == line
