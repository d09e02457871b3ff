"""Fidelity of Delve through dapcli: the shared scenario (see fidelity.py), one launch.

Differences: the entry stop is before the runtime starts (no source location); function
names carry the package (`main.square`); log points are prefixed `> [Go 1]: `; a pause lands in the runtime
(dapcli selects `main.main`);
a panic is raw reason `exception` with description `panic`; the program's output is relayed from dlv's pipes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checks import Expect, FidelityChecks
from fidelity import Observed, run_scenario

from dapcli.adapters.registry import by_name

SOURCE = "fid.go"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(by_name("go").find() is None, reason="Delve is not installed")]


@pytest.fixture(scope="module")
def observed(go_program: tuple[Path, Path], workdir: Path) -> Observed:
    program, source = go_program
    return run_scenario("go", program, source, workdir)


class TestDelve(FidelityChecks):
    expect = Expect(
        entry_raw="entry", entry_location=False, bad_expression="nosuch_name", child_x="X", set_bad="expected operand",
        callee="main.square", pause_raw="pause", exception_raw="exception", exception_words="panic", exit_code=2,
        pause_function="main.main",
    )
