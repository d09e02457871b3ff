"""One local gdb cannot read must not break the listing: at a failed ``assert`` cdt-gdb-adapter
answers the frame's whole ``variables`` request with ``No symbol "__PRETTY_FUNCTION__" in current
context.``; dapcli lists the frame's variables name by name instead (vars, the stop's locals).

The program's folder also holds a file named ``abort.c``: gdb, unable to open glibc's own
``./stdlib/abort.c``, finds it by its base name there and reports it as libc's ``abort`` frame's
source; the stop must still be shown at the user's ``assert`` (it was shown at "abort.c:79" when
another test's ``abort.c`` happened to share the folder)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, PROGRAMS, Driver, each_adapter, marker_line, run

ASSERT = marker_line(PROGRAMS / "assertfail.c", "assert")


@pytest.fixture(scope="module")
def assertfail(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    build_dir = tmp_path_factory.mktemp("assertfail")
    shutil.copy(PROGRAMS / "assertfail.c", build_dir / "assertfail.c")
    # the user's own abort.c, long enough to hold glibc's line and calling abort(), never __GI_abort
    (build_dir / "abort.c").write_text("#include <stdlib.h>\n" + "/* filler */\n" * 200
                                       + "void give_up(void) { abort(); }\n")
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
            assert stop["location"]["path"] == str(assertfail.parent / "assertfail.c"), stop
            shown = {v["name"]: v["value"] for v in stop.get("locals") or []}
            assert shown.get("got") == "7" and shown.get("want") == "42", stop
            listed = await d("variables")
            values = {v["name"]: v["value"] for v in listed["variables"]}
            assert values.get("got") == "7" and values.get("want") == "42", listed
            assert "__PRETTY_FUNCTION__" in values, listed  # listed too: its value or its error
            console = await d("output", category=["console"])
            text = "".join(c["output"] for c in console.get("chunks") or [])
            assert "want = 42" not in text, text  # dapcli's own `info locals` is not the user's output
        finally:
            await d.close()

    run(body)
