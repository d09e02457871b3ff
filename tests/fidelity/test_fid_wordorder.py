"""Issue 29.3: a log point's clauses in either order. ``-b 'F:L log MSG if COND'`` logs MSG only
where COND holds (it used to log "MSG if COND" on every pass), on the CLI (``launch -b``,
``break add``), over MCP (``launch`` breakpoints, ``setBreakpoint``) and in a recipe."""

from __future__ import annotations

import importlib.util
import re
import sys
import textwrap
from pathlib import Path

import pytest
from fid_helpers import Cli, call, marker_line, mcp_client, run_async, text

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("debugpy") is None, reason="debugpy is not installed")]


def _logged(output: str, word: str = "at") -> list[str]:
    """The log point's lines (the program's own output may share a line with one: its buffer)."""
    return re.findall(rf"{word} \d+(?: total=\d+)?(?=\n|$)", output)


def test_log_then_condition_at_launch_and_break_add(programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    state = cli.json("launch", "tracebp.py", "--python", sys.executable,
                     "-b", f"tracebp.py:{add} log at {{i}} total={{total}} if i >= 3")
    assert state["status"] == "exited", state
    assert _logged(cli("output").out) == ["at 3 total=30", "at 4 total=60"]
    listed = cli.json("break", "list")["breakpoints"]
    assert listed[0]["condition"] == "i >= 3" and listed[0]["logMessage"] == "at {i} total={total}"


def test_log_then_condition_with_break_add_unquoted(programs: Path, cli: Cli) -> None:
    """gdb's way of typing it on the one-shot CLI: the words after the location are one breakpoint."""
    add = marker_line(programs / "tracebp.py", "add")
    scale = marker_line(programs / "tracebp.py", "scale-body")
    cli("launch", "tracebp.py", "--python", sys.executable, "--stop-on-entry")
    added = cli.json("break", "add", f"tracebp.py:{add}", "log", "at", "{i}", "if", "i", "%", "2", "==", "0")
    assert (added["condition"], added.get("hitCondition"), added["logMessage"]) == ("i % 2 == 0", None, "at {i}")
    hit = cli.json("b", f"tracebp.py:{scale}", "log", "in", "{i}", "hit", "3")
    assert (hit.get("condition"), hit["hitCondition"], hit["logMessage"]) == (None, "3", "in {i}")
    assert cli.json("continue")["status"] == "exited"
    output = cli("output").out
    assert _logged(output) == ["at 0", "at 2", "at 4"] and _logged(output, "in") == ["in 2"]


def test_log_then_condition_over_mcp(programs: Path) -> None:
    source = programs / "tracebp.py"
    add, scale = marker_line(source, "add"), marker_line(source, "scale-body")

    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(source), "python": sys.executable,
                                                  "breakpoints": [f"{source}:{add} log at {{i}} if i == 1"],
                                                  "stopOnEntry": True})
            added = await call(client, "setBreakpoint", {"location": f"{source}:{scale} log late {{i}} if i == 4"})
            assert (added["condition"], added["logMessage"]) == ("i == 4", "late {i}")
            state = await call(client, "continue")
            assert state["status"] == "exited", state
            assert _logged(text(state)) == ["at 1"]
            assert _logged(text(state), "late") == ["late 4"]

    run_async(body)


def test_log_then_condition_in_a_recipe(programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    recipe = programs / "wordorder.yaml"
    recipe.write_text(textwrap.dedent(f"""\
        target:
          adapter: python
          program: tracebp.py
        breakpoints:
          - "tracebp.py:{add} log at {{i}} if i == 2"
        steps:
          - continue:
            expect:
              status: exited
              output: {{matches: '(?sm)\\A(?!.*at 2 if)(?!.*^at [0134]$).*^at 2$'}}
        """))
    done = cli("run", str(recipe), check=None)
    assert done.code == 0, done.out + done.err
    assert "1 step(s), 2 check(s) passed" in done.out
