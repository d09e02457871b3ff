"""Digits that are not ASCII (``²``, which ``int()`` refuses; ``١٢``, which it reads as 12) are no
line, id, port or terminal size: each is refused in one line (or ignored, for ``COLUMNS``), never
an internal error, and the session is unchanged."""

from __future__ import annotations

import subprocess

import pytest
from conftest import DAPCLI, PROGRAMS, Cli, line_of, one_line_error

STOP = line_of("loops.py", "add_body")


@pytest.mark.parametrize("location", ["²", "loops.py:²", "١٢", "loops.py:١٢"])
def test_list_refuses_a_line_of_odd_digits(dc: Cli, location: str) -> None:
    dc.launch("loops.py", "add_body")
    line = one_line_error(dc.run("list", location, check=2).err)
    assert location in line
    assert dc.json("stack")["frames"][0]["line"] == STOP


def test_a_terminal_size_of_odd_digits_is_ignored(dc: Cli) -> None:
    odd = {"COLUMNS": "²", "LINES": "١٢"}
    out = dc.run("launch", "loops.py", "-b", f"loops.py:{STOP}", "--timeout", "20", env=odd).out
    dc.sessions.add("default")
    dc.record()
    assert f"● → {STOP} │" in out
    assert "add" in dc.run("stack", env=odd).out
    dc.run("stop")
    repl = subprocess.run([*DAPCLI, "repl", "loops.py", "-b", f"loops.py:{STOP}"], input=b"p a + b + 40\nq\n",
                          env={**dc.env, **odd}, cwd=PROGRAMS, capture_output=True, timeout=90)
    text = repl.stdout.decode() + repl.stderr.decode()
    assert repl.returncode == 0 and "40  (int)" in text and "Traceback" not in text, text


def test_serve_mcp_refuses_a_port_of_odd_digits(dc: Cli) -> None:
    line = one_line_error(dc.run("serve-mcp", "--transport", "streamable-http", "--port", "²", check=2).err)
    assert "--port" in line
