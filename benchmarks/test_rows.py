"""Test rows: ``dapcli test`` to a failing test's stop, against the debugger the language ships
with reaching the same failure: ``pytest --pdb`` (to its ``(Pdb)`` prompt) for
``examples/tests/test_cart.py::test_total_with_discount``, and ``dlv test`` (to its stop in
``testing.(*common).Fail``, the breakpoint dapcli sets) for ``examples/go``."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import tempfile
import time
from typing import Any

from benchmarks import bench_test
from benchmarks.common import DAPCLI, ROOT, Row, env_with_runtime

GO = ROOT / "examples" / "go"


def rows(rounds: int) -> list[dict[str, Any]]:
    found = []
    runtime = tempfile.mkdtemp(prefix="dctest")
    os.chmod(runtime, 0o700)
    try:
        python = Row("`dapcli test` → failure stop (pytest)", "≤ 1.2× `pytest --pdb` to the same failure", "ratio",
                     1.2, lambda: bench_test.cli(bench_test.SELECTOR, runtime) * 1000,
                     lambda: bench_test.pdb(bench_test.SELECTOR) * 1000, "pytest --pdb → (Pdb)")
        python.run(rounds)
        found.append(python.figures())
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
    if shutil.which("go") and shutil.which("dlv"):
        go = Row("`dapcli test .` → failure stop (go test, Delve)", "≤ 1.2× `dlv test` to the same stop", "ratio",
                 1.2, _dapcli_go, _dlv_test, "dlv test, break testing.(*common).Fail, continue → stop")
        go.run(rounds)
        found.append(go.figures())
    return found


def _dapcli_go() -> float:
    env = env_with_runtime()
    try:
        started = time.perf_counter()
        done = subprocess.run([*DAPCLI, "test", "."], cwd=GO, env=env, capture_output=True, text=True, timeout=300)
        elapsed = (time.perf_counter() - started) * 1000
        if "FAILED" not in done.stdout:
            raise RuntimeError(f"dapcli test did not stop at the failure:\n{done.stdout}\n{done.stderr}")
        return elapsed
    finally:
        subprocess.run([*DAPCLI, "stop"], cwd=GO, env=env, capture_output=True, timeout=60)
        shutil.rmtree(env["DAPCLI_RUNTIME_DIR"], ignore_errors=True)


def _dlv_test() -> float:
    """ms until ``dlv test`` prints its stop in ``testing.(*common).Fail``."""
    build = tempfile.mkdtemp(prefix="dcdlv")  # not debug.test beside the sources: the process is killed
    started = time.perf_counter()
    process = subprocess.Popen(["dlv", "test", "--allow-non-terminal-interactive=true",
                                "--output", os.path.join(build, "debug.test"), "."], cwd=GO,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"break testing.(*common).Fail\ncontinue\n")
    process.stdin.flush()
    seen = b""
    deadline = started + 300
    try:
        while b"> testing.(*common).Fail()" not in seen and time.perf_counter() < deadline:
            if not select.select([process.stdout], [], [], deadline - time.perf_counter())[0]:
                break
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
        elapsed = (time.perf_counter() - started) * 1000
    finally:
        os.killpg(process.pid, 9)
        process.wait(30)
        shutil.rmtree(build, ignore_errors=True)
    if b"> testing.(*common).Fail()" not in seen:
        raise RuntimeError("dlv test did not stop:\n" + seen.decode(errors="replace")[-2000:])
    return elapsed
