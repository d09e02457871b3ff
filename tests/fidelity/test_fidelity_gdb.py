"""Fidelity of gdb (cdt-gdb-adapter) through dapcli: the shared scenario (see fidelity.py), one launch.

Differences: stop on entry is a `tbreak main` (raw reason `breakpoint`); pause is raw reason
`SIGINT` and a signal is its name (`SIGUSR1`); gdb's banner, help and stop reports come as stdout and are
kept under console; log points are not substituted by cdt (`i is {i}` is printed as is).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checks import Expect, FidelityChecks
from fidelity import Observed, run_scenario

from dapcli.adapters.registry import by_name

SOURCE = "fid.c"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(by_name("gdb").find() is None, reason="gdb (cdt-gdb-adapter) is not installed")]


@pytest.fixture(scope="module")
def observed(c_program: tuple[Path, Path], workdir: Path) -> Observed:
    program, source = c_program
    return run_scenario("gdb", program, source, workdir)


class TestGdb(FidelityChecks):
    expect = Expect(
        entry_raw="breakpoint", bad_expression="nosuch_name", child_x="x", set_bad="-var-assign",
        callee="square", pause_raw="SIGINT", exception_raw="SIGUSR1", exception_words="SIGUSR1", exit_code=3,
        console_marker="host character set",
    )
