"""Files found by scanning the user's folders are read only when they are regular files: a FIFO
among them (or named as a source) must never block the reader, a device never be read forever."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dapcli.adapters.debugpy.pyfunctions import find_function
from dapcli.adapters.gopackage import _text as go_text
from dapcli.adapters.rubymethods import find_method
from dapcli.files import read_regular, read_regular_text


def _bounded(call: Callable[[], Any]) -> Any:
    """``call()``, failing the test (not hanging it) when it blocks."""
    box: list[Any] = []
    worker = threading.Thread(target=lambda: box.append(call()), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "blocked on a FIFO"
    return box[0]


def test_read_regular_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    assert _bounded(lambda: read_regular(str(fifo), 100)) is None
    assert read_regular("/dev/zero", 100) is None
    assert read_regular(str(tmp_path), 100) is None
    assert read_regular(str(tmp_path / "missing"), 100) is None
    assert read_regular("a\x00b", 100) is None


def test_read_regular_bounds(tmp_path: Path) -> None:
    path = tmp_path / "f.py"
    path.write_bytes(b"x = 1\r\n\xff\n")
    assert read_regular(str(path), 100) == b"x = 1\r\n\xff\n"
    assert read_regular(str(path), 3) is None  # whole: more than the limit is no answer
    assert read_regular(str(path), 3, whole=False) == b"x ="
    assert read_regular_text(str(path), 100) == "x = 1\r\n\ufffd\n"


def test_scans_for_functions_pass_a_fifo_by(tmp_path: Path) -> None:
    for name in ("a_pipe.py", "a_pipe.rb", "a_pipe.go"):
        os.mkfifo(tmp_path / name)
    (tmp_path / "z.py").write_text("def found():\n    return 1\n")
    (tmp_path / "z.rb").write_text("def found\n  1\nend\n")
    assert _bounded(lambda: find_function("found", [str(tmp_path)])) == (str(tmp_path / "z.py"), 2)
    assert _bounded(lambda: find_function("missing", [str(tmp_path)])) is None
    assert _bounded(lambda: find_method("found", [str(tmp_path)]))[0] == str(tmp_path / "z.rb")
    assert _bounded(lambda: go_text(str(tmp_path / "a_pipe.go"))) == ""
