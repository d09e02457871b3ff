"""Regression tests for bugs found by trying the product (each with the value that was wrong)."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import psutil
import pytest
from testprocs import ours

from dapcli.dispatch.local import LocalDispatcher
from dapcli.verbs.inspection.source import _last_lines
from dapcli.verbs.models import OutputChunkView

PROGRAMS = Path(__file__).parent / "programs"
ROOT = Path(__file__).resolve().parents[2]
BUGGY = ROOT / "examples" / "buggy.py"


def line_of(path: Path, marker: str) -> int:
    return next(i for i, t in enumerate(path.read_text().splitlines(), 1) if f"@{marker}" in t)


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", tempfile.mkdtemp(prefix="dcf"))
    monkeypatch.setenv("DAPCLI_STATE_DIR", tempfile.mkdtemp(prefix="dcfs"))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "dapcli", *args], capture_output=True, text=True, timeout=60,
                              cwd=ROOT)

    yield run
    run("stop")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_attach_to_a_debugpy_listen_server_then_detach(cli) -> None:  # type: ignore[no-untyped-def]
    port = _free_port()
    program = PROGRAMS / "ticker.py"
    server = subprocess.Popen([sys.executable, "-Xfrozen_modules=off", "-m", "debugpy", "--listen",
                               f"127.0.0.1:{port}", str(program)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        # wait until something listens there, without connecting (debugpy takes its first
        # client as *the* client)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if any(c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
                   for c in psutil.net_connections("tcp")):
                break
            time.sleep(0.1)
        attached = cli("--json", "attach", f"127.0.0.1:{port}", "-b", f"{program}:{line_of(program, 'tick')}")
        assert attached.returncode == 0, attached.stderr
        state = json.loads(attached.stdout)
        if state["status"] == "running":  # attach looks for a stop for 0.3 s only; a loaded machine is slower
            state = json.loads(cli("--json", "wait", "--timeout", "60").stdout)
        assert (state["status"], state["location"]["line"]) == ("stopped", line_of(program, "tick")), state
        assert cli("eval", "n > 0").stdout.split()[0] == "True"
        assert cli("stop", "--detach").returncode == 0
        with pytest.raises(subprocess.TimeoutExpired):  # a detached program keeps running
            server.wait(timeout=0.5)
    finally:
        server.kill()
        server.wait()


def test_launch_replaces_a_session_whose_program_exited(cli) -> None:  # type: ignore[no-untyped-def]
    first = cli("launch", str(BUGGY))
    assert first.returncode == 0 and "exit code 0" in first.stdout
    again = cli("launch", str(BUGGY), "-b", f"{BUGGY}:{line_of(BUGGY, 'running')}")
    assert again.returncode == 0, again.stderr
    assert "Stopped (breakpoint 1)" in again.stdout


def test_sys_exit_is_an_exit_not_a_crash(cli) -> None:  # type: ignore[no-untyped-def]
    done = cli("--json", "launch", str(PROGRAMS / "exits3.py"))
    state = json.loads(done.stdout)
    assert (state["status"], state["exitCode"]) == ("exited", 3)


def test_unknown_thread_and_frame_ids_say_so(cli) -> None:  # type: ignore[no-untyped-def]
    cli("launch", str(BUGGY), "-b", f"{BUGGY}:{line_of(BUGGY, 'running')}")
    thread = cli("stack", "--thread-id", "4242")
    assert thread.returncode == 2 and "no thread 4242 (threads: 1)" in thread.stderr
    frame = cli("eval", "i", "--frame-id", "99999")
    assert frame.returncode == 2 and "no frame with frameId 99999" in frame.stderr
    assert cli("stack").returncode == 0


def test_restart_keeps_exception_filters_and_watches() -> None:
    program = PROGRAMS / "raises.py"

    async def scenario() -> None:
        dispatcher = LocalDispatcher()
        await dispatcher.call("launch", {"program": str(program), "stopOnEntry": True})
        await dispatcher.call("setExceptionBreakpoints", {"filters": ["raised", "uncaught"]})
        await dispatcher.call("addWatch", {"expression": "value"})
        restarted = await dispatcher.call("restart", {})
        if restarted.reason == "entry":
            restarted = await dispatcher.call("continue", {})
        assert (restarted.reason, restarted.location.line) == ("exception", line_of(program, "raised"))
        assert restarted.watches is not None and restarted.watches[0].value == "'missing'"
        await dispatcher.call("stop", {})

    asyncio.run(asyncio.wait_for(scenario(), 60))


def _complete_ticks(text: str) -> list[int]:
    """The numbers of the complete ``tick N`` lines in ``text``; a line cut short at the end (output
    still arriving, e.g. ``"tick"`` without its number yet) is not counted."""
    return [int(found[1]) for line in text.splitlines(keepends=True)
            if line.endswith("\n") and (found := re.fullmatch(r"tick (\d+)\n", line))]


def test_a_stop_reports_all_output_since_the_last_stop() -> None:
    program = PROGRAMS / "ticker.py"

    def stdout(chunks: Sequence[Any] | None) -> str:
        return "".join(c.output for c in chunks or [] if c.category == "stdout")

    async def scenario() -> None:
        dispatcher = LocalDispatcher()
        launched = await dispatcher.call("launch", {"program": str(program), "timeout": 0.3})
        first = stdout(launched.output)  # a fast start prints ticks before launch returns: reported there
        session = dispatcher.manager.get("default")
        deadline = time.monotonic() + 30
        while len(_complete_ticks(stdout(session.output.since(0)))) < len(_complete_ticks(first)) + 2:  # nobody asked
            assert time.monotonic() < deadline, "the program printed no ticks"
            await asyncio.sleep(0.02)
        later = stdout((await dispatcher.call("wait", {"timeout": 0.3})).output)
        await dispatcher.call("stop", {})
        # What the two calls reported, put end to end, is the program's output from its first line on,
        # with no line missing or repeated (a line may be split between the two: "tick" | " 6\n").
        numbers = _complete_ticks(first + later)
        assert len(numbers) > len(_complete_ticks(first)), f"wait reported no new tick: {later!r}"
        assert numbers == list(range(1, len(numbers) + 1)), f"output between calls lost: {first!r} then {later!r}"

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_output_tail_counts_lines_not_chunks() -> None:
    chunks = [OutputChunkView(seq=i, category="stdout", output=text)
              for i, text in enumerate(["tick", " 1\n", "tick", " 2\n", "last\n"], 1)]
    assert "".join(c.output for c in _last_lines(chunks, 2)) == "tick 2\nlast\n"
    assert "".join(c.output for c in _last_lines(chunks, 1)) == "last\n"
    assert "".join(c.output for c in _last_lines(chunks, 10)) == "tick 1\ntick 2\nlast\n"
    assert _last_lines(chunks, 0) == []


def test_nothing_is_left_running() -> None:
    # this worker's only: another file's test may run these programs at the same time (xdist)
    leftovers = [p for p in psutil.process_iter(["cmdline"])
                 if any(str(PROGRAMS) in part for part in (p.info["cmdline"] or [])) and ours(p)]
    assert not leftovers


def test_bad_locations_and_special_files_are_refused(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    cli("launch", str(BUGGY), "-b", f"{BUGGY}:{line_of(BUGGY, 'running')}")
    fifo = tmp_path / "fifo"
    import os

    os.mkfifo(fifo)
    for args, text in [
        (("list", f"{fifo}:1"), "is not a regular file"),
        (("list", "/dev/zero:1"), "is not a regular file"),
        (("break", "add", f"{BUGGY}:²"), "bad line '²'"),
        (("break", "add", f"{BUGGY}:-1"), "bad line '-1'"),
        (("--session", "other", "attach", "127.0.0.1:99999"), "port 1-65535"),
    ]:
        done = cli(*args)
        assert done.returncode == 2 and text in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
    assert cli("stack").returncode == 0  # the session is as it was


def test_concurrent_launches_of_one_name_start_one_session(cli) -> None:  # type: ignore[no-untyped-def]
    program = ROOT / "benchmarks" / "target.py"
    where = f"{program}:{line_of(program, 'running')}"
    env_args = [sys.executable, "-m", "dapcli", "launch", str(program), "-b", where]
    launches = [subprocess.Popen(env_args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
                for _ in range(3)]
    results = [p.communicate(timeout=90) for p in launches]
    codes = sorted(p.returncode for p in launches)
    assert codes == [0, 2, 2], results
    assert sum("already running" in err for _, err in results) == 2
    cli("stop")
    running = [p for p in psutil.process_iter(["cmdline"]) if str(program) in " ".join(p.info["cmdline"] or [])
               and ours(p)]
    _, alive = psutil.wait_procs(running, timeout=10)
    assert not alive


def test_lone_surrogates_in_output_do_not_break_the_wire() -> None:
    from dapcli.protocol.codec import FrameDecoder

    body = b'{"type":"event","event":"output","body":{"output":"a\\udc80b"}}'
    message = FrameDecoder().feed(b"Content-Length: %d\r\n\r\n" % len(body) + body)[0]
    assert message["body"]["output"] == "a\\udc80b"
    message["body"]["output"].encode("utf-8")  # encodable: every frontend can print and send it
