"""js-debug through the real one-shot CLI: a detached session host, one process per verb."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from jsdebug_helpers import BASICS, PROGRAMS, assert_gone, marker_line, requires_js_debug

pytestmark = [pytest.mark.slow, requires_js_debug]

DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


@pytest.fixture
def cli_env() -> Iterator[dict[str, str]]:
    runtime = tempfile.mkdtemp(prefix="dc")  # unix socket paths must stay short
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=runtime, NO_COLOR="1")
    env.pop("DAPCLI_SESSION", None)
    yield env
    subprocess.run([DAPCLI, "stop"], env=env, cwd=PROGRAMS, capture_output=True, timeout=30)
    shutil.rmtree(runtime, ignore_errors=True)


def dapcli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DAPCLI, *args], env=env, cwd=PROGRAMS, capture_output=True, text=True, timeout=60)


def test_launch_stack_step_continue_stop(cli_env: dict[str, str]) -> None:
    call = marker_line(BASICS, "call")
    done = dapcli(cli_env, "launch", "basics.js", "--break", f"basics.js:{call}")
    assert done.returncode == 0, done.stderr
    assert f"basics.js:{call}" in done.stdout

    stack = json.loads(dapcli(cli_env, "stack", "--json").stdout)
    assert stack["frames"][0]["line"] == call and stack["frames"][0]["path"] == str(BASICS)

    status = json.loads(dapcli(cli_env, "status", "--json").stdout)
    assert status["adapter"] == "node" and status["state"] == "stopped"
    pids = {status["adapterPid"], status["hostPid"]}

    step = json.loads(dapcli(cli_env, "step", "--json").stdout)
    assert step["location"]["line"] == marker_line(BASICS, "scale")
    assert json.loads(dapcli(cli_env, "eval", "p.name", "--json").stdout)["result"] == "'pünkt'"

    assert dapcli(cli_env, "break", "clear").returncode == 0
    end = json.loads(dapcli(cli_env, "continue", "--json").stdout)
    assert end["status"] == "exited" and end["exitCode"] == 4

    stopped = dapcli(cli_env, "stop")
    assert stopped.returncode == 0, stopped.stderr
    assert_gone(pids)


def test_a_value_changed_in_the_stop_shows_in_every_view(cli_env: dict[str, str]) -> None:
    """js-debug lists a scope from V8's snapshot taken at the stop: after `set` or an assigning
    `eval`, `vars` must show the value the program now has, not the snapshot's."""
    call = marker_line(BASICS, "call")
    assert dapcli(cli_env, "launch", "basics.js", "--break", f"basics.js:{call}").returncode == 0
    before = json.loads(dapcli(cli_env, "vars", "--json").stdout)
    assert {v["name"]: v["value"] for v in before["variables"]}["total"] == "140"

    assert dapcli(cli_env, "set", "total", "1000").returncode == 0
    listed = json.loads(dapcli(cli_env, "vars", "--filter", "total", "--json").stdout)
    assert [v["value"] for v in listed["variables"]] == ["1000"], listed

    assert json.loads(dapcli(cli_env, "eval", "total = 7", "--json").stdout)["result"] == "7"
    listed = json.loads(dapcli(cli_env, "vars", "--json").stdout)
    assert {v["name"]: v["value"] for v in listed["variables"]}["total"] == "7", listed

    # the program itself sees it: the next line prints it
    step = json.loads(dapcli(cli_env, "next", "--json").stdout)
    assert step["location"]["line"] == marker_line(BASICS, "print")
    assert {v["name"]: v["value"] for v in step["locals"]}["total"] == "7", step


