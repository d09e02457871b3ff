"""Ctrl-C on ``dapcli launch`` while its session host still starts: the host, the adapter it
started early (dapcli.adapters.early.launch) and the program all end, at once, instead of the
program running unseen until the unclaimed early start is dropped a minute later."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import psutil
from native_helpers import DAPCLI, assert_gone, marker_line, needs

BOUND = 30.0  # generous: only matters when the test fails


def _child(parent: psutil.Process, word: str) -> psutil.Process | None:
    for process in parent.children(recursive=True):
        try:
            if word in " ".join(process.cmdline()):
                return process
        except psutil.Error:
            continue
    return None


def _as_at_a_terminal() -> None:
    """Ctrl-C as a command typed at a shell gets it: a suite started in the background (``CMD &``
    in a script) ignores SIGINT, and an ignored signal stays ignored in every child it starts."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@needs("lldb")
def test_ctrl_c_while_the_host_starts_ends_the_early_launch(sample: Path, cli_env: dict[str, str]) -> None:
    for _ in range(5):  # on a loaded machine the host may come up before it is held: try again
        if _interrupted_while_starting(sample, cli_env):
            return
    raise AssertionError("the host came up before it could be held, five times")


def _interrupted_while_starting(sample: Path, cli_env: dict[str, str]) -> bool:
    """One try; False when the host was up before it was held (nothing to check then)."""
    line = marker_line(sample.parent / "sample.c", "call")
    socket = Path(cli_env["DAPCLI_RUNTIME_DIR"]) / "default.sock"
    client = subprocess.Popen([DAPCLI, "launch", sample.name, "-b", f"sample.c:{line}"], env=cli_env,
                              cwd=sample.parent, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              preexec_fn=_as_at_a_terminal)
    me = psutil.Process(client.pid)
    stopped: list[psutil.Process] = []
    try:
        deadline = time.monotonic() + BOUND
        host = adapter = None
        while time.monotonic() < deadline and adapter is None:
            host = host or _child(me, "hostboot")
            adapter = _child(host, "lldb-dap") if host is not None else None
            time.sleep(0.005)
        assert host is not None and adapter is not None, "the host never started lldb-dap early"
        host.suspend()  # the host cannot come up while the user presses Ctrl-C
        stopped.append(host)
        while time.monotonic() < deadline and host.status() != psutil.STATUS_STOPPED:
            time.sleep(0.005)  # SIGSTOP takes effect when the kernel next schedules it: it may still bind
        if socket.exists():  # it came up first: end this try
            host.resume()
            stopped.clear()
            client.communicate(timeout=BOUND)
            subprocess.run([DAPCLI, "stop"], env=cli_env, cwd=sample.parent, capture_output=True, timeout=BOUND)
            return False
        client.send_signal(signal.SIGINT)
        _, err = client.communicate(timeout=BOUND)
        assert client.returncode == 130, err.decode()
        assert err.decode() == "interrupted: the session was not started (its host is ended)\n"
        host.resume()
        stopped.clear()
        tree = [host, adapter, *adapter.children(recursive=True)]
        assert_gone(tree, timeout=15.0)  # without the fix: a minute (the unclaimed early start's timer)
        return True
    finally:
        for process in stopped:
            process.resume()
        if client.poll() is None:
            client.kill()
            client.wait()
