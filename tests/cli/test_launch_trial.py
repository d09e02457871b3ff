"""Findings of a new user's trial of launch: --set env values are text, two breakpoints on
one line at launch, a program waiting for input in dapcli's terminal, --stdin - input removed
when the session ends."""

from __future__ import annotations

import json
import os
import subprocess
import time

from conftest import DAPCLI, PROGRAMS, PYTHON, Cli, line_of, loc


def _output(data: dict) -> str:  # type: ignore[type-arg]
    return "".join(chunk["output"] for chunk in data.get("output") or [])


def test_set_env_value_is_sent_as_text(dc: Cli) -> None:
    data = dc.launch("env_show.py", options=("--json", "--set", "env.DEBUG=1",
                                             "--adapter-config", '{"env": {"N": 2}}')).json()
    assert data["status"] == "exited" and data["exitCode"] == 0
    text = _output(data) or "".join(c["output"] for c in dc.json("output")["chunks"])
    assert "DEBUG '1' N '2'" in text


def test_adapter_refusing_options_hint_has_no_stray_separator(dc: Cli) -> None:
    result = dc.launch("cart.py", options=("--set", "args=5"), check=False)
    assert result.code != 0
    assert "the adapter got your options ['args']" in result.err
    assert not any(line.rstrip().endswith(";") for line in result.err.splitlines())


def test_two_breakpoints_on_one_line_at_launch_are_refused_not_dropped(dc: Cli) -> None:
    """The trial saw the second -b dropped without a word; a line holds one breakpoint."""
    loop = loc("cart.py", "loop")
    result = dc.run("launch", "cart.py", "-b", f"{loop} if i == 2", "-b", f"{loop} hit >=3", check=2)
    assert result.code == 2
    assert "given twice" in result.err and "a line holds one breakpoint" in result.err
    assert dc.run("status", check=False).code == 3  # nothing started


def test_launch_returns_when_the_program_waits_for_terminal_input(dc: Cli) -> None:
    started = time.monotonic()
    data = dc.launch("sum_input.py", "sum", options=("--json", "--terminal"), timeout=120).json()
    assert time.monotonic() - started < 60, "launch waited its whole timeout"  # generous: a busy machine
    assert data["status"] == "running"
    assert any("waits for input" in w and "dapcli input TEXT" in w for w in data["warnings"])
    assert dc.run("input", "30").out.strip().splitlines()[0] == "Sent 3 bytes to the program."
    assert dc.run("input", "--no-newline", "1", "--wait", "0").out.strip() == "Sent 1 byte to the program."
    dc.run("input", "2")
    stop = dc.json("wait")
    assert stop["status"] == "stopped" and stop["location"]["line"] == line_of("sum_input.py", "sum")
    assert [v["value"] for v in stop["locals"] if v["name"] in ("a", "b")] == ["30", "12"]
    assert not stop.get("warnings")


def test_continue_returns_when_the_program_waits_for_terminal_input(dc: Cli) -> None:
    data = dc.launch("sum_input.py", "first", "sum", options=("--json", "--terminal"), timeout=60).json()
    assert data["status"] == "stopped" and data["location"]["line"] == line_of("sum_input.py", "first")
    started = time.monotonic()
    running = dc.json("continue", "--timeout", "120", timeout=150)
    assert time.monotonic() - started < 60, "continue waited its whole timeout"  # generous: a busy machine
    assert running["status"] == "running"
    assert any("waits for input" in w for w in running["warnings"])
    dc.run("input", "5")
    dc.run("input", "6")
    stop = dc.json("wait")
    assert stop["status"] == "stopped" and stop["location"]["line"] == line_of("sum_input.py", "sum")


def test_stdin_dash_input_is_removed_when_the_session_ends(dc: Cli) -> None:
    argv = [*DAPCLI, "--json", "launch", "sum_input.py", "--python", PYTHON, "--stdin", "-",
            "-b", loc("sum_input.py", "sum")]
    done = subprocess.run(argv, cwd=PROGRAMS, env=dc.env, input=b"50\n60\n", capture_output=True, timeout=60)
    dc.sessions.add("default")
    dc.record()
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "stopped"
    kept = os.path.join(dc.runtime_dir, "default.stdin")
    assert os.path.exists(kept), "the program's input is kept while the session lives (restart reads it)"
    dc.run("stop")
    deadline = time.monotonic() + 30
    while os.path.exists(kept) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(kept), "the input (maybe secrets) outlived its session"
