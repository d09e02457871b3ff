"""MCP ``debugTest`` for `go test` (Delve) and a native test binary (gdb, lldb-dap): one call
returns the failure (test id, message, location, a local), and ``continue`` reaches the
runner's exit code."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from mcp_helpers import call, connected, run

pytestmark = pytest.mark.slow

GO_TEST = '''package calc

import "testing"

func TestAdd(t *testing.T) {
	got := 1 + 2
	if got != 4 {
		t.Errorf("got %d want 4", got)
	}
}
'''

C_TEST = '''#include <assert.h>

int total(int a, int b) { return a + b + 1; }

int main(void) {
    int got = total(2, 2);
    assert(got == 4);
    return 0;
}
'''


def debug_test(arguments: dict[str, object], local: str, value: str) -> tuple[dict, dict]:  # type: ignore[type-arg]
    found: dict[str, dict] = {}  # type: ignore[type-arg]

    async def body() -> None:
        async with connected() as client:
            found["stop"] = await call(client, "debugTest", arguments)
            assert [v["value"] for v in found["stop"]["locals"] if v["name"] == local] == [value]
            found["end"] = await call(client, "continue")
            await call(client, "stop")

    run(body)
    return found["stop"], found["end"]


@pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")
def test_debug_test_go(tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module example.com/calc\n\ngo 1.21\n")
    (tmp_path / "calc_test.go").write_text(GO_TEST)
    stop, end = debug_test({"selectors": ["."], "cwd": str(tmp_path)}, "got", "3")
    assert stop["test"]["id"] == "TestAdd" and stop["location"]["line"] == 8
    assert stop["test"]["message"] == "calc_test.go:8: got 3 want 4"
    assert end["exitCode"] == 1


@pytest.mark.parametrize("adapter", ["gdb", "lldb"])
def test_debug_test_native(tmp_path: Path, adapter: str) -> None:
    from dapcli.adapters.registry import by_name

    if shutil.which("gcc") is None or by_name(adapter).find() is None:
        pytest.skip(f"needs gcc and the {adapter} adapter")
    (tmp_path / "test_total.c").write_text(C_TEST)
    subprocess.run(["gcc", "-g", "-O0", "-o", str(tmp_path / "test_total"), str(tmp_path / "test_total.c")],
                   check=True, timeout=60)
    stop, end = debug_test({"selectors": ["./test_total"], "cwd": str(tmp_path), "adapter": adapter}, "got", "5")
    assert stop["location"]["line"] == 7 and stop["location"]["function"].startswith("main")
    assert "Assertion `got == 4' failed" in stop["test"]["message"]
    assert end["status"] in ("exited", "terminated")
