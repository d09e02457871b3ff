"""``dapcli stop`` typed while a ``dapcli launch`` of the same session is still starting (its
host importing): it waits for that start and stops the session, instead of saying "no session"
and letting the launch run on."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from conftest import DAPCLI, PROGRAMS, Cli, line_of

from dapcli.dispatch.spawn import START_TIMEOUT

BOUND = 60.0  # generous: only matters when the test fails


def test_stop_while_the_launch_starts_waits_for_it_and_stops_it(dc: Cli) -> None:
    program = str(PROGRAMS / "cart.py")
    lock = Path(dc.runtime_dir) / "default.lock"
    launch = subprocess.Popen([*DAPCLI, "launch", program, "-b", f"{program}:{line_of(program, 'loop')}"],
                              env=dc.env, cwd=PROGRAMS, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + BOUND
        while not lock.exists():  # the launch holds the name's lock while its host starts
            assert time.monotonic() < deadline and launch.poll() is None, "the launch never took its lock"
            time.sleep(0.005)
        stopped = dc.run("stop", check=False, timeout=START_TIMEOUT + 30)
        assert stopped.code == 0, stopped
        assert "no session" not in stopped.err
        launch.communicate(timeout=BOUND)
        assert dc.run("status", check=False).code != 0  # no session any more
        assert not dc.wait_gone(), "processes left running"
    finally:
        if launch.poll() is None:
            launch.kill()
