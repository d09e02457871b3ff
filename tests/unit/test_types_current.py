"""dapcli/protocol/types.py must be what tools/gen_types.py generates from the bundled schema."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_generated_types_are_current() -> None:
    pytest.importorskip(
        "datamodel_code_generator",
        reason="datamodel-code-generator is not installed (pip install -e '.[test]')",
    )
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_types.py"), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, f"gen_types.py --check exited {result.returncode}:\n{result.stdout}{result.stderr}"
