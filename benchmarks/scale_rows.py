"""Cost-growth rows: a hit count and a log point on a loop body of 10,000 passes (and, with
``--scale``, 1,000,000), per adapter (lldb-dap, gdb, Delve, debugpy), each against the same run
with no breakpoint in the loop (a breakpoint after it: one stop in both runs).

A hit-count run is ``launch -b 'F:BODY hit N'`` (the last pass) then ``continue`` to the end; its
floor ``launch -b F:END`` then ``continue``. A log-point run is ``launch -b "F:BODY log 'i={i}'"``
to the program's end; its floor the plain ``launch`` to the end. Each log-point row also says
how many of its N log lines the output buffer kept. Few rounds: one run can take seconds."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.common import DAPCLI, Row, env_with_runtime, timed

C_LOOP = """\
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    long n = atol(argv[1]);
    long sum = 0;
    for (long i = 0; i < n; i++) {
        sum += i;   /* @body */
    }
    printf("sum=%ld\\n", sum);  /* @end */
    return 0;
}
"""
GO_LOOP = """\
package main

import (
\t"fmt"
\t"os"
\t"strconv"
)

func main() {
\tn, _ := strconv.Atoi(os.Args[1])
\tsum := 0
\tfor i := 0; i < n; i++ {
\t\tsum += i // @body
\t}
\tfmt.Println("sum", sum) // @end
}
"""
PY_LOOP = """\
import sys
n = int(sys.argv[1])
total = 0
for i in range(n):
    total += i  # @body
print("sum", total)  # @end
"""
#: Seconds one run may take (a million lldb hits is ~20 minutes on a quiet machine).
WAIT = 3600
_WAIT = ["--timeout", str(WAIT)]


def _line(text: str, marker: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if f"@{marker}" in line)


def _programs(folder: Path) -> list[tuple[str, str, str, str]]:
    """``(adapter, label, program, source)`` for each adapter installed here."""
    from dapcli.adapters.registry import all_adapters

    found = {a.name: a for a in all_adapters(os.getcwd())}
    made = []
    if shutil.which("gcc"):
        (folder / "loop.c").write_text(C_LOOP)
        subprocess.run(["gcc", "-g", "-O0", "-o", str(folder / "loop"), str(folder / "loop.c")], check=True)
        for name, label in (("lldb", "lldb-dap"), ("gdb", "gdb")):
            if name in found and found[name].find():
                made.append((name, label, str(folder / "loop"), str(folder / "loop.c")))
    go = shutil.which("go")
    if go and "go" in found and found["go"].find():
        (folder / "go").mkdir()
        (folder / "go" / "main.go").write_text(GO_LOOP)
        (folder / "go" / "go.mod").write_text("module loop\n\ngo 1.19\n")
        subprocess.run([go, "build", "-gcflags=all=-N -l", "-o", "loop", "."], cwd=folder / "go", check=True)
        made.append(("go", "Delve", str(folder / "go" / "loop"), str(folder / "go" / "main.go")))
    (folder / "loop.py").write_text(PY_LOOP)
    made.append(("python", "debugpy", str(folder / "loop.py"), str(folder / "loop.py")))
    return made


def _session(argv: list[list[str]]) -> float:
    """Wall time (ms) of these dapcli commands in one fresh session, stopped after."""
    env = env_with_runtime()
    try:
        return sum(timed([*DAPCLI, *args], env, check=True) for args in argv)
    finally:
        subprocess.run([*DAPCLI, "stop"], env=env, capture_output=True, timeout=120)
        shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)


def _kept(adapter: str, program: str, source: str, body: int, passes: int) -> int:
    """How many of the ``passes`` log lines one log-point run keeps in its output."""
    import json

    env = env_with_runtime()
    try:
        subprocess.run([*DAPCLI, "launch", program, "--adapter", adapter, "--timeout", str(WAIT),
                        "-b", f"{source}:{body} log i={{i}}", "--", str(passes)], env=env, capture_output=True,
                       timeout=WAIT + 60, check=True)
        done = subprocess.run([*DAPCLI, "--json", "output", "--raw"], env=env, capture_output=True, text=True,
                              timeout=120, check=True)
        text = "".join(c["output"] for c in json.loads(done.stdout)["chunks"])
        return sum(1 for line in text.splitlines() if "i=" in line)  # Delve: `> [Go 1]: i=0`
    finally:
        subprocess.run([*DAPCLI, "stop"], env=env, capture_output=True, timeout=120)
        shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)


def rows(rounds: int, sizes: tuple[int, ...] = (10_000,), only: str | None = None) -> list[dict[str, Any]]:
    """The rows, ``rounds`` interleaved A/B rounds each (at most 3: one run can take long)."""
    rounds = max(1, min(rounds, 3))
    folder = Path(tempfile.mkdtemp(prefix="dcscale"))
    results = []
    try:
        for adapter, label, program, source in _programs(folder):
            text = Path(source).read_text()
            body, end = _line(text, "body"), _line(text, "end")
            for passes in sizes:
                size = f"{passes:,}"
                hit = Row(f"hit count on a loop body, {size} passes ({label})", "≤ 2× no breakpoint in the loop",
                          "ratio", 2.0,
                          lambda a=adapter, p=program, s=source, b=body, n=passes: _session([
                              ["launch", p, "--adapter", a, *_WAIT, "-b", f"{s}:{b} hit {n}", "--", str(n)],
                              ["continue", *_WAIT]]),
                          lambda a=adapter, p=program, s=source, e=end, n=passes: _session([
                              ["launch", p, "--adapter", a, *_WAIT, "-b", f"{s}:{e}", "--", str(n)],
                              ["continue", *_WAIT]]),
                          "the same run, a breakpoint after the loop")
                log = Row(f"log point on a loop body, {size} passes ({label})", "≤ 3× no breakpoint in the loop",
                          "ratio", 3.0,
                          lambda a=adapter, p=program, s=source, b=body, n=passes: _session([
                              ["launch", p, "--adapter", a, *_WAIT, "-b", f"{s}:{b} log i={{i}}", "--", str(n)]]),
                          lambda a=adapter, p=program, n=passes: _session([
                              ["launch", p, "--adapter", a, *_WAIT, "--", str(n)]]),
                          "the same run, no breakpoint")
                for row in (hit, log):
                    if only and only not in row.name:
                        continue
                    row.run(rounds)
                    figures = row.figures()
                    if row is log:
                        kept = _kept(adapter, program, source, body, passes)
                        figures["name"] += f" [{kept:,}/{size} lines kept]"
                    results.append(figures)
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)

