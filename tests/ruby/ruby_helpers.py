"""Helpers for the Ruby (rdbg) tests: the program, its ``# @marker`` lines, the one-shot CLI.

Imported by name (``from ruby_helpers import …``): pytest puts this folder on ``sys.path``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sessionprocs import assert_gone, marker_line, processes_running, run  # noqa: F401

PROGRAMS = Path(__file__).resolve().parents[2] / "examples" / "ruby"  # the programs the docs show, tested as they are
CART = PROGRAMS / "cart.rb"


def _rdbg() -> str | None:
    from dapcli.adapters.ruby import RubyAdapter

    return RubyAdapter().find()


RDBG = _rdbg()
requires_rdbg = pytest.mark.skipif(
    RDBG is None or shutil.which("ruby") is None,
    reason="Ruby tests need ruby and rdbg (the debug gem): apt-get install ruby (tools/install-adapters.sh)",
)

#: The dapcli of this venv (one-shot CLI tests).
DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


def dapcli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """Run the one-shot CLI with ``env`` in the Ruby programs' folder."""
    return subprocess.run([DAPCLI, *args], env=env, cwd=PROGRAMS, capture_output=True, text=True, timeout=90)


def dapcli_json(env: dict[str, str], *args: str) -> dict[str, Any]:
    """The ``--json`` answer of one CLI call, which must succeed (``--json`` goes before a ``--``)."""
    cut = args.index("--") if "--" in args else len(args)
    done = dapcli(env, *args[:cut], "--json", *args[cut:])
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def locals_of(state: dict[str, Any]) -> dict[str, str]:
    """A stop state's locals (or a ``vars`` answer's variables) as ``{name: value}``."""
    return {v["name"]: v["value"] for v in state.get("locals") or state.get("variables") or []}


def output_of(state: dict[str, Any]) -> str:
    return "".join(chunk["output"] for chunk in state.get("output") or [])
