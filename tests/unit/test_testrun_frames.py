"""Which frames of a Python test failure are read for an exception the test expects
(dapcli.engine.testrun.python.to_the_test): from the raise down to the user's deepest frame."""

from __future__ import annotations

from pathlib import Path

import _pytest.runner
import pluggy

from dapcli.engine.testrun.python import to_the_test
from dapcli.protocol import types as t


def _frame(number: int, path: str) -> t.StackFrame:
    return t.StackFrame(id=number, name=f"f{number}", line=1, column=1, source=t.Source(path=path))


def test_the_runners_frames_below_the_test_are_not_read(tmp_path: Path) -> None:
    test, helper = tmp_path / "test_a.py", tmp_path / "helper.py"
    test.write_text("def test_a():\n    pass\n")
    helper.write_text("def helper():\n    pass\n")
    library, runner = pluggy.__file__, _pytest.runner.__file__
    frames = [_frame(1, library), _frame(2, str(helper)), _frame(3, library), _frame(4, str(test)),
              _frame(5, runner), _frame(6, library)]
    assert [f.id for f in to_the_test(frames)] == [1, 2, 3, 4]  # a library frame between them is read


def test_with_no_frame_of_the_users_every_frame_is_read() -> None:
    frames = [_frame(1, pluggy.__file__), _frame(2, _pytest.runner.__file__)]
    assert to_the_test(frames) == frames
