"""Fidelity of debugpy through dapcli: the shared scenario (see fidelity.py), one launch.

Differences: none in the entry reason; tracebacks lose debugpy's and runpy's frames; pydevd's
log of a rejected set goes under console.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from checks import Expect, FidelityChecks
from fidelity import Observed, run_scenario

from dapcli.adapters.registry import by_name

SOURCE = "fid.py"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(by_name("python").find() is None, reason="debugpy is not installed")]


@pytest.fixture(scope="module")
def observed(script_program: tuple[Path, Path], workdir: Path) -> Observed:
    program, source = script_program
    return run_scenario("python", program, source, workdir)


class TestDebugpy(FidelityChecks):
    expect = Expect(
        entry_raw="entry", bad_expression="NameError: name 'nosuch_name' is not defined", child_x="'x'",
        set_bad="SyntaxError", callee="square", pause_raw="pause", exception_raw="exception", exception_words="boom",
        exit_code=1, console_marker="invalid syntax",
    )
