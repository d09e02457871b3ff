"""Hit counts at scale go to the adapter's own mechanism (issue 27): ``hit 10000`` on a loop
body stops once, at the 10,000th pass (``i == 9999``), with the same label as before, and the
program then runs to its end without stopping at the later passes (lldb-dap and gdb: an ignore
count, then one that no run reaches; Delve and debugpy: their own hit conditions). And every log
line of a log point at scale is kept, whatever the debugger echoes at each hit (issue 23.12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, each, marker_line

pytestmark = pytest.mark.slow

WAIT = "900"  # a loaded machine: lldb takes ~1 ms a hit even when it decides by itself


def _local(state: dict[str, object], name: str) -> str | None:
    return next((v["value"] for v in state.get("locals") or [] if v["name"] == name), None)  # type: ignore[union-attr, index]


def _slow(cli: Cli, *args: str) -> dict:
    """``cli.json(*args)`` for a verb that runs the loop (minutes on a loaded machine)."""
    return cli("--json", *args, timeout=float(WAIT) + 60).json()


def _stdout(cli: Cli) -> str:
    return "".join(c["output"] for c in cli.json("output", "--category", "stdout")["chunks"])


def _hit_then_run_out(cli: Cli, program: str, source: str, adapter: str, passes: int, hit: int) -> None:
    line = marker_line(Path(cli.cwd) / source, "scale-body")
    state = _slow(cli, "launch", program, "--adapter", adapter, "--timeout", WAIT,
                     "-b", f"{source}:{line} hit {hit}", "--", str(passes))
    assert state["status"] == "stopped" and state["reason"] == "breakpoint", state
    assert state.get("hitBreakpointIds", [1]) == [1] and state["location"]["line"] == line, state
    assert _local(state, "i") == str(hit - 1)
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b["id"], b["hitCondition"], b["verified"]) for b in listed] == [(1, str(hit), True)]
    done = _slow(cli, "continue", "--timeout", WAIT)
    assert done["status"] in ("exited", "terminated"), done  # no later pass stops
    assert f"{sum(range(passes))}" in _stdout(cli)


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_hit_10000_stops_once_at_the_10000th_pass_in_c(adapter: str, scaleloop: Path, cli: Cli) -> None:
    _hit_then_run_out(cli, "./scaleloop", "scaleloop.c", adapter, 12_000, 10_000)


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_the_ignore_count_is_set_again_for_the_next_run(adapter: str, scaleloop: Path, cli: Cli) -> None:
    """``restart``: the spent breakpoint is sent with its own count again (the hit of the new run)."""
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    state = cli.json("launch", "./scaleloop", "--adapter", adapter, "-b", f"scaleloop.c:{line} hit 30", "--", "100")
    assert _local(state, "i") == "29"
    again = _slow(cli, "restart", "--timeout", WAIT)
    assert again["status"] == "stopped" and _local(again, "i") == "29", again
    assert cli.json("continue")["status"] in ("exited", "terminated")


@pytest.mark.parametrize("adapter", each("lldb", "gdb", "codelldb"))
def test_a_step_onto_the_line_after_the_hit_stops_there(adapter: str, scaleloop: Path, cli: Cli) -> None:
    """After ``hit 3`` made its stop, stepping through the loop stops on its line as a step (lldb-dap:
    the breakpoint left lldb's set; an ignore count no run reaches made that step run on), the list
    does not call it emulated, and ``continue`` runs to the end."""
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    state = cli.json("launch", "./scaleloop", "--adapter", adapter, "-b", f"scaleloop.c:{line} hit 3", "--", "6")
    assert state["reason"] == "breakpoint" and _local(state, "i") == "2", state
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b["hitCondition"], b.get("emulated")) for b in listed] == [("3", None)], listed
    lines = []
    for _ in range(4):
        step = cli.json("next")
        assert step["status"] == "stopped" and step["reason"] == "step", step
        lines.append((step["location"]["line"], _local(step, "i")))
    assert (line, "3") in lines, lines  # the next pass's line, reached by a step
    assert cli.json("continue")["status"] in ("exited", "terminated")
    assert "sum=15" in _stdout(cli)


@pytest.mark.parametrize("adapter", each("lldb", "gdb", "codelldb"))
def test_a_condition_added_after_the_hit_counts_again(adapter: str, scaleloop: Path, cli: Cli) -> None:
    """``hit 3`` made its stop; ``condition 1 'i > 6'`` then counts anew, as debugpy does: the 3rd
    pass where i > 6 stops (i == 9). It never stopped again (lldb-dap, CodeLLDB: the spent count)."""
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    state = cli.json("launch", "./scaleloop", "--adapter", adapter, "-b", f"scaleloop.c:{line} hit 3", "--", "12")
    assert _local(state, "i") == "2", state
    cli.json("condition", "1", "i > 6")
    again = cli.json("continue")
    assert again["status"] == "stopped" and _local(again, "i") == "9", again
    assert cli.json("continue")["status"] in ("exited", "terminated")


@pytest.mark.parametrize("adapter", each("go"))
def test_hit_10000_stops_once_at_the_10000th_pass_in_go(adapter: str, goscaleloop: Path, cli: Cli) -> None:
    _hit_then_run_out(cli, str(goscaleloop), "goscale/main.go", adapter, 12_000, 10_000)


@pytest.mark.parametrize("adapter", ["python"])
def test_hit_10000_stops_once_at_the_10000th_pass_in_python(adapter: str, programs: Path, cli: Cli) -> None:
    _hit_then_run_out(cli, "scaleloop.py", "scaleloop.py", adapter, 12_000, 10_000)


@pytest.mark.parametrize("adapter", each("gdb", "lldb"))
def test_every_log_line_of_a_log_point_at_scale_is_kept(adapter: str, scaleloop: Path, cli: Cli) -> None:
    """6,000 log lines (gdb echoes several console lines at each: once these evicted them)."""
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    passes = 6_000
    done = _slow(cli, "launch", "./scaleloop", "--adapter", adapter, "--timeout", WAIT,
                    "-b", f"scaleloop.c:{line} log i={{i}}", "--", str(passes))
    if done["status"] == "running":
        done = _slow(cli, "wait", "--timeout", WAIT)
    assert done["status"] in ("exited", "terminated"), done
    logged = [text for text in _stdout(cli).splitlines() if text.startswith("i=")]
    assert logged == [f"i={n}" for n in range(passes)]


@pytest.mark.parametrize("adapter", each("gdb"))
@pytest.mark.parametrize(("clause", "expected"), [
    ("hit % 2500", ["2499", "4999", "7499", "9999"]),
    ("if i >= 5000 hit % 2000", ["6999", "8999"]),  # counted where the condition holds
    ("hit < 3", ["0", "1"]),
])
def test_hit_conditions_gdb_counts_itself(adapter: str, clause: str, expected: list[str], scaleloop: Path,
                                          cli: Cli) -> None:
    """gdb has no hitCondition for ``%N``/``<N``: its own convenience variable counts, no stop a hit."""
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    state = _slow(cli, "launch", "./scaleloop", "--adapter", adapter, "--timeout", WAIT,
                     "-b", f"scaleloop.c:{line} {clause}", "--", "10000")
    seen = []
    while state["status"] == "stopped":
        assert state["reason"] == "breakpoint" and state.get("hitBreakpointIds", [1]) == [1], state
        seen.append(_local(state, "i"))
        state = _slow(cli, "continue", "--timeout", WAIT)
    assert seen == expected
    assert state["status"] in ("exited", "terminated"), state


@pytest.mark.parametrize("adapter", each("gdb"))
def test_a_gdb_log_point_with_a_hit_count_is_a_dprintf(adapter: str, scaleloop: Path, cli: Cli) -> None:
    """``hit %2500 log i={i}`` over 10,000 passes: gdb's own ``dprintf`` logs the 4 lines with its
    hit count in the dprintf's condition (it was a plain breakpoint that dapcli stopped at 10,000
    times), the program stops only at the breakpoint after the loop, and nothing is said emulated."""
    import re

    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    end = marker_line(scaleloop.parent / "scaleloop.c", "scale-end")
    state = _slow(cli, "launch", "./scaleloop", "--adapter", adapter, "--timeout", WAIT,
                  "-b", f"scaleloop.c:{line} hit %2500 log i={{i}}", "-b", f"scaleloop.c:{end}", "--", "10000")
    assert state["status"] == "stopped" and state["location"]["line"] == end, state
    assert not [w for w in state.get("warnings") or [] if "emulated" in w], state
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b.get("hitCondition"), b.get("logMessage"), b.get("emulated")) for b in listed] == [
        ("%2500", "i={i}", None), (None, None, None)], listed
    assert [text for text in _stdout(cli).splitlines() if text.startswith("i=")] == [
        "i=2499", "i=4999", "i=7499", "i=9999"]
    said = cli("console", "info breakpoints").out
    assert re.search(r"dprintf\s+keep y\s+\S+ in main at scaleloop\.c:" + str(line), said), said
    assert re.search(r"stop only if .*\$dapcli_hits_\w+\) % 2500 == 0", said), said
    assert "breakpoint already hit 4 times" in said, said
