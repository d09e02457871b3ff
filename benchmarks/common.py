"""What the benchmark rows share: paths, the dapcli command, a private runtime dir per process."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
FLOORS = ROOT / "benchmarks" / "floors.py"
TARGET = ROOT / "benchmarks" / "target.py"
TARGET_LINE = next(i for i, text in enumerate(TARGET.read_text().splitlines(), 1) if "@running" in text)
_SCRIPT = Path(sys.executable).with_name("dapcli")
DAPCLI = [str(_SCRIPT)] if _SCRIPT.exists() else [PY, "-m", "dapcli"]


def env_with_runtime() -> dict[str, str]:
    """This environment with a fresh private runtime directory (no colours, no session name)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DAPCLI_SESSION", "DAPCLI_DEBUG")}
    env.update(DAPCLI_RUNTIME_DIR=tempfile.mkdtemp(prefix="dcbench"), NO_COLOR="1")
    return env


def timed(argv: list[str], env: dict[str, str] | None = None, check: bool = False) -> float:
    """Wall time (ms) of one process from spawn to exit, its output discarded. Without ``env``:
    in a fresh private runtime directory, removed after."""
    own = env is None
    env = env or env_with_runtime()
    try:
        started = time.perf_counter()
        process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        guard = threading.Timer(300, process.kill)  # not wait(timeout=): it polls, in steps of up to 50 ms
        guard.start()
        try:
            code = process.wait()
        finally:
            guard.cancel()
        elapsed = (time.perf_counter() - started) * 1000
        if check and code != 0:
            raise subprocess.CalledProcessError(code, argv)
        return elapsed
    finally:
        if own:
            shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)


@dataclass
class Row:
    """One line of the table: ``a`` is dapcli, ``b`` its floor (each returns ms, or bytes)."""

    name: str
    target: str
    kind: str  # "ratio" (a/b ≤ limit), "plus" (a - b ≤ limit ms), "abs" (a ≤ limit), "bytes" (a ≤ limit)
    limit: float
    a: Callable[[], float]
    b: Callable[[], float] | None = None
    floor_name: str = ""
    samples_a: list[float] = field(default_factory=list)
    samples_b: list[float] = field(default_factory=list)

    def run(self, rounds: int) -> None:
        for number in range(rounds):
            order = [(self.a, self.samples_a), (self.b, self.samples_b)] if number % 2 == 0 else \
                [(self.b, self.samples_b), (self.a, self.samples_a)]
            for function, samples in order:
                if function is not None:
                    samples.append(function())

    def figures(self) -> dict[str, Any]:
        a = statistics.median(self.samples_a)
        b = statistics.median(self.samples_b) if self.samples_b else None
        if self.kind == "ratio":
            value = a / b if b else float("nan")
        elif self.kind == "plus":
            value = a - (b or 0.0)
        else:
            value = a
        return {"name": self.name, "floor": self.floor_name, "kind": self.kind, "target": self.target,
                "median": a, "range": [min(self.samples_a), max(self.samples_a)], "floorMedian": b,
                "floorRange": [min(self.samples_b), max(self.samples_b)] if self.samples_b else None,
                "value": value, "met": value <= self.limit, "samples": self.samples_a, "floorSamples": self.samples_b}
