"""lldb-dap started early, while the session host imports (dapcli.adapters.early): used only
when the launch would start the very same command, killed otherwise, and never outliving the host."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from native_helpers import ADAPTER_PATHS, Driver, assert_gone, dapcli, marker_line, needs, run

from dapcli.adapters.early import process as early_process
from dapcli.adapters.early import runner
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.engine.processes import watchdog_command

BOUND = 30.0  # generous: only matters when the test fails


@pytest.fixture(autouse=True)
def _nothing_early_left() -> Iterator[None]:
    yield
    early_process.discard()


def _early() -> psutil.Process:
    assert early_process._early.item is not None, "no lldb-dap was started early"
    return psutil.Process(early_process._early.item[3].pid)


@pytest.mark.parametrize(("name", "family"), [
    pytest.param("lldb", LldbAdapter, marks=needs("lldb"), id="lldb"),
    pytest.param("gdb", GdbAdapter, marks=needs("gdb"), id="gdb"),
])
def test_an_early_adapter_is_taken_by_the_same_start(name: str, family: type[LldbAdapter | GdbAdapter]) -> None:
    runner.start(name)
    early = _early()

    async def body() -> None:
        transport, pid = await family().start()
        try:
            assert pid == early.pid
        finally:
            await transport.close()
            await asyncio.wait_for(transport.process.wait(), BOUND)  # type: ignore[attr-defined]

    run(body)
    assert_gone([early], BOUND)  # stdin closed: lldb-dap ends


@needs("lldb")
def test_an_early_lldb_dap_for_another_environment_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    runner.start("lldb")
    early = _early()
    monkeypatch.setenv("DAPCLI_PRESTART_TEST", "changed")  # the launch would start it with another env

    async def body() -> None:
        transport, pid = await LldbAdapter().start()
        try:
            assert pid != early.pid
            assert_gone([early], BOUND)
        finally:
            await transport.close()
            await asyncio.wait_for(transport.process.wait(), BOUND)  # type: ignore[attr-defined]

    run(body)


@needs("lldb")
def test_a_native_launch_with_another_environment_kills_the_early_lldb_dap(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The launch starts its own lldb-dap (the environment changed since the early one) and stops."""
    runner.start("lldb")
    early = _early()
    monkeypatch.setenv("DAPCLI_PRESTART_TEST", "changed")
    line = marker_line(sample.parent / "sample.c", "init")
    driver = Driver(sample.parent)

    async def body() -> None:
        try:
            stop = await driver("launch", program=str(sample), adapter="lldb",
                                breakpoints=[f"{sample.parent / 'sample.c'}:{line}"])
            assert stop["status"] == "stopped" and stop["location"]["line"] == line
            assert driver.session.adapter_pid != early.pid
            assert_gone([early], BOUND)
        finally:
            await driver.close()

    run(body)


@needs("lldb")
def test_an_unused_early_lldb_dap_is_killed_and_the_launch_works(tmp_path: Path) -> None:
    """A Python launch in a host that started lldb-dap early: lldb-dap goes, debugpy stops."""
    program = tmp_path / "app.py"
    program.write_text("x = 1\nprint(x)  # @line\n")
    runner.start("lldb")
    early = _early()
    driver = Driver(tmp_path)

    async def body() -> None:
        try:
            stop = await driver("launch", program=str(program), breakpoints=[f"{program}:2"])
            assert stop["status"] == "stopped" and stop["location"]["line"] == 2
            assert_gone([early], BOUND)
        finally:
            await driver.close()

    run(body)


@needs("lldb")
def test_a_native_launch_uses_the_early_lldb_dap(cli_env: dict[str, str], sample: Path) -> None:
    """``dapcli launch EXE -b F:L --timeout S`` end to end (an option the early launch of
    dapcli.adapters.early.launch does not take): the host's adapter is the lldb-dap it started first."""
    line = marker_line(sample.parent / "sample.c", "init")
    done = dapcli(cli_env, sample.parent, "launch", str(sample), "-b", f"sample.c:{line}", "--timeout", "60")
    assert done.returncode == 0, done.stderr
    assert f"sample.c:{line}" in done.stdout
    host = _host(cli_env)
    assert host.cmdline()[-1] == "-"  # the client wrote the host what to start first (lldb-dap) on its stdin
    adapters = [p for p in host.children() if p.name().startswith("lldb-dap")]
    watchdogs = [p for p in host.children() if watchdog_command()[-1] in p.cmdline()]  # its script (then the mark)
    assert len(adapters) == 1 and len(watchdogs) == 1, host.children()
    # the early one was taken: started before the host's imports (~0.3 s), not when the launch
    # came, which is right before the watchdog (started when the session adopts its adapter)
    assert watchdogs[0].create_time() - adapters[0].create_time() > 0.1


@needs("lldb")
def test_a_host_killed_while_starting_leaves_no_lldb_dap(tmp_path: Path) -> None:
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=str(tmp_path))
    host = subprocess.Popen([sys.executable, "-m", "dapcli.frontends.cli.hostmain", "early", "60", "lldb"],
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        adapter = _wait_for_child(host.pid, os.path.basename(ADAPTER_PATHS["lldb"] or "lldb-dap"))
    finally:
        os.killpg(host.pid, signal.SIGKILL)
        host.wait(BOUND)
    assert_gone([adapter], BOUND)


def _wait_for_child(pid: int, name: str) -> psutil.Process:
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        found = [p for p in psutil.Process(pid).children() if p.name() == name[:15]]
        if found:
            return found[0]
        time.sleep(0.005)
    raise AssertionError(f"the host started no {name}")


def _host(env: dict[str, str]) -> psutil.Process:
    import json

    entry = json.loads((Path(env["DAPCLI_RUNTIME_DIR"]) / "default.json").read_text())
    return psutil.Process(int(entry["pid"]))