def test_an_unknown_or_unsupported_request_fails_fast(cli_env: dict[str, str]) -> None:
    """js-debug never answers a request it does not know, nor one it does not support: ``dap
    nosuchcmd`` waited the full 30 s; now a request outside the spec (and not one of js-debug's
    own) is refused before it is sent, as on lldb-dap, ``dap disassemble`` (no
    supportsDisassembleRequest) too, js-debug's own requests still go through, and the session is
    unchanged."""
    call = marker_line(BASICS, "call")
    assert dapcli(cli_env, "launch", "basics.js", "--break", f"basics.js:{call}").returncode == 0
    started = time.monotonic()
    unknown = dapcli(cli_env, "dap", "nosuchcmd")
    assert time.monotonic() - started < 10
    assert unknown.returncode == 2, unknown.stderr
    assert unknown.stderr.splitlines()[0] == ("error: 'nosuchcmd' is not a DAP request, and node never answers a "
                                              "request it does not know")
    assert "one of node's own: createDiagnostics" in unknown.stderr
    own = dapcli(cli_env, "dap", "getPerformance", "--json")
    assert own.returncode == 0, own.stderr
    assert json.loads(own.stdout)["command"] == "getPerformance"
    started = time.monotonic()
    refused = dapcli(cli_env, "dap", "disassemble", '{"memoryReference": "0", "instructionCount": 1}')
    assert time.monotonic() - started < 10
    assert refused.returncode == 4, refused.stderr
    assert refused.stderr.splitlines()[0] == ("error: node does not support the disassemble request "
                                              "(it does not set supportsDisassembleRequest)")
    assert "Traceback" not in unknown.stderr + refused.stderr
    stack = json.loads(dapcli(cli_env, "stack", "--json").stdout)
    assert stack["frames"][0]["line"] == call
    assert json.loads(dapcli(cli_env, "eval", "1 + 2", "--json").stdout)["result"] == "3"


def test_a_runaway_evaluation_refuses_continue_at_once(cli_env: dict[str, str]) -> None:
    call = marker_line(BASICS, "call")
    assert dapcli(cli_env, "launch", "basics.js", "--break", f"basics.js:{call}").returncode == 0
    hung = dapcli(cli_env, "eval", "while(true){}", "--timeout", "3")
    assert hung.returncode != 0
    for verb in ("continue", "next"):
        started = time.monotonic()
        refused = dapcli(cli_env, verb)
        assert time.monotonic() - started < 10, f"{verb} waited behind the runaway evaluation"
        assert refused.returncode == 4, refused.stderr
        assert "interrupted evaluation of 'while(true){}' is still running" in refused.stderr
    status = json.loads(dapcli(cli_env, "status", "--json").stdout)
    assert status["state"] == "stopped"


def test_pause_and_status_say_a_runaway_evaluation_runs(cli_env: dict[str, str]) -> None:
    call = marker_line(BASICS, "call")
    assert dapcli(cli_env, "launch", "basics.js", "--break", f"basics.js:{call}").returncode == 0
    assert dapcli(cli_env, "eval", "while(true){}", "--timeout", "3").returncode != 0
    started = time.monotonic()
    paused = dapcli(cli_env, "pause")
    assert time.monotonic() - started < 10, "pause waited for an answer js-debug does not give"
    assert paused.returncode == 4 and "'while(true){}' is still running" in paused.stderr
    status = dapcli(cli_env, "status")
    assert "warning: an interrupted evaluation of 'while(true){}' is still running in the program" in status.stdout


def test_js_debug_serves_a_private_unix_socket_not_a_loopback_port(cli_env: dict[str, str]) -> None:
    """js-debug takes any number of connections and each may `launch` a program: on a loopback
    port, any local user could connect during a session and run code as us (it was done: a
    second client's `launch` ran its own script). It now serves a unix socket in a 0700 folder."""
    import psutil

    done = dapcli(cli_env, "launch", "basics.js", "--stop-on-entry")
    assert done.returncode == 0, done.stderr
    status = json.loads(dapcli(cli_env, "status", "--json").stdout)
    adapter = psutil.Process(status["adapterPid"])
    assert [c for c in adapter.net_connections(kind="inet") if c.status == psutil.CONN_LISTEN] == []
    (path,) = {c.laddr for c in adapter.net_connections(kind="unix") if str(c.laddr).endswith("dap.sock")}
    folder = os.path.dirname(path)
    assert os.stat(folder).st_mode & 0o777 == 0o700 and os.stat(folder).st_uid == os.getuid()
    assert json.loads(dapcli(cli_env, "next", "--json").stdout)["status"] == "stopped"  # the child session works
    assert dapcli(cli_env, "stop").returncode == 0
    assert_gone({status["adapterPid"], status["hostPid"]})
    assert not os.path.exists(folder)


