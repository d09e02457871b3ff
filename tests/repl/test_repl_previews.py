"""The REPL shows C structs and arrays as gdb prints them (``p sh``, ``info locals``), on a real
native adapter, instead of lldb-dap's ``shape @ 0x…`` or cdt-gdb-adapter's ``{...}``."""

from __future__ import annotations

import asyncio
import contextlib
import io
import shutil
import subprocess
from pathlib import Path

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import DapcliError
from dapcli.frontends.repl.app import Repl

SOURCE = Path(__file__).resolve().parents[1] / "fidelity" / "programs" / "previews.c"
CC = shutil.which("gcc") or shutil.which("cc")
SPECS = {"gdb": GdbAdapter(), "lldb": LldbAdapter()}
pytestmark = pytest.mark.slow


def _line() -> int:
    return next(n for n, text in enumerate(SOURCE.read_text().splitlines(), 1) if "@previews" in text)


@pytest.mark.parametrize("adapter", [
    pytest.param(name, id=name, marks=pytest.mark.skipif(spec.find() is None, reason=f"{spec.name} is not "
                                                          f"installed ({spec.install_hint})"))
    for name, spec in SPECS.items()])
def test_repl_prints_c_values_like_gdb(adapter: str, tmp_path: Path) -> None:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test program")
    shutil.copy(SOURCE, tmp_path / SOURCE.name)
    subprocess.run([CC, "-g", "-O0", "-o", "previews", SOURCE.name], cwd=tmp_path, check=True, timeout=120)
    buffer = io.StringIO()
    console = Console(file=buffer, width=300, color_system=None, highlight=False)
    dispatcher = LocalDispatcher()

    async def go() -> int:
        await dispatcher.call("launch", {"program": str(tmp_path / "previews"), "adapter": adapter,
                                         "breakpoints": [f"{tmp_path / SOURCE.name}:{_line()}"]})
        with create_pipe_input() as pipe:
            repl = Repl(dispatcher, "default", console=console, input=pipe, output=DummyOutput(),
                        history=InMemoryHistory(), patch=False, handle_sigint=False)
            pipe.send_text("".join(line + "\r" for line in ["p arr", "p sh", "info-locals", "q"]))
            pipe.close()
            try:
                return await asyncio.wait_for(repl.run(), 90)
            finally:
                with contextlib.suppress(DapcliError):
                    await dispatcher.call("stop", {})

    code = asyncio.run(go())
    text = buffer.getvalue()
    assert code == 0, text
    assert "{10, 20, 30, 40, 50}  (int" in text, text
    sh = "{name = \"tri\", '\\000' <repeats 12 times>, sides = 3}" if adapter == "gdb" else '{name = "tri", sides = 3}'
    assert sh in text and "sh = {...}" not in text and "shape @ 0x" not in text, text
    # gdb prints all twelve itself; lldb-dap's are composed from the first ten children
    many = "{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}" if adapter == "gdb" else "{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …}"
    assert f"many = {many}" in text, text
    assert "grid = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}" in text, text
