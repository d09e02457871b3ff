"""Issue 10 case 1: an adapter's multi-line error keeps its diagnosis (clang's caret line is not
the message), in eval, watches and set, on the CLI and over MCP; a Python traceback still
reduces to its last line; cdt-gdb-adapter's "could not evaluate" says gdb's reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, call_error, each, marker_line, mcp_client, run_async

from dapcli.engine.diagnosis import diagnosis

pytestmark = pytest.mark.slow

#: (expression, what each family's answer must contain): clang (lldb-dap, CodeLLDB), gdb.
BAD = {
    "nosuch": ("use of undeclared identifier 'nosuch'", 'No symbol "nosuch" in current context'),
    "w +* ": ("expected expression", "A syntax error in expression"),
    "(w": ("expected ')'", "A syntax error in expression"),
}


def test_diagnosis_keeps_the_first_line_of_clang_and_the_last_of_python() -> None:
    clang = "error: <user expression 2>:2:1: expected ')'\n    2 | ;\n      | ^\n" \
            "<user expression 2>:1:1: to match this '('\n    1 | (w\n      | ^\n"
    assert diagnosis(clang) == "expected ')'; to match this '('"
    traceback = 'Traceback (most recent call last):\n  File "<string>", line 1\nNameError: name \'x\' is not defined'
    assert diagnosis(traceback) == "NameError: name 'x' is not defined"
    assert diagnosis("No symbol \"x\" in current context.") == 'No symbol "x" in current context.'


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_bad_expressions_say_what_is_wrong_on_the_cli(adapter: str, c_programs: Path, cli: Cli) -> None:
    family = 1 if adapter == "gdb" else 0
    cli("launch", "./errors", "--adapter", adapter, "-b", f"errors.c:{marker_line(c_programs / 'errors.c', 'stop')}")
    for expression, wanted in BAD.items():
        done = cli("eval", expression, check=5)
        first = done.err.splitlines()[0]
        assert wanted[family] in first, done.err
        assert first.strip() not in ("error: | ^", "error: ^"), done.err
    watch = cli("watch", "add", "nosuch")
    assert BAD["nosuch"][family] in watch.out, watch.out
    assert cli("eval", "w").out.startswith("7")


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_set_with_a_bad_value_says_why(adapter: str, c_programs: Path, cli: Cli) -> None:
    cli("launch", "./errors", "--adapter", adapter, "-b", f"errors.c:{marker_line(c_programs / 'errors.c', 'stop')}")
    done = cli("set", "w", "nosuch", check=5)
    assert "'nosuch' is not a valid integer" in done.err, done.err
    assert cli("eval", "w").out.startswith("7")


@pytest.mark.parametrize("adapter", each("lldb"))
def test_bad_expression_over_mcp(adapter: str, c_programs: Path) -> None:
    line = marker_line(c_programs / "errors.c", "stop")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "errors"), "adapter": adapter,
                                          "breakpoints": [f"{c_programs / 'errors.c'}:{line}"]})
            message = await call_error(client, "evaluate", {"expression": "nosuch"})
            assert "use of undeclared identifier 'nosuch'" in message
            watches = await call(client, "addWatch", {"expression": "(w"})
            assert "expected ')'" in watches["watches"][0]["error"]
            await call(client, "stop")

    run_async(body)


def test_python_traceback_still_reduces_to_its_last_line(programs: Path, cli: Cli) -> None:
    pytest.importorskip("debugpy", reason="debugpy is not installed")
    import sys

    cli("launch", "cart.py", "--python", sys.executable, "-b", f"cart.py:{marker_line(programs / 'cart.py', 'print')}")
    done = cli("eval", "nosuch + 1", check=5)
    assert done.err.splitlines()[0] == "error: NameError: name 'nosuch' is not defined", done.err