def test_launch_catch_all_stops_at_a_caught_throw(cli_env: dict[str, str]) -> None:
    """js-debug's own filter ids (``all``: caught exceptions, ``uncaught``), sent before
    configurationDone: the first stop is the throw inside ``try``; an unknown id lists its filters."""
    throws = PROGRAMS / "throws.js"
    thrown = marker_line(throws, "thrown")
    done = dapcli(cli_env, "launch", "throws.js", "--catch", "all,uncaught", "--json")
    assert done.returncode == 0, done.stderr
    stop = json.loads(done.stdout)
    assert (stop["reason"], stop["location"]["line"]) == ("exception", thrown), stop
    filters = {f["filter"]: f["enabled"] for f in json.loads(dapcli(cli_env, "exceptions", "list", "--json").stdout)
               ["filters"]}
    assert filters == {"all": True, "uncaught": True}
    end = json.loads(dapcli(cli_env, "continue", "--json").stdout)
    assert (end["status"], end["exitCode"]) == ("exited", 0)
    assert dapcli(cli_env, "stop").returncode == 0
    refused = dapcli(cli_env, "launch", "throws.js", "--catch", "raised")
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.splitlines()[:2] == ["error: node has no exception filter 'raised'",
                                               "hint: its filters: all, uncaught"]


def _inspected(tmp_path: Path, *flags: str) -> tuple[subprocess.Popen[str], int | None]:
    """A node program ticking every 20 ms, started with ``flags``; its inspector's port if open."""
    import re

    program = tmp_path / "ticker.js"
    program.write_text("let n = 0;\nsetInterval(() => {\n  n += 1;\n}, 20);\n")
    node = shutil.which("node") or "node"
    process = subprocess.Popen([node, *flags, str(program)], stderr=subprocess.PIPE, text=True)
    if not flags:
        return process, None
    assert process.stderr is not None
    line = process.stderr.readline()  # "Debugger listening on ws://127.0.0.1:PORT/…", printed at start
    found = re.search(r"ws://127\.0\.0\.1:(\d+)/", line)
    assert found, line
    return process, int(found.group(1))


@pytest.mark.parametrize("how", ["address", "pid"])
def test_attach_to_a_program_with_its_inspector_open(cli_env: dict[str, str], tmp_path: Path, how: str) -> None:
    """By its inspector's HOST:PORT, or by pid (the port read from the process): a pause stops it,
    ``stop`` detaches and it runs on."""
    process, port = _inspected(tmp_path, "--inspect=127.0.0.1:0")
    try:
        where = ["127.0.0.1:" + str(port)] if how == "address" else ["--process-id", str(process.pid)]
        done = dapcli(cli_env, "attach", *where, "--adapter", "node", "--json")
        assert done.returncode == 0, done.stderr
        paused = json.loads(dapcli(cli_env, "pause", "--json").stdout)
        assert paused["status"] == "stopped" and paused["reason"] == "pause", paused
        assert dapcli(cli_env, "stop").returncode == 0
        with pytest.raises(subprocess.TimeoutExpired):  # it survives the detach, running
            process.wait(0.5)
    finally:
        process.kill()
        process.wait(10)


def test_attach_by_pid_without_an_inspector_is_refused(cli_env: dict[str, str], tmp_path: Path) -> None:
    """dapcli does not open a node inspector (SIGUSR1 opens 127.0.0.1:9229 to every local user)."""
    process, _ = _inspected(tmp_path)
    try:
        done = dapcli(cli_env, "attach", "--process-id", str(process.pid), "--adapter", "node")
        assert done.returncode == 4, done.stderr
        assert f"node process {process.pid} has no inspector open" in done.stderr
        assert "node --inspect=127.0.0.1:PORT" in done.stderr and "Traceback" not in done.stderr
        assert process.poll() is None  # untouched
    finally:
        process.kill()
        process.wait(10)
