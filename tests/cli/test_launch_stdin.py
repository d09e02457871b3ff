"""A program's stdin and terminal (issue 11): --stdin FILE and -, `dapcli input` to the pty dapcli
owns (DAP runInTerminal), the hint for a program that read an empty stdin, escaped control
sequences, and no pty child left behind."""

from __future__ import annotations

import subprocess

import psutil
from conftest import DAPCLI, PROGRAMS, PYTHON, Cli, line_of


def _output(data: dict) -> str:  # type: ignore[type-arg]
    return "".join(chunk["output"] for chunk in data.get("output") or [])


def test_stdin_file_gives_the_program_its_input(dc: Cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    numbers = tmp_path / "numbers.txt"
    numbers.write_text("2\n40\n")
    data = dc.launch("sum_input.py", options=("--json", "--stdin", str(numbers))).json()
    assert data["status"] == "exited" and data["exitCode"] == 0
    assert "sum 42" in _output(data)


def test_stdin_dash_reads_the_commands_own_stdin(dc: Cli) -> None:
    argv = [*DAPCLI, "--json", "launch", "sum_input.py", "--python", PYTHON, "--stdin", "-"]
    done = subprocess.run(argv, cwd=PROGRAMS, env=dc.env, input=b"5\n6\n", capture_output=True, timeout=60)
    dc.sessions.add("default")
    assert done.returncode == 0, done.stderr
    import json

    assert "sum 11" in _output(json.loads(done.stdout))


def test_dapcli_input_types_to_the_program_in_its_terminal(dc: Cli) -> None:
    data = dc.launch("sum_input.py", "sum", options=("--json", "--terminal"), timeout=2).json()
    assert data["status"] == "running"
    pty_children = [p for p in psutil.Process(dc.status()["hostPid"]).children() if "debugpy" in " ".join(
        p.cmdline())]
    assert pty_children, "the launcher runs under the host, in dapcli's pty"
    dc.run("input", "30")
    dc.run("input", "12")
    stop = dc.json("wait")
    assert stop["status"] == "stopped" and stop["location"]["line"] == line_of("sum_input.py", "sum")
    assert [v["value"] for v in stop["locals"] if v["name"] in ("a", "b")] == ["30", "12"]
    stop = dc.json("continue")
    assert stop["exitCode"] == 0 and "sum 42" in _output(stop)
    dc.run("stop")
    assert dc.wait_gone({p.pid: p.create_time() for p in pty_children}) == []


def test_input_eof_closes_the_programs_stdin(dc: Cli) -> None:
    dc.launch("sum_input.py", options=("--terminal",), timeout=2)
    closed = dc.run("input", "--eof")
    said = closed.out.strip().splitlines()
    assert said[0] == "Closed the program's stdin (end of input).", closed.out  # not "Sent 1 byte"
    assert "EOFError" in closed.out  # the stop it led to
    stop = dc.json("wait")
    assert stop["exception"]["exceptionId"].endswith("EOFError") or "EOFError" in str(stop)


def test_a_program_reading_an_empty_stdin_gets_a_hint(dc: Cli) -> None:
    result = dc.launch("sum_input.py")
    assert "warning: the program read stdin and found it empty" in result.out
    assert "--stdin FILE" in result.out


def test_a_loop_over_an_empty_stdin_gets_a_hint(dc: Cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    # `for line in sys.stdin` meets end-of-file at once and raises nothing: the source says it read
    result = dc.launch("sum_lines.py")
    assert "total 0" in result.out
    assert ("warning: this run's stdin was empty and the program's source reads sys.stdin: if it wanted input, "
            "give its input with --stdin FILE") in result.out, result.out
    assert "--stdin FILE" in result.out
    numbers = tmp_path / "numbers.txt"
    numbers.write_text("2\n40\n")
    given = dc.launch("sum_lines.py", options=("--json", "--stdin", str(numbers))).json()
    assert "total 42" in _output(given) and not given.get("warnings"), given
    assert "stdin" not in dc.launch("hello.py").out  # a program that reads no stdin gets no hint


def test_input_without_a_terminal_says_how_to_get_one(dc: Cli) -> None:
    dc.launch("sum_input.py", options=("--stop-on-entry",))
    result = dc.run("input", "3", check=4)
    assert "--terminal" in result.err


def test_escape_sequences_from_the_program_are_shown_escaped(dc: Cli) -> None:
    data = dc.launch("term_escapes.py", options=("--json", "--terminal")).json()
    text = _output(data) or "".join(c["output"] for c in dc.json("output")["chunks"])
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b]0;pwned title\\x07" in text and "plain text" in text
