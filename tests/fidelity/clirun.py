"""Running the real ``dapcli`` command in a private runtime directory, for the single-case
tests; every session is stopped and every process it started is proven gone afterwards.

Imported by name (``from clirun import …``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

import psutil
from testprocs import SUITE_VARS

DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


class Run(NamedTuple):
    code: int
    out: str
    err: str


def marker(path: Path, name: str) -> int:
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.search(rf"#\s*@{re.escape(name)}\b", text):
            return number
    raise LookupError(name)


class Cli:
    """``dapcli`` as a user runs it, in ``cwd``, with its own runtime directory."""

    def __init__(self, cwd: Path, runtime: Path) -> None:
        self.cwd = cwd
        self.env = {k: v for k, v in os.environ.items()
                    if (not k.startswith("DAPCLI_") or k in SUITE_VARS) and k != "VIRTUAL_ENV"}
        self.env.update({"DAPCLI_RUNTIME_DIR": str(runtime), "NO_COLOR": "1", "COLUMNS": "200",
                         "DAPCLI_IDLE_TIMEOUT": "300"})
        self.pids: set[int] = set()

    def run(self, *args: Any, check: int | None = 0, timeout: float = 60.0) -> Run:
        done = subprocess.run([DAPCLI, *map(str, args)], cwd=self.cwd, env=self.env, capture_output=True,
                              text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        result = Run(done.returncode, done.stdout, done.stderr)
        assert "Traceback" not in result.err, result.err
        if check is not None:
            assert result.code == check, f"dapcli {' '.join(map(str, args))}: exit {result.code}\n{result}"
        return result

    def json(self, *args: Any, check: int | None = 0) -> Any:
        return json.loads(self.run("--json", *args, check=check).out)

    def launch(self, *args: Any) -> Run:
        result = self.run("launch", *args, "--python", sys.executable)
        status = self.json("status")
        self.pids |= {status[k] for k in ("hostPid", "adapterPid", "debuggeePid") if status.get(k)}
        return result

    def wait_state(self, state: str, timeout: float = 20.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            status: dict[str, Any] = self.json("status")
            if status["state"] == state or time.monotonic() > deadline:
                return status
            time.sleep(0.05)

    def close(self) -> None:
        self.run("stop", check=None)
        processes = [psutil.Process(p) for p in self.pids if psutil.pid_exists(p)]
        _, alive = psutil.wait_procs(processes, timeout=10)
        alive = [p for p in alive if p.status() != psutil.STATUS_ZOMBIE]
        for process in alive:
            process.kill()
        assert not alive, f"left running: {alive}"
