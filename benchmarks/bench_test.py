"""How long `dapcli test SELECTOR` takes to reach a failing test's stop, against running the same
test without a debugger and against `pytest --pdb` reaching the same failure (prints a table and
the ratios; not a test).

    python benchmarks/bench_test.py [--rounds N] [--selector NODEID] [--timeline]

Each figure is the median wall time of N rounds, from starting the command to:

* ``pytest``: pytest's exit (the test run without a debugger);
* ``pytest --pdb``: pdb's ``(Pdb)`` prompt at the failure (then ``q``);
* ``dapcli test`` (one-shot CLI): the command's exit, having printed the failure stop (a session
  host keeps the session; it is stopped after each round);
* ``debugTest`` (in-process, the engine alone): the verb's return.

The issue's bar: ``dapcli test`` within 1.5× of ``pytest --pdb``. ``--timeline`` also splits one
``dapcli test`` run into its parts, read from its DAP trace (``DAPCLI_TRACE``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SELECTOR = "tests/test_cart.py::test_total_with_discount"
PYTHON = sys.executable
DAPCLI = str(Path(sys.executable).with_name("dapcli"))


def plain(selector: str) -> float:
    started = time.perf_counter()
    subprocess.run([PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", selector], cwd=EXAMPLES,
                   capture_output=True, timeout=120)
    return time.perf_counter() - started


def pdb(selector: str) -> float:
    """Time until pytest --pdb prints its ``(Pdb)`` prompt at the failure."""
    started = time.perf_counter()
    process = subprocess.Popen([PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pdb", selector],
                               cwd=EXAMPLES, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert process.stdout is not None and process.stdin is not None
    seen = b""
    deadline = started + 120
    while b"(Pdb)" not in seen and time.perf_counter() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], deadline - time.perf_counter())
        if not ready:
            break
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        seen += chunk
    elapsed = time.perf_counter() - started
    process.communicate(b"q\n", timeout=60)
    if b"(Pdb)" not in seen:
        raise RuntimeError("pytest --pdb did not reach its prompt:\n" + seen.decode(errors="replace")[-2000:])
    return elapsed


def cli(selector: str, runtime: str) -> float:
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": runtime, "NO_COLOR": "1"}
    started = time.perf_counter()
    done = subprocess.run([DAPCLI, "test", "--python", PYTHON, selector], cwd=EXAMPLES, env=env,
                          capture_output=True, text=True, timeout=180)
    elapsed = time.perf_counter() - started
    subprocess.run([DAPCLI, "stop"], cwd=EXAMPLES, env=env, capture_output=True, timeout=60)
    if "FAILED" not in done.stdout:
        raise RuntimeError(f"dapcli test did not stop at the failure:\n{done.stdout}\n{done.stderr}")
    return elapsed


def engine(selector: str) -> float:
    sys.path.insert(0, str(ROOT))
    from dapcli.dispatch.local import LocalDispatcher

    async def body() -> float:
        dispatcher = LocalDispatcher()
        started = time.perf_counter()
        result = await dispatcher.call("debugTest", {"selectors": [selector], "python": PYTHON}, "bench",
                                       str(EXAMPLES))
        elapsed = time.perf_counter() - started
        await dispatcher.call("stop", {}, "bench", str(EXAMPLES))
        if getattr(result, "test", None) is None or result.status != "stopped":
            raise RuntimeError(f"debugTest did not stop at the failure: {result}")
        return elapsed

    return asyncio.run(body())


def timeline(selector: str, runtime: str) -> list[tuple[str, float]]:
    """One ``dapcli test`` run split at its DAP messages: (part, seconds) in order."""
    trace = os.path.join(runtime, "timeline.trace")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": runtime, "NO_COLOR": "1", "DAPCLI_TRACE": trace}
    started = time.time()
    subprocess.run([DAPCLI, "test", "--python", PYTHON, selector], cwd=EXAMPLES, env=env, capture_output=True,
                   timeout=180)
    ended = time.time()
    cpu = _cpu_at_stop(env)
    subprocess.run([DAPCLI, "stop"], cwd=EXAMPLES, env=env, capture_output=True, timeout=60)
    marks: dict[str, float] = {}
    with open(trace, encoding="utf-8") as handle:
        for line in handle:
            stamp, _, text = line.split(" ", 2)
            try:
                message = json.loads(text)
            except ValueError:
                continue
            name = f"{message.get('type')} {message.get('command') or message.get('event')}"
            marks.setdefault(name, float(stamp))
    os.unlink(trace)
    points = [("CLI client, session host start (imports), argv", "request initialize"),
              ("debugpy adapter start", "response initialize"),
              ("launcher, test process start, its debugpy import", "event initialized"),
              ("exception filters, configurationDone", "response configurationDone"),
              ("pytest: import, plugins, collection, the test", "event stopped")]
    parts, last = [], started
    for label, mark in points:
        parts.append((label, marks[mark] - last))
        last = marks[mark]
    parts.append(("review of the stop, render, CLI exit", ended - last))
    return parts + cpu


def _cpu_at_stop(env: dict[str, str]) -> list[tuple[str, float]]:
    """CPU seconds (user + system) each process of the session has used by the stop: what the
    parts cost whatever the machine's load."""
    import psutil

    status = json.loads(subprocess.run([DAPCLI, "--json", "status"], cwd=EXAMPLES, env=env, capture_output=True,
                                       text=True, timeout=60).stdout)
    host = psutil.Process(int(status["hostPid"]))
    found = []
    for process in [host, *host.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            words = process.cmdline()
            name = next((w for w in words if "debugpy" in w or "hostmain" in w or "testboot" in w), words[0])
            times = process.cpu_times()
            found.append((f"CPU of {os.path.basename(name)[:44]}", times.user + times.system))
    return found


def median(measure: Callable[[], float], rounds: int) -> float:
    measure()  # warm the caches (bytecode, the OS page cache)
    return statistics.median(measure() for _ in range(rounds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--selector", default=SELECTOR, help="a failing pytest node id under examples/")
    parser.add_argument("--timeline", action="store_true", help="also split one dapcli test run into its parts")
    options = parser.parse_args(argv)
    runtime = tempfile.mkdtemp(prefix="dcb")
    os.chmod(runtime, 0o700)
    if options.timeline:
        cli(options.selector, runtime)  # warm
        print("one `dapcli test` run, part by part (s):")
        for label, seconds in timeline(options.selector, runtime):
            print(f"  {label:<52} {seconds:7.3f}")
    figures = {
        "pytest (no debugger)": median(lambda: plain(options.selector), options.rounds),
        "pytest --pdb → (Pdb)": median(lambda: pdb(options.selector), options.rounds),
        "dapcli test → stop (CLI)": median(lambda: cli(options.selector, runtime), options.rounds),
        "debugTest → stop (engine)": median(lambda: engine(options.selector), options.rounds),
    }
    print(f"time to the failure of {options.selector} (median of {options.rounds}, s)")
    for name, seconds in figures.items():
        print(f"  {name:<28} {seconds:7.3f}")
    base, pdb_time, ours = figures["pytest (no debugger)"], figures["pytest --pdb → (Pdb)"], \
        figures["dapcli test → stop (CLI)"]
    print(f"ratio dapcli test / pytest (no debugger): {ours / base:.2f}×")
    print(f"ratio dapcli test / pytest --pdb:         {ours / pdb_time:.2f}×  (bar: ≤ 1.5×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
