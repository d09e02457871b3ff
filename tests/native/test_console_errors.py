"""A debugger command that fails is an error (exit 5, isError in MCP) with the debugger's text,
on every native adapter: lldb-dap answers ``success: true`` with an ``error:`` text."""

from __future__ import annotations

from pathlib import Path

import pytest
from native_helpers import SAMPLE_C, Driver, each_adapter, marker_line, run

from dapcli.errors import AdapterError

pytestmark = pytest.mark.slow

LOOP = marker_line(SAMPLE_C, "loop-body")


@pytest.mark.parametrize("adapter", each_adapter())
def test_a_failed_console_command_is_an_error(adapter: str, sample: Path) -> None:
    bogus = "bogus command" if adapter != "gdb" else "bogus"
    missing = "frame variable nosuchvar" if adapter != "gdb" else "print nosuchvar"

    async def body() -> None:
        d = Driver(sample.parent)
        try:
            await d("launch", program="sample", breakpoints=[f"sample.c:{LOOP}"], adapter=adapter)
            with pytest.raises(AdapterError) as failed:
                await d("console", command=bogus)
            assert failed.value.exit_code == 5
            assert "bogus" in failed.value.message and "\n" not in failed.value.message
            assert not failed.value.message.startswith("error:"), "the CLI adds `error:` itself"
            with pytest.raises(AdapterError) as failed:
                await d("console", command=missing)
            assert "nosuchvar" in failed.value.message
            fine = await d("console", command="bt")  # the session goes on
            assert "main" in fine["output"]
        finally:
            await d.close()

    run(body)
