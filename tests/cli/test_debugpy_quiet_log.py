"""debugpy describes the whole environment (every installed distribution's metadata) in the
adapter, its launcher and the debuggee before the program's first line, even when nothing logs
it. dapcli's sitecustomize (``adapters/debugpy/debugpy_nodelay``) turns that into a no-op unless ``info``
is logged; these tests check it on the real debugpy."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import psutil
import pytest
from conftest import PYTHON, Cli

from dapcli.adapters.debugpy.adapter import NODELAY_DIR

PROGRAM = '''import sys
log = sys.modules.get("debugpy.common.log")
print("ready")  # @here
'''


def _run(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": NODELAY_DIR}
    env.pop("DEBUGPY_LOG_DIR", None)
    return subprocess.run([PYTHON, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)


def test_describe_environment_reads_no_metadata_unless_logged(tmp_path: Path) -> None:
    code = (
        "import importlib.metadata as m\n"
        "def refuse(*a, **k): raise SystemExit('distributions() was read')\n"
        "from debugpy.common import log\n"
        "m.distributions = refuse\n"
        "log.describe_environment('x')\n"
        "print('quiet')\n"
    )
    done = _run(code, tmp_path)
    assert (done.returncode, done.stdout.strip()) == (0, "quiet"), done.stderr


def test_describe_environment_still_logs_to_a_log_file(tmp_path: Path) -> None:
    logged = tmp_path / "debugpy.log"
    done = _run(f"from debugpy.common import log\nlog.to_file(filename={str(logged)!r})\n"
                "log.describe_environment('Initial environment:')\n", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Installed packages:" in logged.read_text()


@pytest.mark.slow
def test_adapter_launcher_and_debuggee_skip_it(dc: Cli, tmp_path: Path) -> None:
    program = tmp_path / "prog.py"
    program.write_text(PROGRAM)
    dc.launch(str(program), "here")
    shown = dc.json("evaluate", "log.describe_environment.__qualname__")["result"]
    assert shown == "'_quiet.<locals>.describe_environment'"
    adapter = psutil.Process(int(dc.status()["adapterPid"]))
    assert adapter.environ()["PYTHONPATH"].split(os.pathsep)[0] == NODELAY_DIR


@pytest.mark.slow
def test_stop_on_entry_is_in_the_program_not_in_dapclis_sitecustomize(dc: Cli, tmp_path: Path) -> None:
    """debugpy calls the patched describe_environment after tracing starts: its frame (dapcli's
    sitecustomize) is excluded from the user's code, so the entry stop is the program's line 1."""
    program = tmp_path / "prog.py"
    program.write_text(PROGRAM)
    dc.run("launch", str(program), "--python", PYTHON, "--stop-on-entry", timeout=60)
    dc.sessions.add("default")
    dc.record("default")
    frames = dc.json("bt")["frames"]
    assert [(f["path"], f["line"]) for f in frames] == [(str(program), 1)]
