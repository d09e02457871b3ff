"""A native program's output through lldb-dap and CodeLLDB: the pty's ``\\r\\n`` is the program's
``\\n`` even when an ``output`` event ends between the ``\\r`` and the ``\\n`` (a stray ``\\r`` showed
as ``\\x0d`` in `dapcli output`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, Driver, each_adapter, output_text, run

PROGRAM = r"""
#include <stdio.h>
int main(void) {
    for (int i = 0; i < 20000; i++) printf("line %d of the output\n", i);
    fflush(stdout);
    return 3;
}
"""


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_many_lines_keep_no_carriage_return(tmp_path: Path, adapter: str) -> None:
    if CC is None:
        pytest.skip("no C compiler")
    (tmp_path / "lines.c").write_text(PROGRAM)
    subprocess.run([CC, "-g", "-O0", "-o", str(tmp_path / "lines"), str(tmp_path / "lines.c")], check=True)
    driver = Driver(tmp_path)

    async def body() -> None:
        try:
            end = await driver("launch", program=str(tmp_path / "lines"), adapter=adapter)
            assert end["status"] in ("exited", "terminated"), end
            text = output_text(await driver("output", raw=True, all=True))
            assert "\r" not in text
            lines = [line for line in text.splitlines() if line.startswith("line ")]
            assert lines == [f"line {i} of the output" for i in range(20000)]
        finally:
            await driver.close()

    run(body)


def test_a_carriage_return_at_the_end_of_an_event_waits_for_the_next() -> None:
    from dapcli.adapters.native.lldb import LldbAdapter

    family = LldbAdapter()
    said = [family.output_text("stdout", t) for t in ("one\r", "\ntwo\r\n", "50%\r", "100%\n")]
    assert "".join(said) == "one\ntwo\n50%\r100%\n"
    assert family.output_text("console", "x\r") == "x\r"  # the debugger's own text is left alone
