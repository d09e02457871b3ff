"""Stop labels say what the adapter said: the breakpoint ids a stop hit (js-debug can give one
id to two breakpoints: only the one at the stop is named), ``until``'s temporary breakpoint
(kept in ``hitBreakpointIds`` and said in the description), the adapter's ``description`` and
``text`` in the headline where they say more than the reason — in the CLI and over MCP."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, call_tool, each, marker_line, mcp_client, run_async

from dapcli.adapters.registry import by_name

pytestmark = pytest.mark.slow
needs_node = pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed")


def _at(programs: Path, name: str, marker: str) -> str:
    return f"{name}:{marker_line(programs / name, marker)}"


@needs_node
def test_js_debug_shared_breakpoint_id_names_only_the_one_hit(programs: Path, cli: Cli) -> None:
    cli("launch", "labels.js", "-b", _at(programs, "labels.js", "in-square"))
    added = cli.json("break", "add", _at(programs, "labels.js", "after-call"))
    listed = {b["id"]: b for b in cli.json("break", "list")["breakpoints"]}
    state = cli.json("continue")
    assert state["location"]["line"] == marker_line(programs / "labels.js", "after-call")
    assert state["hitBreakpointIds"] == [added["id"]], state  # not also breakpoint 1 (js-debug's id 1 twice)
    again = {b["id"]: b for b in cli.json("break", "list")["breakpoints"]}
    first = min(listed)
    before, after = listed[first], again[first]
    assert after.get("actualLine", after["line"]) == before.get("actualLine", before["line"])  # not moved


@pytest.mark.parametrize("adapter", [pytest.param("python", id="debugpy"),
                                     pytest.param("node", id="js-debug", marks=needs_node), *each("go")])
def test_until_names_its_temporary_breakpoint(adapter: str, programs: Path, cli: Cli, request: pytest.FixtureRequest
                                              ) -> None:
    if adapter == "go":
        program, source = request.getfixturevalue("hitloop"), programs / "hitloop" / "main.go"
        start, target = _go_lines(source)
    else:
        name = "returns.py" if adapter == "python" else "labels.js"
        program, source = programs / name, programs / name
        start, target = marker_line(source, "in-square"), marker_line(source, "in-nothing" if adapter == "python"
                                                                       else "return-total")
    cli("launch", str(program), "-b", f"{source}:{start}")
    cli("break", "clear")  # the Go loop would hit it again first
    shown = cli("until", f"{source}:{target}").out.splitlines()[0]
    assert f"until {source.name}:{target}: temporary breakpoint" in shown, shown
    state = cli.json("status")["stop"]
    assert state["hitBreakpointIds"], state


def _go_lines(source: Path) -> tuple[int, int]:
    lines = source.read_text().splitlines()
    body = next(n for n, text in enumerate(lines, 1) if "acc +=" in text)
    return body, body + 2


@needs_node
def test_mcp_headline_names_the_breakpoint(programs: Path) -> None:
    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(programs / "labels.js"),
                                          "breakpoints": [str(programs / _at(programs, "labels.js", "in-square"))]})
            target = programs / _at(programs, "labels.js", "return-total")
            result = await call_tool(client, "until", {"location": str(target)})
            assert not result.is_error, result.content[0].text
            text = result.content[0].text
            assert text.startswith("stopped (breakpoint 2)"), text
            assert "until labels.js:" in text and "temporary breakpoint 2, removed" in text, text
            await call(client, "stop")

    run_async(body)


def test_the_stop_text_is_kept(programs: Path, cli: Cli) -> None:
    """debugpy's exception stop sends ``text`` (the exception's type): kept in JSON, and the
    headline does not repeat what the exception line says."""
    (programs / "boom.py").write_text("def f():\n    return 1 / 0\n\n\nf()\n")
    state = cli.json("launch", "boom.py")
    assert state["reason"] == "exception" and state["text"] == "ZeroDivisionError", state
    head = cli("status").out.split("Stopped", 1)[1].splitlines()[0]
    assert "ZeroDivisionError" not in head, head  # said on the exception line below it


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_a_pause_headline_says_the_signal(adapter: str, c_programs: Path, cli: Cli) -> None:
    cli("launch", "./sleepy", "--adapter", adapter, "--timeout", "1")  # it runs forever
    shown = cli("pause").out.splitlines()[0]
    assert shown.startswith("Stopped (pause)") and "(signal SIGSTOP)" in shown, shown  # the adapter's description
