"""``did you mean FILE?`` for a program or breakpoint file that is not there: names compared
without the suffix they share (".py" alone made "nothere.py" close to "secret.py")."""

from __future__ import annotations

from pathlib import Path

import pytest

from dapcli.engine.reach import nearest_file


@pytest.mark.parametrize(("typed", "meant"), [
    ("nothere.py", None), ("other.py", None), ("helo.py", "hello.py"), ("loops.py", "loop.py"),
    ("lop.py", "loop.py"), ("hello", "hello.py"), ("hello.pyy", "hello.py"), ("main.c", "main.c.orig"),
])
def test_the_nearest_file_is_close_by_its_stem(tmp_path: Path, typed: str, meant: str | None) -> None:
    for name in ("secret.py", "hello.py", "loop.py", "main.c.orig"):
        (tmp_path / name).write_text("")
    found = nearest_file(str(tmp_path / typed), [str(tmp_path)])
    assert (Path(found).name if found else None) == meant
