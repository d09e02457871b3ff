"""`set`, `eval`, `vars`, `list` and `bt` use the frame chosen with `up`/`down` on each native
adapter (gdb and CodeLLDB number frames anew at every stackTrace)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from native_helpers import SAMPLE_C, dapcli, each_adapter, marker_line

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each_adapter())
def test_set_in_the_callers_frame(adapter: str, sample: Path, cli_env: dict[str, str]) -> None:
    cwd = sample.parent
    body = marker_line(SAMPLE_C, "square-body")
    done = dapcli(cli_env, cwd, "launch", "./sample", "--break", f"sample.c:{body}", "--adapter", adapter)
    assert done.returncode == 0, done.stderr
    assert dapcli(cli_env, cwd, "up").returncode == 0
    selected = [f for f in json.loads(dapcli(cli_env, cwd, "stack", "--json").stdout)["frames"] if f.get("selected")]
    assert [(f["index"], f["name"]) for f in selected] == [(1, "main")]
    for name, value in (("total", "7"), ("origin.y", "9")):  # CodeLLDB sets no array element, in any frame
        changed = dapcli(cli_env, cwd, "set", name, value)
        assert changed.returncode == 0, changed.stderr
    assert json.loads(dapcli(cli_env, cwd, "eval", "total + origin.y", "--json").stdout)["result"] == "16"
    assert f"{marker_line(SAMPLE_C, 'call')} " in dapcli(cli_env, cwd, "list").stdout.split("→")[1][:8]
    assert dapcli(cli_env, cwd, "down").returncode == 0
    assert json.loads(dapcli(cli_env, cwd, "eval", "n", "--json").stdout)["result"] == "3"
