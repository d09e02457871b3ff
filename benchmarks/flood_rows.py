"""Output flood rows: a Python program writes 100 MB of numbered lines to stdout; dapcli reads it
with ``launch --timeout 0.1`` then ``output --follow`` (to /dev/null), against the raw pipe
(``python flood.py | cat > /dev/null``) and against a raw DAP client that has debugpy run the same
program and writes every ``output`` event's text out (what debugpy itself costs). A third row is
the session host's peak memory (RSS, sampled every 20 ms) during the flood."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.common import DAPCLI, FLOORS, PY, Row, env_with_runtime, timed

FLOOD = """\
import sys
lines = int(sys.argv[1]) // 100
out = sys.stdout
for start in range(0, lines, 10_000):
    out.write("".join(f"{i:09d} {'x' * 89}\\n" for i in range(start, min(lines, start + 10_000))))
out.flush()
"""
SIZE = 100_000_000
#: Peak RSS of the session host during the flood (bytes): its buffer keeps 8 MiB of output.
RSS_LIMIT = 160 * 1024 * 1024


def rows(rounds: int, size: int = SIZE) -> list[dict[str, Any]]:
    rounds = max(1, min(rounds, 5))  # one round is tens of seconds on a loaded machine
    folder = Path(tempfile.mkdtemp(prefix="dcflood"))
    program = str(folder / "flood.py")
    Path(program).write_text(FLOOD)
    peaks: list[float] = []
    shell = shutil.which("sh") or "/bin/sh"
    try:
        def dapcli() -> float:
            env = env_with_runtime()
            try:
                started = time.perf_counter()
                subprocess.run([*DAPCLI, "launch", program, "--timeout", "0.1", "--", str(size)], env=env,
                               stdout=subprocess.DEVNULL, check=True, timeout=600)
                watcher = _PeakRss(env)
                try:
                    subprocess.run([*DAPCLI, "output", "--follow"], env=env, stdout=subprocess.DEVNULL, check=True,
                                   timeout=1200)
                finally:
                    peaks.append(watcher.stop())
                return (time.perf_counter() - started) * 1000
            finally:
                subprocess.run([*DAPCLI, "stop"], env=env, capture_output=True, timeout=60)
                shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)

        def pipe() -> float:
            return timed([shell, "-c", f"'{PY}' '{program}' {size} | cat > /dev/null"], check=True)

        def raw() -> float:
            return timed([PY, str(FLOORS), "raw-output", program, str(size)], check=True)

        megabytes = f"{size // 1_000_000} MB"
        versus_pipe = Row(f"output flood: {megabytes}, `launch` + `output --follow`", "≥ 50 % of the raw pipe's "
                          "throughput (≤ 2× its time)", "ratio", 2.0, dapcli, pipe, "python prog.py | cat > /dev/null")
        versus_pipe.run(rounds)
        versus_raw = Row(f"output flood: {megabytes}, against debugpy itself", "≤ 1.2× a raw DAP client of debugpy",
                         "ratio", 1.2, dapcli, raw, "raw DAP client: debugpy's output events → stdout")
        versus_raw.run(rounds)
        peak = max(peaks)
        memory = {"name": f"output flood: {megabytes}, session host's peak RSS", "floor": "", "kind": "bytes",
                  "target": f"bounded (≤ {RSS_LIMIT // (1024 * 1024)} MiB)", "median": peak,
                  "range": [min(peaks), peak],
                  "floorMedian": None, "floorRange": None, "value": peak, "met": peak <= RSS_LIMIT,
                  "samples": peaks, "floorSamples": []}
        return [versus_pipe.figures(), versus_raw.figures(), memory]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class _PeakRss:
    """The session host's resident memory, sampled every 20 ms on a thread until :meth:`stop`."""

    def __init__(self, env: dict[str, str]) -> None:
        import psutil

        status = json.loads(subprocess.run([*DAPCLI, "--json", "status"], env=env, capture_output=True, text=True,
                                           timeout=60).stdout)
        self._process = psutil.Process(int(status["hostPid"]))
        self._peak = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        import psutil

        while not self._done.wait(0.02):
            try:
                self._peak = max(self._peak, self._process.memory_info().rss)
            except psutil.Error:
                return

    def stop(self) -> float:
        self._done.set()
        self._thread.join()
        return float(self._peak)
