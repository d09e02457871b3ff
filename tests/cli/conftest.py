"""Fixtures for the CLI integration tests: the real ``dapcli`` command on real debugpy.

Every test gets its own private runtime directory (so its sessions and hosts are its own), a
:class:`Cli` to run ``dapcli`` as a user would (a subprocess), and a finalizer that stops every
session and then proves that no process the test started survives: host, watchdog, adapter,
launcher, debuggee and whatever the debuggee spawned.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import psutil
import pytest

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
#: dapcli's bound on a value's repr in the program turned off (``launch`` options): what is left
#: when it cannot act (an attach, ``--no-nodelay``, a thread asleep in C) is the engine's own bounds.
NO_REPR_BOUND = ("--env", "DAPCLI_REPR_TIMEOUT=0")
#: The interpreter that runs the debuggees (the test venv's: no pyenv shim in between).
PYTHON = sys.executable
_SCRIPT = Path(sys.executable).with_name("dapcli")
DAPCLI = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "dapcli"]
#: How long processes may take to go away after `stop` or a host's death (seconds).
CLEANUP_S = 10.0


def line_of(path: str | Path, marker: str) -> int:
    """The 1-based line of ``path`` that carries the comment ``# @marker`` (exactly once)."""
    full = Path(path) if Path(path).is_absolute() else PROGRAMS / path
    pattern = re.compile(r"#\s*@" + re.escape(marker) + r"(?!\w)")
    found = [n for n, text in enumerate(full.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(text)]
    assert len(found) == 1, f"marker @{marker} appears {len(found)} times in {full}"
    return found[0]


def source_line(path: str | Path, marker: str) -> str:
    """The text of the line carrying ``# @marker``, stripped."""
    full = Path(path) if Path(path).is_absolute() else PROGRAMS / path
    return full.read_text(encoding="utf-8").splitlines()[line_of(full, marker) - 1].strip()


def loc(path: str, marker: str) -> str:
    """``FILE:LINE`` of a marker, as a user types a breakpoint."""
    return f"{path}:{line_of(path, marker)}"


class Run(NamedTuple):
    """One finished ``dapcli`` command."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Cli:
    """Runs ``dapcli`` in a private runtime directory and remembers every process it started."""

    def __init__(self, runtime_dir: str) -> None:
        self.runtime_dir = runtime_dir
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("DAPCLI_SESSION", "DAPCLI_DEBUG", "DAPCLI_TRACE", "DAPCLI_REPR_TIMEOUT",
                                 "VIRTUAL_ENV")}
        self.env.update({
            "DAPCLI_RUNTIME_DIR": runtime_dir, "NO_COLOR": "1", "COLUMNS": "200",
            # a leaked host ends by itself, even if this suite's finalizer never runs
            "DAPCLI_IDLE_TIMEOUT": "600",
        })
        #: pid → create_time of every process seen belonging to this test's sessions
        self.processes: dict[int, float] = {}
        self.sessions: set[str] = set()

    # -- running commands -------------------------------------------------------------------------
    def run(self, *args: Any, check: bool | int = True, cwd: str | Path | None = None,
            env: dict[str, str] | None = None, timeout: float = 30.0, traceback_ok: bool = False) -> Run:
        """Run ``dapcli ARGS`` in ``cwd`` (default: the programs directory); return (code, out, err).

        ``check``: True expects exit 0, an int expects that code, False checks nothing. A
        ``Traceback`` on stderr always fails the test unless ``traceback_ok``.
        """
        full_env = dict(self.env)
        if env:
            full_env.update(env)
        argv = [*DAPCLI, *(str(a) for a in args)]
        done = subprocess.run(argv, cwd=str(cwd or PROGRAMS), env=full_env, capture_output=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
        result = Run(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))
        expected = 0 if check is True else check
        if check is not False and result.code != expected:
            raise AssertionError(self._describe(args, result, f"expected exit code {expected}"))
        if not traceback_ok and "Traceback" in result.err:
            raise AssertionError(self._describe(args, result, "a traceback on stderr"))
        return result

    def json(self, *args: Any, **kwargs: Any) -> Any:
        """Run ``dapcli --json ARGS`` and parse its stdout."""
        result = self.run("--json", *args, **kwargs)
        try:
            return json.loads(result.out)
        except ValueError:
            raise AssertionError(self._describe(args, result, "stdout is not JSON")) from None

    def launch(self, program: str, *markers: str, session: str | None = None, args: tuple[str, ...] = (),
               options: tuple[str, ...] = (), check: bool | int = True, timeout: float = 10.0) -> Run:
        """``dapcli launch PROGRAM -b PROGRAM:LINE…`` (markers name lines of ``program``) with
        this venv's interpreter; records the session's processes."""
        argv: list[str] = ["launch", program, "--python", PYTHON, "--timeout", str(timeout)]
        for marker in markers:
            argv += ["-b", marker if ":" in marker else loc(program, marker)]
        if session:
            argv += ["--session", session]
        argv += list(options)
        if args:
            argv += ["--", *args]
        result = self.run(*argv, check=check, timeout=timeout + 30)
        name = session or self.env.get("DAPCLI_SESSION") or "default"
        self.sessions.add(name)
        self.record(name)
        return result

    def wait_output(self, text: str, *args: str, timeout: float = 30.0) -> dict[str, Any]:
        """Poll ``output --json ARGS`` until some chunk's text contains ``text`` (program output
        reaches the adapter on its own channel, so it may trail the stop that follows it)."""
        deadline = time.monotonic() + timeout
        while True:
            data: dict[str, Any] = self.json("output", *args)
            if text in "".join(chunk["output"] for chunk in data["chunks"]) or time.monotonic() > deadline:
                return data
            time.sleep(0.05)

    def status(self, session: str | None = None) -> dict[str, Any]:
        extra = ["--session", session] if session else []
        data: dict[str, Any] = self.json("status", *extra)
        return data

    # -- processes ------------------------------------------------------------------------------
    def record(self, session: str = "default") -> dict[str, Any] | None:
        """Remember the host, adapter, debuggee and every descendant of the host of ``session``."""
        result = self.run("--json", "status", "--session", session, check=False)
        if result.code != 0:
            return None
        data: dict[str, Any] = json.loads(result.out)
        for key in ("hostPid", "adapterPid", "debuggeePid"):
            if data.get(key):
                self._remember(int(data[key]))
        if data.get("hostPid"):
            with contextlib.suppress(psutil.Error):
                for child in psutil.Process(int(data["hostPid"])).children(recursive=True):
                    self._remember(child.pid)
        return data

    def _remember(self, pid: int) -> None:
        with contextlib.suppress(psutil.Error):
            self.processes.setdefault(pid, psutil.Process(pid).create_time())

    def alive(self, pids: dict[int, float] | None = None) -> list[psutil.Process]:
        """The remembered processes (or ``pids``) that still run (zombies count as gone)."""
        found = []
        for pid, started in (self.processes if pids is None else pids).items():
            try:
                process = psutil.Process(pid)
                if abs(process.create_time() - started) < 0.01 and process.status() != psutil.STATUS_ZOMBIE:
                    found.append(process)
            except psutil.Error:
                continue
        return found

    def wait_gone(self, pids: dict[int, float] | None = None, timeout: float = CLEANUP_S) -> list[psutil.Process]:
        """Wait until the processes are gone; return the ones still alive after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            left = self.alive(pids)
            if not left or time.monotonic() > deadline:
                return left
            time.sleep(0.05)

    def finalize(self) -> None:
        """Stop every session, then check that nothing this test started survives."""
        names = set(self.sessions)
        with contextlib.suppress(OSError):
            names |= {f[: -len(".json")] for f in os.listdir(self.runtime_dir) if f.endswith(".json")}
        for name in sorted(names):
            self.record(name)
            self.run("stop", "--session", name, check=False, timeout=30)
        left = self.wait_gone()
        description = [f"{p.pid} {' '.join(_cmdline(p))[:160]}" for p in left]
        for process in left:
            with contextlib.suppress(psutil.Error):
                process.send_signal(signal.SIGKILL)
        shutil.rmtree(self.runtime_dir, ignore_errors=True)
        assert not left, "processes survived `dapcli stop`:\n" + "\n".join(description)

    @staticmethod
    def _describe(args: tuple[Any, ...], result: Run, problem: str) -> str:
        return (f"dapcli {' '.join(map(str, args))}: {problem}; got exit code {result.code}\n"
                f"--- stdout ---\n{result.out}\n--- stderr ---\n{result.err}")


def _cmdline(process: psutil.Process) -> list[str]:
    try:
        return process.cmdline()
    except psutil.Error:
        return ["?"]


@pytest.fixture
def dc() -> Iterator[Cli]:
    """A :class:`Cli` with its own runtime directory (short: unix socket paths must stay under
    108 bytes), torn down with ``stop`` and a check that no process survives."""
    runtime = tempfile.mkdtemp(prefix="dc", dir="/tmp")
    os.chmod(runtime, 0o700)
    cli = Cli(runtime)
    yield cli
    cli.finalize()


def one_line_error(err: str) -> str:
    """The ``error:`` line of stderr, checking that it is one line (plus an optional hint)."""
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines, "nothing on stderr"
    assert "Traceback" not in err
    errors = [line for line in lines if line.startswith("error:")]
    assert len(errors) == 1, f"expected one 'error:' line, got:\n{err}"
    others = [line for line in lines if not line.startswith(("error:", "hint:"))]
    assert not others, f"unexpected stderr lines:\n{err}"
    return errors[0]
