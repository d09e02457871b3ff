"""How long `dapcli test SELECTOR` takes to reach a failing test's stop, against running the same
test without a debugger and against `pytest --pdb` reaching the same failure (prints a table and
the ratios; not a test).

    python benchmarks/bench_test.py [--rounds N] [--selector NODEID] [--timeline] [--ab]

dapcli's own bytecode is compiled first (as an install has it). Each figure is the median wall
time of N rounds (each round times every command once, in turn, and the ratios are the median of
each round's ratio: the machine's load changes hit them alike), from starting the command to:

* ``pytest``: pytest's exit (the test run without a debugger);
* ``pytest --pdb``: pdb's ``(Pdb)`` prompt at the failure (then ``q``);
* ``dapcli test`` (one-shot CLI): the command's exit, having printed the failure stop (a session
  host keeps the session; it is stopped after each round); with ``--ab`` also with nothing started
  early (the session host starts the test run while it imports, see ``dapcli/adapters/debugpy/earlytest.py``);
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


def cli(selector: str, runtime: str, early: bool = True) -> float:
    """``early`` False: with a user adapters file (empty), so nothing is started while the session
    host imports: the run is launched through debugpy's launcher once the host is up."""
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": runtime, "NO_COLOR": "1"}
    if not early:
        env["XDG_CONFIG_HOME"] = _empty_adapters_file(runtime)
    started = time.perf_counter()
    done = subprocess.run([DAPCLI, "test", "--python", PYTHON, selector], cwd=EXAMPLES, env=env,
                          capture_output=True, text=True, timeout=180)
    elapsed = time.perf_counter() - started
    subprocess.run([DAPCLI, "stop"], cwd=EXAMPLES, env=env, capture_output=True, timeout=60)
    if "FAILED" not in done.stdout:
        raise RuntimeError(f"dapcli test did not stop at the failure:\n{done.stdout}\n{done.stderr}")
    return elapsed


def _empty_adapters_file(runtime: str) -> str:
    folder = os.path.join(runtime, "config")
    os.makedirs(os.path.join(folder, "dapcli"), exist_ok=True)
    with open(os.path.join(folder, "dapcli", "adapters.yaml"), "w", encoding="utf-8") as handle:
        handle.write("# none: only so that `dapcli test` starts nothing early\n")
    return folder


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
    # with the run started early, the adapter's start, pytest's import and collection and the
    # run's connection happen during the first parts (the host's imports, or its wait for the
    # run); the host configures the run itself once it connected, so the engine's filters and
    # configurationDone get answers said already
    points = [("CLI client, session host start (imports), argv", "request initialize"),
              ("debugpy adapter start (early: done)", "response initialize"),
              ("test process start, collects, connects", "event initialized"),
              ("exception filters, configurationDone (early: said)", "response configurationDone"),
              ("pytest to the failure (early: the test alone)", "event stopped")]
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


def _compile_dapcli() -> None:
    """dapcli's bytecode, as an install has it (pip compiles it; an editable checkout writes it on
    its first run, unless ``PYTHONDONTWRITEBYTECODE`` is set: then every command would compile
    dapcli's sources again, ~0.3 s of CPU in the session host alone). pytest and the other
    installed packages have theirs already."""
    import compileall

    compileall.compile_dir(str(ROOT / "dapcli"), quiet=2)


def interleaved(measures: dict[str, Callable[[], float]], rounds: int) -> dict[str, list[float]]:
    """Each measure once per round, in turn (so that a change of the machine's load hits them
    alike); one warming round first (bytecode, the OS page cache)."""
    for measure in measures.values():
        measure()
    found: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(rounds):
        for name, measure in measures.items():
            found[name].append(measure())
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--selector", default=SELECTOR, help="a failing pytest node id under examples/")
    parser.add_argument("--timeline", action="store_true", help="also split one dapcli test run into its parts")
    parser.add_argument("--ab", action="store_true",
                        help="also time `dapcli test` with nothing started early (launched once the host is up)")
    options = parser.parse_args(argv)
    _compile_dapcli()
    runtime = tempfile.mkdtemp(prefix="dcb")
    os.chmod(runtime, 0o700)
    if options.timeline:
        cli(options.selector, runtime)  # warm
        print("one `dapcli test` run, part by part (s):")
        for label, seconds in timeline(options.selector, runtime):
            print(f"  {label:<52} {seconds:7.3f}")
    load = os.getloadavg()
    measures: dict[str, Callable[[], float]] = {
        "pytest (no debugger)": lambda: plain(options.selector),
        "pytest --pdb → (Pdb)": lambda: pdb(options.selector),
        "dapcli test → stop (CLI)": lambda: cli(options.selector, runtime),
    }
    if options.ab:
        measures["… nothing started early"] = lambda: cli(options.selector, runtime, early=False)
    measures["debugTest → stop (engine)"] = lambda: engine(options.selector)
    found = interleaved(measures, options.rounds)
    print(f"time to the failure of {options.selector} (median of {options.rounds} interleaved rounds, s; "
          f"load average {load[0]:.2f} before, {os.getloadavg()[0]:.2f} after)")
    for name, times in found.items():
        print(f"  {name:<28} {statistics.median(times):7.3f}")

    def ratio(name: str, base: str) -> float:
        return statistics.median(a / b for a, b in zip(found[name], found[base], strict=True))

    ours = "dapcli test → stop (CLI)"
    print(f"ratio dapcli test / pytest (no debugger): {ratio(ours, 'pytest (no debugger)'):.2f}×  (median of rounds)")
    print(f"ratio dapcli test / pytest --pdb:         {ratio(ours, 'pytest --pdb → (Pdb)'):.2f}×  (bar: ≤ 1.5×)")
    if options.ab:
        late = ratio("… nothing started early", "pytest --pdb → (Pdb)")
        print(f"ratio nothing started early / pytest --pdb: {late:.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
