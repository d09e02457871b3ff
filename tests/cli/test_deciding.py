"""The value that decides a stop is shown whole (up to a cap, the cut marked), in the text and in
``--json``'s ``deciding``: a bare ``assert``'s operands (and the statement instead of "exception:
no description"), a ``KeyError``'s key and the keys present, the names in a breakpoint's
condition (debugpy, lldb-dap, gdb), pytest's failure in a package's bare ``assert``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import PROGRAMS, PYTHON, Cli, line_of

pytestmark = pytest.mark.slow

ROWS = str([(f"row-{i}", i * i) for i in range(12)])
EXPECTED = ROWS.replace("('row-9', 81)", "('row-9', 80)")
KEYS = "['database_url', 'cache_size', 'request_timeout', 'retry_count', 'log_level', 'feature_flags']"


def deciding(state: dict) -> dict[str, tuple[str, int | None]]:
    return {v["name"]: (v["value"], v.get("valueTruncated")) for v in state.get("deciding") or []}


def test_bare_assert_shows_its_statement_and_both_operands(dc: Cli) -> None:
    text = dc.launch("deciding.py", args=("assert",)).out
    assert "AssertionError: assert rows == expected" in text
    assert "no description" not in text
    assert f"  rows = {ROWS}" in text and f"  expected = {EXPECTED}" in text  # whole: row-9 differs
    state = dc.json("status")["stop"]
    assert state["exception"]["description"] == "assert rows == expected"
    assert deciding(state) == {"rows": (ROWS, None), "expected": (EXPECTED, None)}
    assert state["location"]["line"] == line_of("deciding.py", "assert")


def test_key_error_shows_the_key_and_the_keys_present(dc: Cli) -> None:
    text = dc.launch("deciding.py", args=("key",)).out
    assert "KeyError: 'requst_timeout'" in text
    assert f"  config.keys() = {KEYS}" in text and "  key = 'requst_timeout'" in text
    assert deciding(dc.json("status")["stop"]) == {"config.keys()": (KEYS, None), "key": ("'requst_timeout'", None)}


def test_a_long_value_is_cut_at_the_larger_cap_and_says_so(dc: Cli) -> None:
    text = dc.launch("deciding.py", args=("long",)).out
    value, cut = deciding(dc.json("status")["stop"])["blob"]
    whole = repr("ab" * 1500)
    assert (value, cut) == (whole[:1000] + "…", len(whole) - 1000)
    assert f"  blob = {whole[:1000]}…(+{len(whole) - 1000} chars; `dapcli eval blob --max-length 0`)" in text


def test_python_condition_names_are_shown_whole(dc: Cli) -> None:
    line = line_of("deciding.py", "scan") + 1
    text = dc.launch("deciding.py", f'deciding.py:{line} if row[0] == "row-10" and label.endswith("0")',
                     args=("scan",)).out
    label = "'" + "x" * 60 + "row-10'"
    assert f"  row[0] = 'row-10'\n  label = {label}" in text
    assert deciding(dc.json("status")["stop"]) == {"row[0]": ("'row-10'", None), "label": (label, None)}
    assert f"label={label}" not in text  # not again, cut, among the locals


@pytest.mark.parametrize("adapter", ["lldb", "gdb"])
def test_native_condition_names_are_shown_whole(dc: Cli, adapter: str, tmp_path: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name(adapter).find() is None or not shutil.which("gcc"):
        pytest.skip(f"needs gcc and the {adapter} adapter")
    source = PROGRAMS / "deciding.c"
    binary = tmp_path / "deciding"
    subprocess.run(["gcc", "-g", "-O0", "-o", str(binary), str(source)], check=True, timeout=120)
    line = next(n for n, text in enumerate(source.read_text().splitlines(), 1) if "/* @loop */" in text)
    text = dc.run("launch", str(binary), "--adapter", adapter, "-b", f"{source}:{line} if count == 3 && name != 0",
                  timeout=60).out
    dc.sessions.add("default")
    dc.record()
    found = deciding(dc.json("status")["stop"])
    assert found["count"] == ("3", None)
    value = found["name"][0]
    said = "0" * 120 + "-item-3" if adapter == "lldb" else "'0' <repeats 120 times>, \"-item-3\""
    assert said in value and f"  name = {value}" in text


def test_pytest_failure_in_a_packages_bare_assert(dc: Cli, tmp_path: Path) -> None:
    project = tmp_path / "pkgproject"
    shutil.copytree(PROGRAMS / "pkgproject", project)
    state = dc.json("test", "--python", PYTHON, "tests/test_shop.py::test_stock", cwd=project, timeout=120)
    dc.sessions.add("default")
    dc.record()
    assert state["test"]["message"] == "assert stock == wanted"
    stock = "{'pen': 3, 'notebook': 1, 'stickers': 12, 'tape': 4, 'folder': 7}"
    assert deciding(state) == {"stock": (stock, None), "wanted": (stock.replace("4", "5"), None)}
    text = dc.run("status", cwd=project).out
    assert "assert stock == wanted" in text and f"  stock = {stock}" in text
    assert "no description" not in text




def test_a_form_feed_above_the_assert_moves_no_line(dc: Cli, tmp_path: Path) -> None:
    """Python takes a form feed (^L, as in CPython's own modules) as blanks inside a line: the
    statement read for the stop was the line above (str.splitlines ends a line there)."""
    program = tmp_path / "formfeed.py"
    program.write_text("rows = [1, 2, 3]\n\x0c\nexpected = [1, 2, 4]\nassert rows == expected\n", encoding="utf-8")
    text = dc.launch(str(program), timeout=30.0).out
    assert "AssertionError: assert rows == expected" in text, text
    assert "  rows = [1, 2, 3]" in text and "  expected = [1, 2, 4]" in text, text
