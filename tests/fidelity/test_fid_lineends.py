"""Source lines as the adapter counts them (issue 23, item 3).

Only ``\\n``, ``\\r\\n`` and ``\\r`` end a line. A U+2028, U+2029, form feed, ``\\x1c``–``\\x1e`` or
``\\x85`` inside a line (here: in comments) stays in it; Python's ``str.splitlines()`` split there,
and ``list`` and the stop view shifted every following line. Each adapter's stop, ``list`` and
``list FILE:LINE`` show the line the program stopped at, with its own number and text, on the CLI
(``--json`` and text) and over MCP.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, GO, Cli, call, each, mcp_client, run_async

pytestmark = pytest.mark.slow

#: Characters that str.splitlines() takes for line ends and the adapters do not.
ODD = "\u2028 \u2029 \x0c \x1c \x1d \x1e \x85"

C_SOURCE = (
    "#include <stdio.h>\n"
    f"/* odd: {ODD} */\n"
    "int main(void) {\n"
    f"    int total = 0; // a\u2028b {ODD}\n"
    f"    total += 1;    // c\x0cd\x1ce\x85f\u2029g\n"
    "    total += 2;    // @after\n"
    '    printf("%d\\n", total);\n'
    "    return 0;\n"
    "}\n"
)
PY_SOURCE = (
    f"# odd: {ODD}\n"
    f"total = 0  # a\u2028b {ODD}\n"
    f"total += 1  # c\x0cd\x1ce\x85f\u2029g\n"
    "total += 2  # @after\n"
    "print(total)\n"
)
GO_SOURCE = (
    "package main\n"
    "\n"
    'import "fmt"\n'
    "\n"
    f"// odd: {ODD}\n"
    "func main() {\n"
    f"\ttotal := 0 // a\u2028b {ODD}\n"
    f"\ttotal++    // c\x0cd\x1ce\x85f\u2029g\n"
    "\ttotal += 2 // @after\n"
    "\tfmt.Println(total)\n"
    "}\n"
)


@pytest.fixture(scope="module")
def odd_programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The programs written (their odd characters are not kept in the repository) and built:
    language → the source file."""
    folder = tmp_path_factory.mktemp("lineends")
    built: dict[str, Path] = {}
    (folder / "odd.py").write_text(PY_SOURCE, encoding="utf-8")
    built["py"] = folder / "odd.py"
    if CC is not None:
        (folder / "odd.c").write_text(C_SOURCE, encoding="utf-8")
        done = subprocess.run([CC, "-g", "-O0", "-o", "odd", "odd.c"], cwd=folder, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        built["c"] = folder / "odd.c"
    if GO is not None:
        gofolder = folder / "goodd"
        gofolder.mkdir()
        (gofolder / "main.go").write_text(GO_SOURCE, encoding="utf-8")
        (gofolder / "go.mod").write_text("module goodd\n\ngo 1.19\n")
        done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "goodd", "."], cwd=gofolder,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        built["go"] = gofolder / "main.go"
    return built


ADAPTERS = [pytest.param("debugpy", id="debugpy"), *each("gdb", "lldb", "codelldb", "go")]


def _target(adapter: str, odd_programs: dict[str, Path]) -> tuple[str, Path]:
    """(the program to launch, its source file)."""
    language = {"debugpy": "py", "go": "go"}.get(adapter, "c")
    if language not in odd_programs:
        pytest.skip(f"no toolchain to build the {language} program")
    source = odd_programs[language]
    if language == "py":
        return str(source), source
    return str(source.parent / ("goodd" if language == "go" else "odd")), source


def _lines(source: Path) -> list[str]:
    """The file's lines as the compiler counts them (the programs use ``\\n`` only)."""
    return source.read_text(encoding="utf-8").split("\n")


def _after(source: Path) -> int:
    return next(n for n, text in enumerate(_lines(source), 1) if "@after" in text)


def _check(shown: list[dict], source: Path, current: int) -> None:
    """Each shown line carries the file's text for its number; the current one is ``current``."""
    lines = _lines(source)
    assert shown, "no source lines shown"
    for entry in shown:
        assert entry["text"] == lines[entry["line"] - 1], (entry, lines[entry["line"] - 1])
    assert [e["line"] for e in shown if e.get("current")] == [current], shown
    assert any("c\x0cd\x1ce\x85f\u2029g" in e["text"] for e in shown), shown  # kept inside their line


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_odd_characters_do_not_end_lines_on_the_cli(adapter: str, odd_programs: dict[str, Path], cli: Cli) -> None:
    program, source = _target(adapter, odd_programs)
    after = _after(source)
    state = cli.json("launch", program, "--adapter", adapter, "-b", f"{source}:{after}")
    assert state["location"]["line"] == after, state
    _check(state["source"], source, after)
    listed = cli.json("list")
    _check(listed["lines"], source, after)
    around = cli.json("list", f"{source}:{after - 2}", "--context", "1")
    assert [e["line"] for e in around["lines"]] == [after - 3, after - 2, after - 1]
    for entry in around["lines"]:
        assert entry["text"] == _lines(source)[entry["line"] - 1]
    text = cli("list").out
    marked = [line for line in text.splitlines() if "@after" in line]
    assert len(marked) == 1 and str(after) in marked[0], text


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_odd_characters_do_not_end_lines_over_mcp(adapter: str, odd_programs: dict[str, Path]) -> None:
    program, source = _target(adapter, odd_programs)
    after = _after(source)

    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": program, "adapter": adapter,
                                                  "breakpoints": [f"{source}:{after}"]})
            assert state["location"]["line"] == after, state
            _check(state["source"], source, after)
            listed = await call(client, "source", {})
            _check(listed["lines"], source, after)
            await call(client, "stop")

    run_async(body)
