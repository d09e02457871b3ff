"""Files dapcli writes where the user says (recorded recipes, JUnit XML, `test --record`):
never through a symbolic link, never into a FIFO (which would block for ever), one line when
the path is no file, and 0600 when the text holds secrets."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dapcli.errors import UsageError
from dapcli.files import write_text_file


def test_a_symbolic_link_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "out").symlink_to(victim)
    with pytest.raises(UsageError, match="symbolic link"):
        write_text_file(str(tmp_path / "out"), "x")
    assert victim.read_text() == "precious\n"


@pytest.mark.parametrize(("make", "says"), [
    (os.mkfifo, "FIFO"), (os.mkdir, "cannot write"),
])
def test_what_is_not_a_regular_file_is_one_line_at_once(tmp_path: Path, make: object, says: str) -> None:
    path = tmp_path / "out"
    make(path)  # type: ignore[operator]
    with pytest.raises(UsageError, match=says):
        write_text_file(str(path), "x")


def test_private_text_is_0600_even_over_an_open_file(tmp_path: Path) -> None:
    path = tmp_path / "out"
    path.write_text("a much longer old text\n")
    path.chmod(0o644)
    write_text_file(str(path), "TOKEN: s\n", private=True)
    assert path.read_text() == "TOKEN: s\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_junit_is_never_written_through_a_symbolic_link(tmp_path: Path) -> None:
    pytest.importorskip("dapcli.frontends.recipe")
    from dapcli.frontends.recipe.junit import write_junit

    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "report.xml").symlink_to(victim)
    with pytest.raises(UsageError, match="symbolic link"):
        write_junit([], str(tmp_path / "report.xml"))
    assert victim.read_text() == "precious\n"
    write_junit([], str(tmp_path / "ok.xml"))
    assert (tmp_path / "ok.xml").read_text().startswith("<?xml version='1.0' encoding='utf-8'?>\n<testsuites")
