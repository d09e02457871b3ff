"""Where dapcli keeps private files: a runtime directory inside a folder that any user can change
is refused (they could swap it between the check and the use); the REPL history is 0600."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from conftest import PYTHON, Cli, one_line_error


def test_runtime_dir_in_a_folder_anyone_can_change_is_refused(dc: Cli, tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)  # no sticky bit: anyone may rename what is in it
    err = dc.run("status", env={"DAPCLI_RUNTIME_DIR": str(shared / "run")}, check=2).err
    assert one_line_error(err) == (f"error: runtime directory {shared / 'run'} is inside {shared}, which any user "
                                   "can change (mode 777, no sticky bit)")
    shared.chmod(0o1777)  # sticky, as /tmp: fine
    assert dc.run("sessions", env={"DAPCLI_RUNTIME_DIR": str(shared / "run")}).code == 0


@pytest.mark.parametrize("existing", [False, True])
def test_repl_history_is_private_whatever_the_umask(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    existing: bool) -> None:
    from dapcli.frontends.repl.history import open_history

    monkeypatch.setenv("DAPCLI_STATE_DIR", str(tmp_path / "state"))
    if existing:
        (tmp_path / "state").mkdir()
        (tmp_path / "state" / "history").write_text("\n# 2026\n+p password\n")
        (tmp_path / "state" / "history").chmod(0o644)
    old = os.umask(0)
    try:
        history = open_history(lambda text: pytest.fail(text))
        history.store_string("p secret")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "state" / "history").stat().st_mode) == 0o600


@pytest.mark.parametrize("kind", ["fifo", "other user's"])
def test_a_trace_file_that_is_not_ours_is_refused_at_once(dc: Cli, tmp_path: Path, kind: str) -> None:
    """``DAPCLI_TRACE`` at a FIFO hung the session host; at another user's file (in a shared /tmp) it
    sent them the session's traffic."""
    trace = tmp_path / "trace"
    if kind == "fifo":
        os.mkfifo(trace)
        says = f"error: DAPCLI_TRACE={trace}: a FIFO that nobody reads"
    else:
        if os.geteuid() != 0:
            pytest.skip("a file of another uid needs root (chown)")
        trace.write_text("")
        os.chown(trace, 65534, 65534)
        says = f"error: DAPCLI_TRACE={trace}: refusing to trace into {trace}: owned by uid 65534"
    err = dc.run("launch", "loops.py", "--python", PYTHON, env={"DAPCLI_TRACE": str(trace)}, check=2,
                 timeout=60).err
    assert one_line_error(err) == says
    if kind != "fifo":
        assert trace.read_text() == ""
