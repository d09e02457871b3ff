"""Helpers for the bash-dap tests: programs, their ``# @marker`` lines, the skip when bash-dap is absent.

Imported by name (``from bash_helpers import …``): pytest puts this folder on ``sys.path``.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sessionprocs import assert_gone, processes_running  # noqa: F401

from dapcli.adapters.bashdap import find_bash_dap

PROGRAMS = Path(__file__).resolve().parent / "programs"
CART = PROGRAMS / "cart.sh"
GREET = PROGRAMS / "greet"


def marker_line(path: Path, marker: str) -> int:
    """The 1-based line carrying ``# @marker`` (no hard-coded line numbers)."""
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.search(rf"#\s*@{re.escape(marker)}\b", text):
            return number
    raise LookupError(f"no @{marker} in {path}")


def _missing() -> list[str]:
    missing = [] if shutil.which("bash") else ["bash"]
    if find_bash_dap() is None:
        missing.append("bash-dap (pip install bash-dap)")
    return missing


MISSING = _missing()
requires_bash_dap = pytest.mark.skipif(bool(MISSING), reason=f"bash tests need {' and '.join(MISSING)}")
