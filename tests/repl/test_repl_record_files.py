"""Where a REPL recording goes: never through a symbolic link, never into a directory or FIFO
(one line, the REPL goes on, the calls are kept for another file), and 0600 when the recipe
holds ``env`` values."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from repl_fakes import FakeDispatcher, run_repl, stop

from dapcli.errors import UsageError

pytest.importorskip("dapcli.frontends.recipe")

ANSWERS = {"launch": stop(1, reason="entry"), "next": stop(2)}


def test_a_recording_never_writes_through_a_symbolic_link(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.py").write_text("x = 1\n")
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "out.yaml").symlink_to(victim)
    session = run_repl(["record start out.yaml", "launch prog.py --stop-on-entry", "n", "quit"],
                       FakeDispatcher(dict(ANSWERS)))
    assert victim.read_text() == "precious\n"
    assert "error: cannot record into out.yaml: it is a symbolic link" in session.text
    assert "internal error" not in session.text


def test_a_link_planted_after_record_start_is_refused_and_the_calls_are_kept(tmp_path: Path) -> None:
    from dapcli.frontends.repl.record import Recording

    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    recording = Recording(cwd=str(tmp_path))
    recording.start("out.yaml")
    recording.add("launch", {"program": "prog.py", "stopOnEntry": True}, stop(1, reason="entry"))
    recording.add("next", {}, stop(2))
    (tmp_path / "out.yaml").symlink_to(victim)  # another user's link, planted meanwhile
    with pytest.raises(UsageError, match=r"recording not saved: .*symbolic link"):
        recording.stop()
    assert victim.read_text() == "precious\n"
    recording.start("other.yaml")
    assert recording.stop() == (str(tmp_path / "other.yaml"), 1)  # the calls kept: `next` (the launch is the target)
    assert "next" in (tmp_path / "other.yaml").read_text()


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_a_recording_into_what_is_not_a_file_is_one_line_and_the_repl_goes_on(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, kind: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.py").write_text("x = 1\n")
    if kind == "directory":
        (tmp_path / "out.yaml").mkdir()
    else:
        os.mkfifo(tmp_path / "out.yaml")
    session = run_repl(["launch prog.py --stop-on-entry", "record start out.yaml", "n", "record stop",
                        "record start ok.yaml", "n", "quit"], FakeDispatcher(dict(ANSWERS)))
    assert "internal error" not in session.text
    assert "error: " in session.text
    assert (tmp_path / "ok.yaml").is_file()  # the REPL went on, and saved on leaving


def test_a_recipe_with_env_values_is_private(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    os.umask(0o022)
    (tmp_path / "prog.py").write_text("x = 1\n")
    run_repl(["record start out.yaml", "launch prog.py --stop-on-entry --env TOKEN=sekrit", "n", "quit"],
             FakeDispatcher(dict(ANSWERS)))
    written = tmp_path / "out.yaml"
    assert "sekrit" in written.read_text()
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
