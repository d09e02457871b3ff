"""Size rows: what a big program costs at a stop and at launch, per adapter (issue 27).

* ``threads`` at a stop with 1,000 threads (debugpy, lldb-dap) and 2,000 / 20,000 goroutines
  (Delve): ≤ 3 s, the count said; its floor column is ``dapcli status`` in the same session (one
  line over the socket).
* ``stack`` (its first page) at a stop 10,000 frames deep, and ``vars`` (its first page) of a
  frame with 5,000 locals: ≤ 150 ms; floor column as above.
* ``launch`` with 200 breakpoints in 20 files, against the same launch with the one breakpoint
  it first stops at: ≤ 1.5×.

Each is the one-shot CLI, wall time from spawn to exit. The program is generated per adapter
(``benchmarks/big_programs.py``); the stop rows launch it once and time the verb ``rounds``
times, interleaved with the floor."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import big_programs as big
from benchmarks.common import DAPCLI, Row, env_with_runtime, timed

#: adapter → (label, language of its program)
ADAPTERS = {"python": ("debugpy", "python"), "lldb": ("lldb-dap", "c"), "codelldb": ("CodeLLDB", "c"),
            "gdb": ("gdb", "c"), "go": ("Delve", "go"), "node": ("js-debug", "js")}
_TIMEOUT = ["--timeout", "300"]


def _here(adapter: str) -> bool:
    from dapcli.adapters.registry import by_name

    tool = {"c": big.CC, "go": big.GO, "js": big.NODE, "python": True}[ADAPTERS[adapter][1]]
    return bool(tool) and by_name(adapter).find() is not None


class _Stopped:
    """A session of ``program`` stopped at ``stop``, in its own runtime directory."""

    def __init__(self, adapter: str, program: str, stop: tuple[str, int]) -> None:
        self.env = env_with_runtime()
        subprocess.run([*DAPCLI, "launch", program, "--adapter", adapter, *_TIMEOUT, "-b", f"{stop[0]}:{stop[1]}"],
                       env=self.env, check=True, capture_output=True, timeout=600)

    def verb(self, *words: str) -> Callable[[], float]:
        return lambda: timed([*DAPCLI, *words], self.env, check=True)

    def close(self) -> None:
        subprocess.run([*DAPCLI, "stop"], env=self.env, capture_output=True, timeout=120)
        shutil.rmtree(self.env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)


def _stop_row(name: str, target: str, limit: float, adapter: str, program: str, stop: tuple[str, int],
              words: list[str], rounds: int) -> dict[str, Any]:
    session = _Stopped(adapter, program, stop)
    try:
        row = Row(name, target, "abs", limit, session.verb(*words), session.verb("status"),
                  "`dapcli status`, same session")
        row.run(rounds)
        return row.figures()
    finally:
        session.close()


def _launch(adapter: str, program: str, breakpoints: list[str]) -> float:
    env = env_with_runtime()
    try:
        return timed([*DAPCLI, "launch", program, "--adapter", adapter, *[w for b in breakpoints for w in ("-b", b)]],
                     env, check=True)
    finally:
        subprocess.run([*DAPCLI, "stop"], env=env, capture_output=True, timeout=120)
        shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)


def rows(rounds: int, only: str | None = None) -> list[dict[str, Any]]:
    """Every size row for the adapters installed here, ``rounds`` interleaved A/B rounds each."""
    folder = Path(tempfile.mkdtemp(prefix="dcsize"))
    results: list[dict[str, Any]] = []

    def wanted(name: str) -> bool:
        return not only or only in name

    try:
        for adapter, (label, language) in ADAPTERS.items():
            if not _here(adapter):
                continue
            home = folder / adapter
            sizes = {"go": (2_000, 20_000), "python": (1_000,), "lldb": (1_000,)}.get(adapter, ())
            for count in sizes:
                noun = "goroutines" if adapter == "go" else "threads"
                name = f"`threads` at a stop with {count:,} {noun} ({label})"
                if wanted(name):
                    program, stop = big.many_threads(home / f"threads{count}", language, count)
                    results.append(_stop_row(name, "≤ 3 s, the count said", 3000.0, adapter, program, stop,
                                             ["threads"], rounds))
            name = f"`stack` first page, 10,000 frames deep ({label})"
            if wanted(name):
                program, stop = big.deep(home / "deep", language, 10_000)
                results.append(_stop_row(name, "≤ 150 ms, the count said", 150.0, adapter, program, stop,
                                         ["stack"], rounds))
            name = f"`vars` first page, 5,000 locals ({label})"
            if wanted(name):
                program, stop = big.locals_frame(home / "locals", language, 5_000)
                results.append(_stop_row(name, "≤ 150 ms, the count said", 150.0, adapter, program, stop,
                                         ["vars"], rounds))
            name = f"`launch` with 200 breakpoints in 20 files ({label})"
            if wanted(name):
                program, stop, lines = big.spread(home / "spread", language, 20, 10)
                first = f"{stop[0]}:{stop[1]}"
                every = [first, *[f"{source}:{line}" for source, line in lines]]
                row = Row(name, "≤ 1.5× one breakpoint", "ratio", 1.5,
                          lambda a=adapter, p=program, b=every: _launch(a, p, b),
                          lambda a=adapter, p=program, b=first: _launch(a, p, [b]),
                          "the same launch, one breakpoint")
                row.run(rounds)
                results.append(row.figures())
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)
