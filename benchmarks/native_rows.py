"""Native rows: ``launch`` of a C program to its first stop against a raw DAP client of lldb-dap,
and the first page of ``vars`` on a 100,000-element C array with lldb-dap."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import DAPCLI, FLOORS, PY, Row, env_with_runtime, timed

PROGRAM = """\
#include <stdio.h>
int main(void) {
    int big[100000];
    for (int i = 0; i < 100000; i++) big[i] = i;
    printf("%d\\n", big[99999]);  /* @print */
    return 0;
}
"""


def rows(rounds: int) -> list[dict[str, Any]]:
    from dapcli.adapters.registry import all_adapters

    lldb = next((a for a in all_adapters(os.getcwd()) if a.name == "lldb"), None)
    if shutil.which("gcc") is None or lldb is None or lldb.find() is None:
        return []
    folder = Path(tempfile.mkdtemp(prefix="dcbig"))
    (folder / "big.c").write_text(PROGRAM)
    subprocess.run(["gcc", "-g", "-O0", "-o", str(folder / "big"), str(folder / "big.c")], check=True)
    line = PROGRAM.splitlines().index(next(x for x in PROGRAM.splitlines() if "@print" in x)) + 1
    from dapcli.dispatch.local import LocalDispatcher

    loop = asyncio.new_event_loop()
    local = LocalDispatcher()
    try:
        loop.run_until_complete(local.call("launch", {"program": str(folder / "big"), "adapter": "lldb",
                                                      "breakpoints": [f"{folder / 'big.c'}:{line}"]}))
        reference = next(v.variables_reference for v in loop.run_until_complete(local.call("variables", {})).variables
                         if v.name == "big")

        def first_page() -> float:
            started = time.perf_counter()
            loop.run_until_complete(local.call("variables", {"variablesReference": reference, "count": 100}))
            return (time.perf_counter() - started) * 1000

        row = Row("`vars` first page of a 100k-element C array (lldb-dap)", "≤ 150 ms", "abs", 150.0, first_page)
        row.run(rounds)
        return [row.figures()]
    finally:
        loop.run_until_complete(local.call("stop", {}))
        loop.close()
        shutil.rmtree(folder, ignore_errors=True)


def launch_rows(rounds: int) -> list[dict[str, Any]]:
    """``dapcli launch EXE -b big.c:LINE`` → first stop printed, against a raw DAP client process
    that drives lldb-dap through the same start (initialize, launch, setBreakpoints,
    configurationDone, stopped)."""
    from dapcli.adapters.registry import all_adapters

    lldb = next((a for a in all_adapters(os.getcwd()) if a.name == "lldb"), None)
    adapter = lldb.find() if lldb is not None else None
    if shutil.which("gcc") is None or adapter is None:
        return []
    folder = Path(tempfile.mkdtemp(prefix="dclaunch"))
    try:
        (folder / "big.c").write_text(PROGRAM)
        program, source = str(folder / "big"), str(folder / "big.c")
        subprocess.run(["gcc", "-g", "-O0", "-o", program, source], check=True)
        line = str(PROGRAM.splitlines().index(next(x for x in PROGRAM.splitlines() if "@print" in x)) + 1)

        def dapcli_launch() -> float:
            env = env_with_runtime()
            try:
                return timed([*DAPCLI, "launch", program, "-b", f"{source}:{line}"], env, check=True)
            finally:
                subprocess.run([*DAPCLI, "stop"], env=env, capture_output=True, timeout=60)
                shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)

        def raw() -> float:
            launch = json.dumps({"program": program, "cwd": str(folder)})
            return timed([PY, str(FLOORS), "raw-dap", adapter, source, line, launch], check=True)

        row = Row("`dapcli launch EXE -b F:L` (lldb-dap) → first stop printed", "≤ 1.2× raw DAP launch (lldb-dap)",
                  "ratio", 1.2, dapcli_launch, raw, "raw DAP client process → stopped")
        row.run(rounds)
        return [row.figures()]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
