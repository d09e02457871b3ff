"""Bad input: one clear line on stderr, no traceback, the right exit code, and the session as it was."""

from __future__ import annotations

import json
import os
import socket
import threading
from pathlib import Path

import pytest
from conftest import PROGRAMS, PYTHON, Cli, line_of, loc, one_line_error


def _unchanged(dc: Cli, line: int, session: str = "default") -> None:
    """The session still answers and is still stopped where it was."""
    frames = dc.json("stack", "--session", session)["frames"]
    assert frames[0]["line"] == line
    assert dc.json("status", "--session", session)["state"] == "stopped"


def test_program_not_found(dc: Cli) -> None:
    _, out, err = dc.run("launch", "missing.py", "--python", PYTHON, check=2)
    assert "missing.py" in one_line_error(err)
    assert out == ""
    # with a session running, under another name: that session is untouched, nothing is left over
    dc.launch("loops.py", "call")
    _, out, err = dc.run("launch", "missing.py", "--python", PYTHON, "--session", "other", check=2)
    assert "missing.py" in one_line_error(err)
    _unchanged(dc, line_of("loops.py", "call"))
    assert [s["name"] for s in dc.json("sessions")["sessions"]] == ["default"]
    assert not Path(dc.runtime_dir, "other.json").exists()


def test_breakpoint_file_not_found(dc: Cli) -> None:
    """Issue 10: a file that is not here is sent and listed pending (the launch goes on)."""
    done = dc.launch("loops.py", "call", options=("-b", "nowhere.py:3"))
    said = done.out + done.err  # debugpy's reason, once, with where dapcli looked
    assert "Breakpoint in file that does not exist (looked at " in said and "not on this machine" not in said, said
    assert said.count("sent anyway") == 1
    added = dc.json("break", "add", "elsewhere.py:3")
    assert added["verified"] is False and "elsewhere.py is not on this machine" in added["warning"]
    _unchanged(dc, line_of("loops.py", "call"))
    assert [b["verified"] for b in dc.json("break", "list")["breakpoints"]] == [True, False, False]


def test_line_past_the_end_of_the_file(dc: Cli) -> None:
    """As gdb refuses it: a line past the end of a file that is here is a usage error, at
    ``launch -b`` (nothing starts) and at ``break add`` (the session is left as it was)."""
    lines = len((Path(__file__).parent / "programs" / "loops.py").read_text().splitlines())
    _, out, err = dc.run("launch", "loops.py", "--python", PYTHON, "-b", f"loops.py:{lines + 50}", check=2)
    assert one_line_error(err) == f"error: line {lines + 50} is past the end of loops.py ({lines} lines)"
    assert out == "" and not Path(dc.runtime_dir, "default.json").exists()
    dc.launch("loops.py", "call")
    for line in (lines + 1, 0):
        err = dc.run("break", "add", f"loops.py:{line}", check=2).err
        one_line_error(err)
    _unchanged(dc, line_of("loops.py", "call"))
    assert len(dc.json("break", "list")["breakpoints"]) == 1


def test_moved_breakpoint_is_announced_at_launch(dc: Cli) -> None:
    """A breakpoint the adapter moves (a comment line → the next line with code) is said at
    the launch's stop, as ``break add`` says it."""
    comment = line_of("loops.py", "comment_only")
    done = dc.launch("loops.py", f"loops.py:{comment}")
    said = done.out + done.err
    stopped = dc.json("stack")["frames"][0]["line"]
    assert stopped != comment
    text = (PROGRAMS / "loops.py").read_text().splitlines()[stopped - 1].strip()
    assert f"breakpoint 1 at loops.py: requested {comment}, bound to {stopped}: {text}" in said, said


