"""Which processes belong to this test run: every test runs with ``DAPCLI_TEST_OWNER`` (this
pytest process) and ``DAPCLI_TEST_MARKER`` (the test) in its environment, which every process it
starts inherits. Checks for leftovers look only at our own processes, so another worker (xdist)
or another copy of the suite running beside this one is never mistaken for a leak."""

from __future__ import annotations

import contextlib
import os

import psutil

OWNER_VAR = "DAPCLI_TEST_OWNER"
MARKER_VAR = "DAPCLI_TEST_MARKER"
#: The suite's own ``DAPCLI_*`` variables, which a helper that clears the others must keep: the
#: test's marks and its private state directory (else the user's would be read).
SUITE_VARS = (OWNER_VAR, MARKER_VAR, "DAPCLI_STATE_DIR")
#: This pytest process (a worker under xdist): set once, inherited by every process it starts.
#: Always this process's own value: an xdist worker inherits its controller's environment, and
#: with the controller's value two workers would take each other's live programs for leftovers.
OWNER = f"{os.getpid()}-{os.urandom(4).hex()}"
os.environ[OWNER_VAR] = OWNER


def carrying(var: str, value: str) -> list[psutil.Process]:
    """Live processes of this user whose environment has ``var=value`` (never this process)."""
    found = []
    for process in psutil.process_iter(["pid", "uids", "status"]):
        with contextlib.suppress(psutil.Error):
            if process.pid == os.getpid() or process.info["status"] == psutil.STATUS_ZOMBIE:
                continue
            if process.info["uids"] and process.info["uids"].real != os.getuid():
                continue
            if process.environ().get(var) == value:
                found.append(process)
    return found


def ours(process: psutil.Process) -> bool:
    """True when ``process`` was started by this test run."""
    try:
        return process.environ().get(OWNER_VAR) == OWNER
    except psutil.Error:
        return False


def kill_all(processes: list[psutil.Process], timeout: float = 10.0) -> list[psutil.Process]:
    """SIGKILL ``processes``; return the ones still alive after ``timeout`` seconds."""
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.kill()
    _, alive = psutil.wait_procs(processes, timeout=timeout)
    return alive
