"""Fidelity of CodeLLDB through dapcli: the shared scenario (see fidelity.py), one launch.

Differences: as lldb-dap (entry through a one-shot breakpoint, pause as a SIGSTOP
exception); libc frames have no source path (`@clock_nanosleep@GLIBC_2.2.5`); its "Stop reason:" stderr line
is console text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checks import Expect, FidelityChecks
from fidelity import Observed, run_scenario

from dapcli.adapters.registry import by_name

SOURCE = "fid.c"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(by_name("codelldb").find() is None, reason="CodeLLDB is not installed")]


@pytest.fixture(scope="module")
def observed(c_program: tuple[Path, Path], workdir: Path) -> Observed:
    program, source = c_program
    return run_scenario("codelldb", program, source, workdir)


class TestCodeLldb(FidelityChecks):
    expect = Expect(
        entry_raw="breakpoint", bad_expression="use of undeclared identifier 'nosuch_name'", child_x="x",
        set_bad="is not a valid integer string value", callee="square", pause_raw="exception",
        exception_raw="exception", exception_words="SIGUSR1", exit_code=3, console_marker="preRunCommands",
    )
