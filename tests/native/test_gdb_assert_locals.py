"""One local gdb cannot read must not break the listing: at a failed ``assert`` cdt-gdb-adapter
answers the frame's whole ``variables`` request with ``No symbol "__PRETTY_FUNCTION__" in current
context.``; dapcli lists the frame's variables name by name instead (vars, the stop's locals)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, PROGRAMS, Driver, each_adapter, marker_line, run

ASSERT = marker_line(PROGRAMS / "assertfail.c", "assert")


@pytest.fixture(scope="module")
def assertfail(build_dir: Path) -> Path:
    assert CC is not None
    shutil.copy(PROGRAMS / "assertfail.c", build_dir / "assertfail.c")
    done = subprocess.run([CC, "-g", "-O0", "-o", "assertfail", "assertfail.c"], cwd=build_dir,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return build_dir / "assertfail"


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_failed_assert_lists_the_locals(adapter: str, assertfail: Path) -> None:
    async def body() -> None:
        d = Driver(assertfail.parent)
        try:
            stop = await d("launch", program="assertfail", adapter=adapter)
            assert stop["status"] == "stopped" and stop["location"]["line"] == ASSERT, stop
            shown = {v["name"]: v["value"] for v in stop.get("locals") or []}
            assert shown.get("got") == "7" and shown.get("want") == "42", stop
            listed = await d("variables")
            values = {v["name"]: v["value"] for v in listed["variables"]}
            assert values.get("got") == "7" and values.get("want") == "42", listed
            assert "__PRETTY_FUNCTION__" in values, listed  # listed too: its value or its error
        finally:
            await d.close()

    run(body)