def test_bad_expression_gives_the_adapters_message(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    code, out, err = dc.run("eval", "no_such_name + 1", check=5)
    line = one_line_error(err)
    assert "NameError" in line and "no_such_name" in line
    code, out, err = dc.run("eval", "1 +", check=5)
    assert "SyntaxError" in one_line_error(err)
    code, out, err = dc.run("eval", "1/0", check=5)
    assert "ZeroDivisionError" in one_line_error(err)
    # debugpy answers a setVariable whose value does not evaluate with the old value (no error)
    code, out, err = dc.run("set", "acc", "undefined_thing", check=False)
    if code == 0:
        assert out.strip() == "acc = 0"
    else:
        assert code == 5 and one_line_error(err)
    # --json puts the error on stderr as JSON
    code, out, err = dc.run("--json", "eval", "no_such_name", check=5)
    error = json.loads(err)["error"]
    assert error["exitCode"] == 5 and "NameError" in error["message"]
    assert out == ""
    _unchanged(dc, line_of("loops.py", "call"))
    assert dc.json("eval", "acc")["result"] == "0"


def test_unknown_session_lists_the_existing_ones(dc: Cli) -> None:
    err = dc.run("stack", "--session", "nosuch", check=3).err
    line = one_line_error(err)
    assert "nosuch" in line
    dc.launch("loops.py", "call", session="first")
    dc.launch("data.py", "inspect", session="second")
    err = dc.run("--session", "nosuch", "stack", check=3).err
    assert "nosuch" in one_line_error(err)
    assert "first" in err and "second" in err
    err = dc.run("stack", check=3, env={"DAPCLI_SESSION": "nosuch"}).err
    assert "first" in err and "second" in err
    err = dc.run("stack", "--session", "bad/name", check=2).err
    one_line_error(err)
    _unchanged(dc, line_of("loops.py", "call"), "first")


def test_nonexistent_thread_and_frame_ids(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    for args in (("stack", "--thread-id", "4242"), ("next", "--thread-id", "4242"),
                 ("eval", "i", "--frame-id", "4242"), ("vars", "--frame-id", "4242"),
                 ("scopes", "--frame-id", "4242"), ("vars", "--variables-reference", "4242")):
        code, _, err = dc.run(*args, check=False)
        assert code in (2, 4, 5), (args, code, err)
        line = one_line_error(err)
        assert "4242" in line or "id" in line.lower(), (args, line)
        _unchanged(dc, line_of("loops.py", "call"))
    assert dc.json("eval", "i")["result"] == "0"


def test_corrupt_session_file(dc: Cli) -> None:
    path = Path(dc.runtime_dir, "default.json")
    path.write_text("{this is not json")
    err = dc.run("stack", check=3).err
    line = one_line_error(err)
    assert "corrupt" in line
    assert not path.exists()
    # a well-formed file with nonsense in it is corrupt too
    path.write_text(json.dumps({"name": "default", "pid": "not a number", "socket": 7}))
    err = dc.run("status", check=3).err
    assert "corrupt" in one_line_error(err)
    assert not path.exists()
    # a corrupt file beside a live session does not disturb it
    dc.launch("loops.py", "call", session="live")
    path.write_text("\x00\xff garbage")
    err = dc.run("eval", "1", check=3).err
    assert "corrupt" in one_line_error(err)
    assert [s["name"] for s in dc.json("sessions")["sessions"]] == ["live"]
    _unchanged(dc, line_of("loops.py", "call"), "live")


def test_session_file_of_a_dead_host(dc: Cli) -> None:
    path = Path(dc.runtime_dir, "default.json")
    dead = _dead_pid()
    path.write_text(json.dumps({"name": "default", "pid": dead, "socket": str(Path(dc.runtime_dir, "default.sock"))}))
    err = dc.run("stack", check=3).err
    line = one_line_error(err)
    assert "gone" in line or "no longer running" in line
    assert not path.exists()


def _dead_pid() -> int:
    import subprocess

    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_python_interpreter_not_found(dc: Cli) -> None:
    err = dc.run("launch", "loops.py", "--python", "/nonexistent/python3", check=2).err
    assert "/nonexistent/python3" in one_line_error(err)
    assert not Path(dc.runtime_dir, "default.json").exists()


def test_python_without_debugpy_support(dc: Cli, tmp_path: Path) -> None:
    """An interpreter that cannot run the debuggee: a clear error, nothing left behind."""
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'this is not python' >&2\nexit 1\n")
    fake.chmod(0o755)
    code, _, err = dc.run("launch", "loops.py", "--python", str(fake), check=False)
    assert code in (2, 5), err
    assert str(fake) in one_line_error(err)


def test_usage_errors(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    for args in (("stack", "--no-such-option"), ("--no-such-option", "stack"), ("eval",),
                 ("break", "add"), ("next", "--timeout", "soon"), ("no-such-verb",), ("break", "delete", "one")):
        err = dc.run(*args, check=2).err
        assert "Traceback" not in err
        assert err.strip(), args
    err = dc.run("stack", "--no-such-option", check=2).err
    assert "--no-such-option" in err
    _unchanged(dc, line_of("loops.py", "call"))
    dc.run("break", "add", loc("loops.py", "done"), "--condition", "x", "--log-message", "m")
    assert dc.json("break", "list")["breakpoints"][-1]["logMessage"] == "m"


def test_help_works_with_and_without_a_session(dc: Cli) -> None:
    out = dc.run("--help").out
    assert "launch" in out and "stack" in out
    out = dc.run("stack", "--help").out
    assert "--thread-id" in out
    dc.launch("loops.py", "call")
    out = dc.run("eval", "--help").out
    assert "EXPRESSION" in out
    _unchanged(dc, line_of("loops.py", "call"))


def test_debug_shows_a_traceback_only_for_internal_errors(dc: Cli, tmp_path: Path) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("--debug", "eval", "no_such_name", check=5).err
    assert "NameError" in one_line_error(err)
    err = dc.run("--debug", "break", "add", "nowhere.py:0", check=2).err
    one_line_error(err)
    # an internal error (a bug planted in the client): two lines without --debug, a traceback with it
    (tmp_path / "sitecustomize.py").write_text(
        "import dapcli.dispatch.remote as remote\n"
        "def broken(self, *args, **kwargs):\n"
        "    raise RuntimeError('planted bug')\n"
        "remote.HostClient.run_argv = broken\n"
    )
    planted = {"PYTHONPATH": str(tmp_path)}
    err = dc.run("stack", check=1, env=planted).err
    lines = err.strip().splitlines()
    assert lines[0] == "internal error: RuntimeError: planted bug"
    assert len(lines) == 2 and lines[1].startswith("hint:")
    err = dc.run("--debug", "stack", check=1, env=planted, traceback_ok=True).err
    assert "Traceback" in err and "planted bug" in err
    _unchanged(dc, line_of("loops.py", "call"))


def test_host_that_answers_garbage(dc: Cli) -> None:
    with _garbage_host(dc, "broken"):
        for args in (("stack",), ("--debug", "stack"), ("--json", "stack")):
            err = dc.run(*args, "--session", "broken", check=6).err
            if "--json" in args:
                assert json.loads(err)["error"]["exitCode"] == 6
            else:
                assert "malformed" in one_line_error(err)


class _garbage_host:
    """A unix socket that answers every line with garbage, published as session ``name``."""

    def __init__(self, dc: Cli, name: str) -> None:
        self.path = os.path.join(dc.runtime_dir, f"{name}.sock")
        self.file = os.path.join(dc.runtime_dir, f"{name}.json")
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(self.path)
        os.chmod(self.path, 0o600)  # as a host's (one open to others is repaired, with a notice)
        self.server.listen(8)
        Path(self.file).write_text(json.dumps({"name": name, "pid": os.getpid(), "socket": self.path}))
        self.thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            with conn:
                try:
                    conn.recv(65536)
                    conn.sendall(b"this is not json\n")
                except OSError:
                    pass

    def __enter__(self) -> _garbage_host:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.close()
        for path in (self.path, self.file):
            if os.path.exists(path):
                os.unlink(path)


def test_runtime_dir_that_is_not_private(dc: Cli) -> None:
    os.chmod(dc.runtime_dir, 0o755)
    try:
        err = dc.run("stack", check=2).err
        assert "not private" in one_line_error(err)
    finally:
        os.chmod(dc.runtime_dir, 0o700)


@pytest.mark.parametrize("verb", ["stack", "eval x", "stop"])
def test_verbs_without_any_session(dc: Cli, verb: str) -> None:
    _, out, err = dc.run(*verb.split(), check=3)
    line = one_line_error(err)
    assert "no session" in line and "default" in line
    assert out == ""


def test_a_bare_line_at_launch_is_in_the_programs_own_file(dc: Cli) -> None:
    """`launch cart.py -b 17`: before the first stop, a bare line means the program's source
    file, as gdb's `break 17` means main's (it said "needs a current file")."""
    call = line_of("loops.py", "call")
    done = dc.launch("loops.py", options=("-b", str(call)))
    assert "Stopped (breakpoint 1) in" in done.out and f"loops.py:{call}" in done.out, done.out
    listed = dc.json("break", "list")["breakpoints"]
    assert [(Path(b["path"]).name, b["line"]) for b in listed] == [("loops.py", call)]
