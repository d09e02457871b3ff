"""Bad input from the QA trial: refused with one line (and a hint), exit 2, no traceback, no
process started, and a running session left as it was."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from conftest import DAPCLI, PYTHON, Cli, line_of, one_line_error


def _unchanged(dc: Cli, line: int) -> None:
    assert dc.json("stack")["frames"][0]["line"] == line
    assert dc.json("status")["state"] == "stopped"


@pytest.mark.parametrize(("program", "kind"), [
    ("/dev/zero", "a character device"), ("/dev/null", "a character device"), ("/tmp", "a directory"),
])
def test_launch_refuses_what_is_not_a_program_file(dc: Cli, program: str, kind: str) -> None:
    _, out, err = dc.run("launch", program, "--python", PYTHON, "--timeout", "5", "--session", "bad", check=2)
    assert one_line_error(err) == f"error: {program} is {kind}, not a program file"
    assert out == ""
    assert dc.run("sessions").out.startswith("No sessions")


def test_launch_refuses_a_fifo_without_hanging(dc: Cli, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo_prog.py"
    os.mkfifo(fifo)
    err = dc.run("launch", fifo, "--python", PYTHON, "--timeout", "5", check=2, timeout=20).err
    assert one_line_error(err) == f"error: {fifo} is a FIFO, not a program file"


def test_stdin_core_and_cwd_must_be_the_right_kind(dc: Cli, tmp_path: Path) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("launch", "hello.py", "--python", PYTHON, "--stdin", "/dev/zero", "--session", "b", check=2).err
    assert "--stdin /dev/zero is a character device, not a regular file" in one_line_error(err)
    err = dc.run("launch", "hello.py", "--python", PYTHON, "--core", "/dev/zero", "--session", "b", check=2).err
    assert "/dev/zero is a character device, not a core file" in one_line_error(err)
    err = dc.run("launch", "hello.py", "--python", PYTHON, "--cwd", "hello.py", "--session", "b", check=2).err
    assert "working directory not a directory: hello.py" in one_line_error(err)
    _unchanged(dc, line_of("loops.py", "call"))


@pytest.mark.parametrize("name", ["", "a" * 300, "é" * 200, "x\n", ".hidden"])
def test_invalid_session_names_are_refused(dc: Cli, name: str) -> None:
    err = dc.run("--session", name, "status", check=2).err
    assert one_line_error(err).startswith("error: invalid session name")
    err = dc.run("status", env={"DAPCLI_SESSION": name} if name else {"DAPCLI_SESSION": "a" * 65}, check=2).err
    assert one_line_error(err).startswith("error: invalid session name")


@pytest.mark.parametrize("mode", ["open", "symlink", "file"])
def test_bad_runtime_dir_is_a_usage_error_with_a_fix(dc: Cli, tmp_path: Path, mode: str) -> None:
    bad = tmp_path / "rt"
    if mode == "open":
        bad.mkdir()
        os.chmod(bad, 0o777)
    elif mode == "symlink":
        (tmp_path / "real").mkdir(mode=0o700)
        bad.symlink_to(tmp_path / "real")
    else:
        bad.write_text("")
    for verb in ("sessions", "status", "stack"):  # the quick path, the no-session path, the full app
        err = dc.run(verb, env={"DAPCLI_RUNTIME_DIR": str(bad)}, check=2).err
        assert "runtime directory" in one_line_error(err)
        assert "internal error" not in err
        assert "hint: remove it, or set DAPCLI_RUNTIME_DIR" in err


def test_unwritable_stdout_is_one_line(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    for argv in (["status"], ["--json", "status"], ["sessions"]):
        with open("/dev/full", "wb") as full:
            done = subprocess.run([*DAPCLI, *argv], env=dc.env, stdout=full, stderr=subprocess.PIPE, timeout=30,
                                  stdin=subprocess.DEVNULL, cwd=dc.runtime_dir)
        err = done.stderr.decode()
        assert done.returncode != 0
        assert one_line_error(err) == "error: cannot write output: No space left on device"
    _unchanged(dc, line_of("loops.py", "call"))


@pytest.mark.parametrize(("var", "value"), [
    ("DAPCLI_IDLE_TIMEOUT", "-5"), ("DAPCLI_IDLE_TIMEOUT", "abc"), ("DAPCLI_IDLE_TIMEOUT", "nan"),
])
def test_bad_idle_timeout_is_refused_before_launch(dc: Cli, var: str, value: str) -> None:
    err = dc.run("launch", "hello.py", "--python", PYTHON, env={var: value}, check=2).err
    line = one_line_error(err)
    assert var in line and "number of seconds" in line
    assert dc.run("sessions").out.startswith("No sessions")


def test_bad_host_timeout_is_refused(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("status", env={"DAPCLI_HOST_TIMEOUT": "abc"}, check=2).err
    assert "DAPCLI_HOST_TIMEOUT='abc' is not a valid number of seconds" in one_line_error(err)
    _unchanged(dc, line_of("loops.py", "call"))
