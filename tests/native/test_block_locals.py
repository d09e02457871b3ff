"""A block's variables that come into scope after the frame was first listed are listed.

cdt-gdb-adapter lists a frame from the variable objects it made at its first listing and asks
gdb again only when one of them left scope: after a stop at ``main``'s entry, the ``for`` loop's
``i`` was missing from every later listing (stop locals, ``variables``), though ``print i``
worked and gdb's ``info locals`` shows it. dapcli adds what ``info locals`` names, and the console
text of that command stays out of the session's output. Every native adapter is held to it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from native_helpers import PROGRAMS, Driver, each_adapter, marker_line, run

LOOP = marker_line(PROGRAMS / "sample.c", "loop-body")
CALL = marker_line(PROGRAMS / "sample.c", "call")


@pytest.mark.parametrize("adapter", each_adapter())
def test_a_loop_variable_entered_after_the_first_stop_is_listed(adapter: str, sample: Path) -> None:
    async def body() -> None:
        d = Driver(sample.parent)
        try:
            entry = await d("launch", program=str(sample), adapter=adapter, stopOnEntry=True)
            assert entry["status"] == "stopped", entry
            assert "i" not in {v["name"] for v in entry.get("locals") or []}, entry  # not in scope yet
            await d("setBreakpoint", location=f"sample.c:{LOOP}")
            first = await d("continue")
            assert first["location"]["line"] == LOOP, first
            assert {v["name"]: v["value"] for v in first["locals"]}.get("i") == "0", first["locals"]
            second = await d("continue")
            assert {v["name"]: v["value"] for v in second["locals"]}.get("i") == "1", second["locals"]
            listed = await d("variables")
            names = [v["name"] for v in listed["variables"]]
            assert names.count("i") == 1 and names.count("total") == 1, names
            assert {v["name"]: v["value"] for v in listed["variables"]}["total"] == "10", listed
            console = await d("output", category=["console"])
            text = "".join(c["output"] for c in console.get("chunks") or console.get("output") or [])
            assert "total = " not in text, text  # dapcli's own `info locals` is not the user's output
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter())
def test_a_loop_variable_out_of_scope_again_is_not_listed(adapter: str, sample: Path) -> None:
    async def body() -> None:
        d = Driver(sample.parent)
        try:
            await d("launch", program=str(sample), adapter=adapter, breakpoints=[f"sample.c:{LOOP}"])
            await d("clearBreakpoints")
            await d("setBreakpoint", location=f"sample.c:{CALL}")
            after = await d("continue")
            assert after["location"]["line"] == CALL, after
            names = [v["name"] for v in (await d("variables"))["variables"]]
            assert "i" not in names and names.count("total") == 1, names
        finally:
            await d.close()

    run(body)
