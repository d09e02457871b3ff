"""A program killed by a signal reads the same under every adapter: "killed by SIGABRT", the
signal's name in JSON (``signal``) and MCP, and the adapter's own number only as that (lldb-dap
says 6, gdb -6, debugpy 250: none is the program's exit status)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, PROGRAMS, Driver, each_adapter, run
from rich.console import Console

from dapcli.frontends.mcp.stoptext import render_stop as stop_text
from dapcli.render import render_stop
from dapcli.verbs.models import StopState


@pytest.fixture(scope="module")
def aborts(build_dir: Path) -> Path:
    assert CC is not None
    shutil.copy(PROGRAMS / "abort.c", build_dir / "abort.c")
    done = subprocess.run([CC, "-g", "-O0", "-o", "aborts", "abort.c"], cwd=build_dir,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return build_dir / "aborts"


def shown(state: StopState) -> str:
    console = Console(width=160, no_color=True, record=True)
    console.print(render_stop(state))
    return console.export_text()


@pytest.mark.parametrize("adapter", each_adapter("lldb", "gdb", "codelldb"))
def test_signal_death_is_named_not_numbered(adapter: str, aborts: Path) -> None:
    async def body() -> None:
        d = Driver(aborts.parent)
        try:
            stop = await d("launch", program="aborts", adapter=adapter)
            assert stop["status"] == "stopped", stop
            end = await d("continue")
            assert end["status"] == "exited", end
            assert end["signal"] == "SIGABRT", end
            assert end["description"] == "killed by SIGABRT", end
            state = StopState.model_validate(end)
            text = shown(state)
            assert f"Program killed by SIGABRT (adapter's exit code {end['exitCode']})" in text, text
            assert "Program exited" not in text, text
            assert stop_text(state).startswith(f"killed by SIGABRT (adapter's exit code {end['exitCode']})")
        finally:
            await d.close()

    run(body)
