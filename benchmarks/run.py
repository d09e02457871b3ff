"""Every speed target of dapcli next to its floor, interleaved A/B (not a test).

    python -m benchmarks [--quick] [--rounds N] [--json FILE] [--readme] [--only WORD]

Each row runs dapcli (A) and the floor (B) alternately, in the same conditions, and reports the
medians, the ranges, the ratio of the medians (or the difference, or an absolute figure where
the target is absolute) and whether the target is met. Every process gets its own runtime
directory. ``--json`` writes every sample (default benchmarks/results.json); ``--readme``
rewrites docs/performance.md's table from this run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import flood_rows, mcp_rows, native_rows, redact_rows, scale_rows, size_rows, test_rows
from benchmarks.common import DAPCLI, FLOORS, PY, ROOT, TARGET, TARGET_LINE, Row, env_with_runtime, timed

README = ROOT / "docs" / "performance.md"
START, END = "<!-- benchmark:start -->", "<!-- benchmark:end -->"


def cold_rows() -> list[Row]:
    """Commands that start, answer and exit: help, version, sessions, status with no session."""
    typer_help = [PY, str(FLOORS), "typer-help", "--help"]
    typer_cmd_help = [PY, str(FLOORS), "typer-help", "launch", "--help"]
    floor = [PY, "-c", "import json, socket"]

    def run(argv: list[str]) -> Callable[[], float]:
        return lambda: timed(argv)

    rows = [
        Row("`dapcli --help`", "≤ 1.3× a minimal typer app's --help", "ratio", 1.3, run([*DAPCLI, "--help"]),
            run(typer_help), "typer app --help"),
        Row("`dapcli launch --help`", "≤ 1.3× a typer command's --help", "ratio", 1.3,
            run([*DAPCLI, "launch", "--help"]), run(typer_cmd_help), "typer app CMD --help"),
    ]
    for words in (["sessions"], ["status"], ["version"], ["adapters"]):
        label = "`dapcli status` (no session)" if words == ["status"] else f"`dapcli {' '.join(words)}`"
        rows.append(Row(label, "≤ 2× python + json + socket", "ratio", 2.0, run([*DAPCLI, *words]), run(floor),
                        "python -c 'import json, socket'"))
    return rows


def completion_rows() -> list[Row]:
    """Tab in bash: commands and flags answered by the script (µs inside one bash)."""
    bash = shutil.which("bash")
    if bash is None:
        return []
    script = ROOT / "completions" / "dapcli.bash"
    code = (f"source {script}\n"
            "for n in $(seq 21); do t0=$EPOCHREALTIME; COMP_WORDS=(dapcli break add --c); COMP_CWORD=3; _dapcli\n"
            "t1=$EPOCHREALTIME; echo $(( ${t1/./} - ${t0/./} )); done\n")

    def one() -> float:
        """The median of 21 completions in one bash (µs → ms)."""
        out = subprocess.run([bash, "--norc", "-c", code], capture_output=True, text=True, check=True,
                             env={"PATH": "/usr/bin:/bin"}).stdout
        return statistics.median(int(x) for x in out.split()) / 1000.0

    return [Row("bash Tab: `dapcli break add --c` (in the shell)", "≤ 10 ms, no Python", "abs", 10.0, one)]


class LiveSession:
    """A dapcli session stopped in benchmarks/target.py, in its own runtime directory."""

    def __init__(self) -> None:
        self.env = env_with_runtime()
        subprocess.run([*DAPCLI, "launch", str(TARGET), "-b", f"{TARGET}:{TARGET_LINE}"], env=self.env,
                       check=True, capture_output=True, timeout=120)
        self.socket = os.path.join(self.env["DAPCLI_RUNTIME_DIR"], "default.sock")

    def close(self) -> None:
        subprocess.run([*DAPCLI, "stop"], env=self.env, capture_output=True, timeout=60)
        shutil.rmtree(self.env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)


def live_rows(session: LiveSession) -> list[Row]:
    floor = [PY, str(FLOORS), "socket", session.socket]

    def run(*words: str) -> Callable[[], float]:
        return lambda: timed([*DAPCLI, *words], session.env)

    def socket_floor() -> float:
        return timed(floor, session.env)

    return [
        Row("`dapcli eval running` (live session)", "≤ 1.3× one JSON line over the socket", "ratio", 1.3,
            run("eval", "running"), socket_floor, "python: one line over the unix socket"),
        Row("`dapcli next` (live session)", "≤ 1.3× that floor", "ratio", 1.3, run("next"), socket_floor,
            "python: one line over the unix socket"),
        Row("`dapcli status` (live session)", "≤ 1.3× that floor", "ratio", 1.3, run("status"), socket_floor,
            "python: one line over the unix socket"),
        Row("Tab: breakpoint ids (`dapcli __complete breakpoint`)", "≤ 1.5× that floor", "ratio", 1.5,
            run("__complete", "breakpoint"), socket_floor, "python: one line over the unix socket"),
    ]


def launch_row() -> Row:
    def dapcli_launch() -> float:
        env = env_with_runtime()
        try:
            return timed([*DAPCLI, "launch", str(TARGET), "-b", f"{TARGET}:{TARGET_LINE}"], env, check=True)
        finally:
            subprocess.run([*DAPCLI, "stop"], env=env, capture_output=True, timeout=60)
            shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)

    def raw() -> float:
        return timed([PY, str(FLOORS), "raw-launch", str(TARGET), str(TARGET_LINE)], check=True)

    return Row("`dapcli launch P -b F:L` → first stop printed", "≤ 1.2× raw DAP launch (debugpy)", "ratio", 1.2,
               dapcli_launch, raw, "raw DAP client process → stopped")


def machine() -> dict[str, Any]:
    load = os.getloadavg()
    return {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
            "loadavg": [round(x, 2) for x in load]}


def fmt(value: float | None, kind: str) -> str:
    if value is None:
        return "–"
    if kind == "bytes":
        return f"{value:,.0f} B" if value < 4096 else f"{value / 1024:.1f} KB"
    return f"{value:.1f} ms" if value >= 10 else f"{value:.2f} ms"


def table(results: list[dict[str, Any]]) -> str:
    lines = ["| path | dapcli median [range] | floor median [range] | ratio / figure | target | met |",
             "|---|---|---|---|---|---|"]
    for r in results:
        kind = r["kind"]
        a = f"{fmt(r['median'], kind)} [{fmt(r['range'][0], kind)}–{fmt(r['range'][1], kind)}]"
        b = "–"
        if r["floorMedian"] is not None:
            b = (f"{fmt(r['floorMedian'], kind)} [{fmt(r['floorRange'][0], kind)}–"
                 f"{fmt(r['floorRange'][1], kind)}] ({r['floor']})")
        if kind == "ratio":
            value = f"{r['value']:.2f}×"
        elif kind == "plus":
            value = f"{r['value']:+.2f} ms"
        else:
            value = fmt(r["value"], kind)
        lines.append(f"| {r['name']} | {a} | {b} | {value} | {r['target']} | {'yes' if r['met'] else '**no**'} |")
    return "\n".join(lines)


def write_readme(text: str) -> None:
    content = README.read_text()
    if START not in content:
        raise SystemExit(f"{README.name} has no {START} … {END} block")
    head, rest = content.split(START, 1)
    _, tail = rest.split(END, 1)
    README.write_text(f"{head}{START}\n{text}\n{END}{tail}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 rounds (default 11)")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--json", default=str(ROOT / "benchmarks" / "results.json"))
    parser.add_argument("--readme", action="store_true", help="rewrite the table of docs/performance.md")
    parser.add_argument("--only", help="run only rows whose name contains this")
    parser.add_argument("--scale", action="store_true", help="the cost-growth rows at 1,000,000 passes too "
                        "(tens of minutes on lldb-dap)")
    parser.add_argument("--no-growth", action="store_true", help="leave out the cost-growth rows (hit count, "
                        "log point on a loop body)")
    parser.add_argument("--no-size", action="store_true", help="leave out the size rows (threads, stack, vars "
                        "and breakpoints of big programs)")
    parser.add_argument("--from-json", help="print (and with --readme write) the table of an earlier run's JSON")
    options = parser.parse_args(argv)
    if options.from_json:
        saved = json.loads(Path(options.from_json).read_text())
        return _report(saved["machine"], saved["machineAfter"], saved["rounds"], saved["rows"], options)
    rounds = options.rounds or (5 if options.quick else 11)
    # as installed: byte-compiled (with PYTHONDONTWRITEBYTECODE set, every run would compile dapcli)
    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "dapcli")], check=True, capture_output=True)
    before = machine()
    rows = cold_rows() + completion_rows() + [launch_row()] + redact_rows.rows()
    session = LiveSession()
    results: list[dict[str, Any]] = []
    try:
        rows += live_rows(session)
        for row in rows:
            if options.only and options.only not in row.name:
                continue
            row.run(rounds)
            results.append(row.figures())
            print(table(results[-1:]).splitlines()[-1], flush=True)
    finally:
        session.close()
    for word, extra in (("lldb-dap", native_rows.launch_rows), ("MCP", mcp_rows.rows), ("vars", native_rows.rows),
                        ("flood", flood_rows.rows), ("dapcli test", test_rows.rows)):
        if options.only and options.only not in word and word not in options.only:
            continue
        for figures in extra(rounds):
            results.append(figures)
            print(table([figures]).splitlines()[-1], flush=True)
    if not options.no_growth and (not options.only or any(w in options.only for w in ("hit count", "log point",
                                                                                    "loop body"))):
        sizes = (10_000, 1_000_000) if options.scale else (10_000,)
        for figures in scale_rows.rows(rounds, sizes, None if options.only in ("loop body",) else options.only):
            results.append(figures)
            print(table([figures]).splitlines()[-1], flush=True)
    if not options.no_size:
        for figures in size_rows.rows(rounds, options.only):
            results.append(figures)
            print(table([figures]).splitlines()[-1], flush=True)
    after = machine()
    Path(options.json).write_text(json.dumps({"machine": before, "machineAfter": after, "rounds": rounds,
                                              "rows": results}, indent=1) + "\n")
    return _report(before, after, rounds, results, options)


def _report(before: dict[str, Any], after: dict[str, Any], rounds: int, results: list[dict[str, Any]],
            options: argparse.Namespace) -> int:
    text = table(results)
    where = (f"{before['date']}, {before['cpus']} CPUs, {before['platform']}, Python {before['python']}; "
             f"load average {before['loadavg'][0]} before, {after['loadavg'][0]} after "
             f"(other jobs were running); medians of {rounds} interleaved A/B rounds")
    print()
    print(where)
    print(text)
    if options.readme:
        write_readme(f"{where}.\n\n{text}")
    return 0

if __name__ == "__main__":
    sys.exit(main())

