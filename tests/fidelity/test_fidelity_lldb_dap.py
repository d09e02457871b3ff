"""Fidelity of lldb-dap through dapcli: the shared scenario (see fidelity.py), one launch.

Differences: stop on entry is dapcli's one-shot breakpoint on main (raw reason `breakpoint`,
description `breakpoint 0.0`: shown as `entry`); `pause` is a SIGSTOP exception; log points come as
console text (shown as the program's stdout); a pause in libc stops in libc: dapcli selects `main`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checks import Expect, FidelityChecks
from fidelity import Observed, run_scenario

from dapcli.adapters.registry import by_name

SOURCE = "fid.c"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(by_name("lldb").find() is None, reason="lldb-dap is not installed")]


@pytest.fixture(scope="module")
def observed(c_program: tuple[Path, Path], workdir: Path) -> Observed:
    program, source = c_program
    return run_scenario("lldb", program, source, workdir)


class TestLldbDap(FidelityChecks):
    expect = Expect(
        entry_raw="breakpoint", bad_expression="use of undeclared identifier 'nosuch_name'", child_x="x",
        set_bad="is not a valid integer string value", callee="square", pause_raw="exception",
        exception_raw="exception",
        exception_words="SIGUSR1", exit_code=3, console_marker="preRunCommands",
    )
