"""Delve post-mortem: ``launch BINARY --core FILE`` opens a kernel core dump (``mode: core``)."""

from __future__ import annotations

import os
import resource
import subprocess
from pathlib import Path

import pytest
from delve_helpers import GO, PROGRAMS, dispatcher, marker_line, requires_delve, run

pytestmark = [pytest.mark.slow, requires_delve]

CRASH = PROGRAMS / "crash.go"


@pytest.fixture(scope="module")
def crashed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """crash.go built for debugging, run once with core dumps on: (binary, core file)."""
    pattern = Path("/proc/sys/kernel/core_pattern")
    if not pattern.exists() or pattern.read_text().startswith("|"):
        pytest.skip("core dumps go to a helper program here (kernel.core_pattern), not to a file")
    work = tmp_path_factory.mktemp("gocore")
    binary = work / "crash"
    subprocess.run([str(GO), "build", "-gcflags=all=-N -l", "-o", str(binary), CRASH.name], cwd=PROGRAMS,
                   check=True, capture_output=True, timeout=300)

    def allow_core() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    try:
        done = subprocess.run([str(binary)], cwd=work, env=dict(os.environ, GOTRACEBACK="crash"),
                              preexec_fn=allow_core, capture_output=True, timeout=60)
    except ValueError:  # the hard limit forbids core dumps
        pytest.skip("core dumps are not allowed here (RLIMIT_CORE)")
    assert done.returncode != 0
    cores = [p for p in work.iterdir() if p.name.startswith("core")]
    if not cores:
        pytest.skip(f"the crash left no core file in {work} (kernel.core_pattern: {pattern.read_text().strip()})")
    return binary, cores[0]


def test_core_file_shows_the_crash(crashed: tuple[Path, Path]) -> None:
    binary, core = crashed
    line = marker_line(CRASH, "crash")

    async def body() -> None:
        async with dispatcher() as d:
            stop = (await d.call("launch", {"program": str(binary), "core": str(core)})).to_json()
            assert stop["status"] == "stopped" and stop["reason"] == "exception"
            stack = (await d.call("stackTrace", {"levels": 30})).to_json()
            frame = next(f for f in stack["frames"] if f["name"] == "main.process")
            assert frame["line"] == line and frame["path"] == str(CRASH)
            value = (await d.call("evaluate", {"expression": "o.ID", "frameId": frame["id"]})).to_json()
            assert value["result"] == "7"
            threads = (await d.call("threads", {})).to_json()["threads"]
            assert len(threads) >= 2  # goroutines
            await d.call("stop", {})

    run(body)
