"""`dapcli test` with the run started early: the session host starts pytest while it imports and
the verb attaches to it (dapcli.adapters.debugpy.earlytest, debugpy_early). The stop is the same as a
launch's; a run nobody claims (a wrong hint, a host that died) is killed; nothing is left."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import psutil
import pytest
from conftest import PYTHON, Cli, line_of

from dapcli.adapters.debugpy.earlytest import boot_argv
from dapcli.adapters.early.runner import TEST_PREFIX
from dapcli.dispatch import remote, sessionfile, spawn
from dapcli.engine.testrun.python import BOOT

pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CART_TESTS = EXAMPLES / "tests" / "test_cart.py"


def _is_early(process: psutil.Process) -> bool:
    """A run the host started itself (not debugpy's launcher: no ``--connect``)."""
    words = process.cmdline()
    return BOOT in words and "--connect" not in words


def _runs(host_pid: int) -> list[psutil.Process]:
    try:
        return [p for p in psutil.Process(host_pid).children(recursive=True) if BOOT in p.cmdline()]
    except psutil.Error:
        return []


def _wait_for(found: object, timeout: float = 30.0) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = found()  # type: ignore[operator]
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("not within the time allowed")


def _host_with_hint(dc: Cli, args: list[str]) -> int:
    """Start the session host of ``default`` as the one-shot client would for a ``test`` whose
    run is ``args`` (the hint may be wrong on purpose); its pid."""
    os.environ["DAPCLI_RUNTIME_DIR"] = dc.runtime_dir  # this process speaks to the host too
    run = {"argv": boot_argv(PYTHON, BOOT, args), "cwd": str(EXAMPLES)}
    entry = spawn.start_host("default", [*spawn.host_command("default"), TEST_PREFIX + json.dumps(run)])
    dc.sessions.add("default")
    return entry.pid


def _run_argv(argv: list[str]) -> tuple[int | None, str]:
    out: list[str] = []
    with remote.connect("default") as client:
        code = client.run_argv(argv, str(EXAMPLES), {"tty": False, "color": False, "width": 200},
                               out.append, out.append)
    return code, "".join(out)


def test_the_early_run_is_taken_and_stops_like_a_launch(dc: Cli) -> None:
    state = dc.json("test", "--python", PYTHON, "tests/test_cart.py", cwd=EXAMPLES, timeout=120)
    dc.sessions.add("default")
    status = dc.record("default")
    assert status is not None
    debuggee = psutil.Process(int(status["debuggeePid"]))
    assert _is_early(debuggee) and debuggee.ppid() == int(status["hostPid"])  # the host's own run
    assert state["test"]["id"] == "tests/test_cart.py::test_total_with_discount"
    assert state["location"]["line"] == line_of(CART_TESTS, "assert")
    assert {v["name"]: v["value"] for v in state["locals"]} == {"expected": "24.41"}
    frames = dc.json("bt", cwd=EXAMPLES)["frames"]  # neither dapcli's bootstrap nor pytest's frames
    assert [f["name"] for f in frames] == ["test_total_with_discount"]
    assert "test session starts" in "".join(c["output"] for c in dc.json("output", cwd=EXAMPLES)["chunks"])
    second = dc.json("continue", cwd=EXAMPLES)  # pytest.raises in between does not stop
    assert second["test"]["id"] == "tests/test_cart.py::test_total_of_one_item"
    end = dc.json("continue", cwd=EXAMPLES)
    assert (end["status"], end["exitCode"]) == ("exited", 1) and end["test"]["summary"] == "2 failed, 2 passed"
    assert not dc.wait_gone({debuggee.pid: debuggee.create_time()})


def test_stop_ends_a_stopped_early_run(dc: Cli) -> None:
    dc.json("test", "--python", PYTHON, "--first", "tests/test_cart.py", cwd=EXAMPLES, timeout=120)
    dc.sessions.add("default")
    status = dc.record("default")
    assert status is not None and _is_early(psutil.Process(int(status["debuggeePid"])))
    dc.run("stop", cwd=EXAMPLES)
    assert not dc.wait_gone()


def test_a_wrong_hint_falls_back_to_a_launch_and_its_run_is_killed(dc: Cli) -> None:
    host = _host_with_hint(dc, ["pytest", "tests/test_cart.py::test_total_of_one_item"])
    wrong = _wait_for(lambda: _runs(host))[0]  # type: ignore[index]
    dc._remember(wrong.pid)
    code, out = _run_argv(["--json", "test", "--python", PYTHON, "tests/test_cart.py::test_total_with_discount"])
    assert code == 0, out
    state = json.loads(out)
    assert state["test"]["id"] == "tests/test_cart.py::test_total_with_discount"
    assert state["location"]["line"] == line_of(CART_TESTS, "assert")
    assert not dc.wait_gone({wrong.pid: wrong.create_time()})  # the wrong run is gone
    status = dc.record("default")
    assert status is not None and not _is_early(psutil.Process(int(status["debuggeePid"])))  # launched


def test_an_unclaimed_run_dies_with_its_host(dc: Cli) -> None:
    host = _host_with_hint(dc, ["pytest", "tests/test_cart.py"])
    run = _wait_for(lambda: _runs(host))[0]  # type: ignore[index]
    processes = {p.pid: p.create_time() for p in [psutil.Process(host), *psutil.Process(host).children(True)]}
    dc.processes.update(processes)
    os.kill(host, signal.SIGKILL)  # the host dies before any command reached it
    assert not dc.wait_gone({run.pid: run.create_time()})
    assert not dc.wait_gone(processes)  # the prestarted adapter too
    sessionfile.remove("default")


def test_a_run_that_ends_before_it_connects_is_reported_like_a_launch(dc: Cli, tmp_path: Path) -> None:
    """A conftest that ends the process at import: the run never reaches the debugger; the
    session shows its output (``-s``: not captured), its end and its exit status as a launch does."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "conftest.py").write_text("import os, sys\nprint('leaving early', flush=True)\nos._exit(3)\n")
    (tmp_path / "test_a.py").write_text("def test_a():\n    assert False\n")
    result = dc.run("test", "--python", PYTHON, "test_a.py", "--", "-s", cwd=tmp_path, check=3, timeout=120)
    dc.sessions.add("default")
    assert "Program exited with exit code 3" in result.out and "pytest exit code 3" in result.out
    assert "leaving early" in dc.run("output", cwd=tmp_path).out
    dc.run("stop", cwd=tmp_path)
    assert not dc.wait_gone()


def test_the_early_configured_run_passes_expected_exceptions_and_stops_in_a_fixture(dc: Cli) -> None:
    """The host configures the early run itself, so the run meets its expected exceptions
    (``pytest.raises``, ``assertRaises``, skips, xfail) before the session is there: each such stop
    waits, is reviewed and passed; the first real failure is the fixture's error, in the fixture."""
    edge = Path(__file__).resolve().parent / "programs" / "testrun"
    state = dc.json("test", "--python", PYTHON, "edge_cases.py", cwd=edge, timeout=120)
    dc.sessions.add("default")
    status = dc.record("default")
    assert status is not None and _is_early(psutil.Process(int(status["debuggeePid"])))
    assert state["test"]["id"] == "edge_cases.py::test_with_coupon" and state["test"]["phase"] == "setup"
    assert (state["location"]["line"], state["location"]["function"]) == (line_of(edge / "edge_cases.py",
                                                                                  "fixture"), "coupon")
    assert state["test"]["message"] == "KeyError: 'SUMMER'"
    dc.run("stop", cwd=edge)
    assert not dc.wait_gone()
