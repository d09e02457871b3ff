"""Fidelity of js-debug through dapcli: the shared scenario (see fidelity.py), one launch.

Differences: the program runs in a child session; node's "Debugger attached." and the
command line are console text; threadId is 0; function names carry `global.`; a pause of an idle program
is raw reason `step` (shown as `pause`); js-debug turns no exception filter on by default: dapcli turns
on its `uncaught` filter (as debugpy's is on), so an uncaught exception stops where it is thrown.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checks import Expect, FidelityChecks
from fidelity import Observed, run_scenario

from dapcli.adapters.registry import by_name

SOURCE = "fid.js"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed")]


@pytest.fixture(scope="module")
def observed(script_program: tuple[Path, Path], workdir: Path) -> Observed:
    program, source = script_program
    return run_scenario("node", program, source, workdir)


class TestJsDebug(FidelityChecks):
    expect = Expect(
        entry_raw="entry", bad_expression="ReferenceError: nosuch_name is not defined", child_x="x",
        set_bad="SyntaxError", callee="global.square", pause_raw="pause", exception_raw="exception",
        exception_words="boom", exit_code=1, console_marker="Debugger attached",
        paused_in="wait", pause_may_be_idle=True,
    )
