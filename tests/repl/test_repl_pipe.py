"""``printf 'b 4\\nc\\np total\\n' | dapcli repl prog.py``: through a pipe the REPL warned "Input is
not a terminal", drew each prompt and command twice and a status bar. It now reads plainly:
each command once as ``(dapcli) CMD``, then its result; end of input leaves (ending the program)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DAPCLI = str(Path(sys.executable).with_name("dapcli"))
PROGRAM = "total = 0\nfor i in range(5):\n    total += i\n    print('i', i)\nprint('done', total)\n"


def _repl(tmp_path: Path, commands: bytes) -> tuple[int, str, str]:
    (tmp_path / "prog.py").write_text(PROGRAM)
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    with subprocess.Popen([DAPCLI, "repl", "prog.py", "--python", sys.executable], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path) as proc:
        try:
            out, err = proc.communicate(commands, timeout=90)
        finally:
            if proc.poll() is None:
                proc.kill()
    return proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def test_commands_through_a_pipe_print_once_without_prompt_machinery(tmp_path: Path) -> None:
    code, out, err = _repl(tmp_path, b"b 4\nc\np total\nc\np total\n")
    assert code == 0, (out, err)
    assert "not a terminal" not in out + err
    lines = out.splitlines()
    assert lines.count("(dapcli) b 4") == 1 and lines.count("(dapcli) p total") == 2, out
    assert "Breakpoint 1 at prog.py:4" in out
    assert [line for line in lines if line.endswith("(int)")] == ["0  (int)", "1  (int)"], out
    assert "│ stopped" not in out and "\x1b[" not in out  # no status bar, no terminal control
    assert "Session 'default' terminated." in out  # end of input ends the program it started
    assert "Traceback" not in err


def test_quit_through_a_pipe_leaves_at_once(tmp_path: Path) -> None:
    code, out, err = _repl(tmp_path, b"quit\np total\n")
    assert code == 0, (out, err)
    assert "(dapcli) quit" in out and "(dapcli) p total" not in out


def test_long_stop_line_through_a_pipe_is_not_wrapped(tmp_path: Path) -> None:
    """Into a pipe nothing wraps at 80 columns (rich's default for a non-terminal): the stop line
    of a long file name stays whole, and a source line is whole up to 120 columns, as the
    one-shot CLI prints them for a terminal-less reader (a script, an agent)."""
    long = "total += i  # " + "wide " * 16
    name = "a_program_with_a_name_long_enough_to_push_the_stop_line_well_past_eighty_columns.py"
    (tmp_path / name).write_text(PROGRAM.replace("    total += i\n", f"    {long.rstrip()}\n"))
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    env.pop("COLUMNS", None)
    with subprocess.Popen([DAPCLI, "repl", name, "--python", sys.executable], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path) as proc:
        try:
            out_bytes, err_bytes = proc.communicate(b"b 3\nc\n", timeout=90)
        finally:
            if proc.poll() is None:
                proc.kill()
    out, err = out_bytes.decode("utf-8", "replace"), err_bytes.decode("utf-8", "replace")
    assert proc.returncode == 0, (out, err)
    lines = out.splitlines()
    assert f"Stopped (breakpoint 1) in <module> at {name}:3  thread 1" in lines, out
    assert f"● → 3 │     {long.rstrip()}" in lines, out
    assert "…" not in out, out


def test_list_a_line_range_through_a_pipe(tmp_path: Path) -> None:
    """``list 2:4`` and gdb's ``list 2,4`` show exactly those lines (they read ``…/2`` as a file)."""
    code, out, err = _repl(tmp_path, b"b 3\nc\nlist 2:4\nlist 1,2\nlist prog.py:4,5\n")
    assert code == 0, (out, err)
    assert "cannot read" not in out + err and "error" not in out, out
    listings = out.split("(dapcli) list ")[1:4]
    numbers = [[int(found.group(1)) for found in re.finditer(r"^[●→ ]*(\d+) │", block, re.MULTILINE)]
               for block in listings]
    assert numbers == [[2, 3, 4], [1, 2], [4, 5]], out
    assert "● → 3 │     total += i" in listings[0], out  # the stop's line still marked


def test_hints_name_the_repls_own_commands(tmp_path: Path) -> None:
    """A hint written as a command line (`dapcli break list`) is said as the REPL's command."""
    _code, out, err = _repl(tmp_path, b"b 4\ndelete 99\nc\n")
    hint = next((line for line in (out + err).splitlines() if "break list" in line), "")
    assert "`break list`" in hint and "dapcli" not in hint, (out, err)


def test_a_start_that_fails_is_the_exit_code_of_a_script(tmp_path: Path) -> None:
    """``dapcli repl nosuch.py < script`` said the error and exited 0; as ``dapcli launch``: 2."""
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    (tmp_path / "prog.py").write_text(PROGRAM)
    for argv in (["nosuch.py"], ["prog.py", "-b", "prog.py:999"]):
        done = subprocess.run([DAPCLI, "repl", *argv, "--python", sys.executable], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=90)
        assert done.returncode == 2, (argv, done.stdout, done.stderr)
        assert "error:" in done.stdout + done.stderr and "Traceback" not in done.stderr
    code, _, _ = _repl(tmp_path, b"b 4\nc\n")  # a start that worked: 0, whatever came after
    assert code == 0


def test_set_keeps_the_value_as_typed(tmp_path: Path) -> None:
    """``set NAME 'x'`` lost its quotes (the value became the name ``x``: NameError)."""
    _code, out, err = _repl(tmp_path, b"b 4\nc\nset i 'q r'\np i\nset total 40 + 2\np total\n")
    assert "'q r'  (str)" in out and "42  (int)" in out, (out, err)
    assert "NameError" not in out + err


def test_gdbs_run_is_pointed_to_launch_and_restart(tmp_path: Path) -> None:
    """gdb's `run` (and `start`, `file`) are no commands here: the error says which one does their job
    (it said only "`help` lists the commands")."""
    _, out, err = _repl(tmp_path, b"run\nstart\nfile prog.py\np 1 + 1\n")
    text = out + err
    assert "unknown command 'run'; `launch PROGRAM [-- ARGS]` starts a program, `restart` runs it again" in text, text
    assert "unknown command 'start'; `launch PROGRAM --stop-on-entry` stops at its first line" in text, text
    assert "unknown command 'file'; `launch PROGRAM` names the program and starts it" in text, text
    assert "2  (int)" in out, out  # the session is as it was
