"""Program output, values and adapter messages shown in a terminal have their control characters
escaped; JSON keeps the raw text (issue 14, item 5)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import Cli

from dapcli.render import render
from dapcli.render.safe import escape
from dapcli.verbs import models as m

HEAVY = ("rich", "pydantic", "asyncio", "mcp", "prompt_toolkit", "typer", "yaml", "dapcli.verbs", "dapcli.render")

#: C0 (but newline and tab), DEL, C1, bidi controls
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_program_output_is_escaped_in_text_and_raw_in_json(dc: Cli) -> None:
    dc.launch("escapes.py", "printed")
    dc.wait_output("before")
    text = dc.run("output").out
    assert not UNSAFE.search(text), repr(text)
    assert "\\x1b]0;pwned-title\\x07" in text and "\\x1b]52;c;" in text and "\\u202eevil" in text
    assert "\\x9b31m" in text
    raw = "".join(chunk["output"] for chunk in dc.json("output")["chunks"])
    assert "\x1b]0;pwned-title\x07" in raw and "\u202e" in raw  # JSON: the program's own bytes
    stop = dc.run("status").out + dc.run("stack").out + dc.run("next").out + dc.run("eval", "name").out
    assert not UNSAFE.search(stop), repr(stop)


def test_values_and_errors_are_escaped_in_text() -> None:
    from rich.console import Console

    result = m.EvaluateResult(expression="s", result="'\x1b]0;t\x07\u202eab'", type="str")
    console = Console(record=True, width=120, force_terminal=False, color_system=None)
    console.print(render(result))
    shown = console.export_text()
    assert not UNSAFE.search(shown), repr(shown)
    assert "\\x1b]0;t\\x07\\u202eab" in shown
    assert result.result == "'\x1b]0;t\x07\u202eab'"  # the model itself (JSON, MCP) is untouched


def test_escape_rules() -> None:
    assert escape("a\tb\nc") == "a\tb\nc"
    assert escape("line\r\n") == "line\n"
    assert escape("\r") == "\\x0d"
    assert escape("\x00\x7f\x85\u2069") == "\\x00\\x7f\\x85\\u2069"
    assert escape("héllo → 世界 🐛") == "héllo → 世界 🐛"


def test_sessions_table_escapes_a_program_path_with_controls(dc: Cli, tmp_path: Path) -> None:
    """``sessions`` (drawn without rich, on the fast path) showed a program's path raw: an OSC
    sequence in a file name retitled the terminal and a newline split the row."""
    name = "b\x1b]0;FN\x07\nx.py"
    (tmp_path / name).write_text("import time\ntime.sleep(60)\n")
    dc.run("launch", name, "--session", "odd", "--stop-on-entry", cwd=tmp_path)
    table = dc.run("sessions", cwd=tmp_path).out
    assert not UNSAFE.search(table) and "\n" not in table.rstrip("\n").split("\n", 1)[1], repr(table)
    assert "b\\x1b]0;FN\\x07\\x0ax.py" in table
    program = dc.json("sessions", cwd=tmp_path)["sessions"][0]["program"]
    assert program.endswith(name)  # JSON keeps the path as it is
    dc.run("--session", "odd", "stop", cwd=tmp_path)


def test_sessions_with_a_live_session_loads_no_renderer(dc: Cli, tmp_path: Path) -> None:
    """The sessions table's escaping came from the renderer's package, which imported the whole
    renderer and verb table: ``dapcli sessions`` took ~0.55 s with a live session (0.05 s with none)."""
    (tmp_path / "idle.py").write_text("import time\ntime.sleep(60)\n")
    dc.run("launch", "idle.py", "--session", "idle", "--stop-on-entry", cwd=tmp_path)
    code = ("import sys\nsys.argv = ['dapcli', 'sessions']\nfrom dapcli.frontends.cli import fast\n"
            "code = fast.main()\n"
            f"sys.stderr.write(','.join(m for m in {HEAVY!r} if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], env=dc.env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=30)
    assert "idle" in done.stdout and "idle.py" in done.stdout, done.stdout
    assert done.stderr == "", f"dapcli sessions imported: {done.stderr}"
    dc.run("--session", "idle", "stop", cwd=tmp_path)
