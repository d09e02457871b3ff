"""`dapcli test` on a native test binary whose main returns a non-zero status: libc calls exit()
with it after main is gone, so the failure says "main returned N" (not "exit with a non-zero
status" in libc's exit) and the run ends with that code."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import PROGRAMS, Cli

pytestmark = pytest.mark.slow


# gdb (cdt-gdb-adapter) is left out: its function breakpoint on `exit` is refused while libc is not loaded
# ("Function "exit" not defined"), so a binary that never calls exit() itself is not caught there
@pytest.mark.parametrize("adapter", ["lldb"])
def test_main_returning_non_zero_says_so(dc: Cli, tmp_path: Path, adapter: str) -> None:
    from dapcli.adapters.registry import by_name

    if by_name(adapter).find() is None or not shutil.which("gcc"):
        pytest.skip(f"needs the {adapter} adapter and gcc")
    binary = tmp_path / "returns_two"
    subprocess.run(["gcc", "-g", "-O0", "-o", str(binary), str(PROGRAMS / "stdin_native" / "returns_two.c")],
                   check=True, timeout=120)
    state = dc.json("test", "--adapter", adapter, str(binary), cwd=tmp_path, timeout=120)
    dc.sessions.add("default")
    dc.record()
    assert state["test"]["message"] == "main returned 2", state["test"]
    assert state["test"]["kind"] == "exit" and state["test"]["id"] == "returns_two (main)"
    end = dc.json("continue", cwd=tmp_path, timeout=60)
    assert end["exitCode"] == 2


@pytest.mark.parametrize("adapter", ["lldb"])
def test_aborting_test_binary_ends_killed_by_sigabrt(dc: Cli, tmp_path: Path, adapter: str) -> None:
    """A test binary that aborts (a failed ``assert``): the end says "killed by SIGABRT" in the
    summary as in the end line, not "exited with code 6"; the exit code field is kept."""
    from dapcli.adapters.registry import by_name

    if by_name(adapter).find() is None or not shutil.which("gcc"):
        pytest.skip(f"needs the {adapter} adapter and gcc")
    source = tmp_path / "test_cart.c"
    source.write_text("#include <assert.h>\nint total(int a, int b) { return a - b; }\n"
                      "int main(void) {\n    assert(total(2, 3) == 5);\n    return 0;\n}\n")
    binary = tmp_path / "test_cart"
    subprocess.run(["gcc", "-g", "-O0", "-o", str(binary), str(source)], check=True, timeout=120)
    state = dc.json("test", "--adapter", adapter, str(binary), cwd=tmp_path, timeout=120)
    dc.sessions.add("default")
    dc.record()
    assert state["status"] == "stopped", state
    end = dc.json("continue", cwd=tmp_path, timeout=60)
    if end["status"] == "stopped":  # the SIGABRT stop itself, then the end
        end = dc.json("continue", cwd=tmp_path, timeout=60)
    assert end["signal"] == "SIGABRT", end
    assert end["test"]["summary"] == "test_cart was killed by SIGABRT", end["test"]
    assert "exitCode" in end and "exited with code" not in str(end["test"])
