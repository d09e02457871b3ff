"""Breakpoints follow the code through the command line, on real adapters: an edit between runs
(lines inserted above, the statement deleted, its text duplicated) moves a breakpoint to its
statement on ``restart`` and says so, or marks it stale; breakpoints by statement (``--at``,
``-b FILE@TEXT``) and with ``--expect``; the adapter's own move said as ``requested N, bound to
M: text``. Programs are copied to the test's own folder: the tests edit them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import PYTHON, Cli, one_line_error

CART = """\
def checkout(prices):
    total = 0
    for price in prices:
        total += price
    return total


print(checkout([1, 2, 3]))
"""

CART_C = """\
#include <stdio.h>

int checkout(const int *prices, int count) {
    int total = 0;
    for (int i = 0; i < count; i++) {
        total += prices[i];
    }
    return total;
}

int main(void) {
    int prices[] = {1, 2, 3};
    printf("%d\\n", checkout(prices, 3));
    return 0;
}
"""

CART_GO = """\
package main

import "fmt"

func checkout(prices []int) int {
	total := 0
	for _, price := range prices {
		total += price
	}
	return total
}

func main() {
	fmt.Println(checkout([]int{1, 2, 3}))
}
"""


def _line(path: Path, text: str) -> int:
    found = [n for n, line in enumerate(path.read_text().split("\n"), 1) if line.strip() == text]
    assert len(found) == 1, (text, found)
    return found[0]


def _insert_above(path: Path, line: int, *new: str) -> None:
    lines = path.read_text().split("\n")
    lines[line - 1:line - 1] = list(new)
    path.write_text("\n".join(lines))


def test_python_statement_follows_edits_on_restart(dc: Cli, tmp_path: Path) -> None:
    cart = tmp_path / "cart.py"
    cart.write_text(CART)
    line = _line(cart, "total += price")
    launched = dc.json("launch", "cart.py", "--python", PYTHON, "-b", "cart.py@total += price", cwd=tmp_path)
    assert launched["location"]["line"] == line and launched["reason"] == "breakpoint"
    listed = dc.json("break", "list", cwd=tmp_path)["breakpoints"]
    assert [(b["line"], b["statement"]) for b in listed] == [(line, "total += price")]

    _insert_above(cart, line - 1, "    # two lines", "    # inserted above")
    shown = dc.run("restart", cwd=tmp_path)
    assert f"warning: breakpoint 1 moved {line} → {line + 2} (file changed): total += price" in shown.out, shown.out
    assert f"in checkout at cart.py:{line + 2}" in shown.out and f"→ {line + 2} │         total += price" in shown.out

    # the statement deleted: the breakpoint keeps its line, marked stale, and the result says so
    cart.write_text(cart.read_text().replace("        total += price\n", "        total = total + price\n"))
    shown = dc.run("restart", cwd=tmp_path)
    assert (f"warning: breakpoint 1 at cart.py:{line + 2} is stale: its statement 'total += price' is no longer "
            f"in the file (file changed); line {line + 2} now reads 'total = total + price'") in shown.out, shown.out
    listed = dc.json("break", "list", cwd=tmp_path)["breakpoints"]
    assert [(b["line"], b["stale"]) for b in listed] == [(line + 2, True)]
    assert "stale: 'total += price' is no longer in the file" in dc.run("break", "list", cwd=tmp_path).out
    dc.run("stop", cwd=tmp_path)


def test_an_edit_while_it_runs_is_followed_when_breakpoints_are_sent(dc: Cli, tmp_path: Path) -> None:
    cart = tmp_path / "cart.py"
    cart.write_text(CART)
    line = _line(cart, "total += price")
    dc.run("launch", "cart.py", "--python", PYTHON, "--stop-on-entry", "-b", f"cart.py:{line}", cwd=tmp_path)
    _insert_above(cart, 1, "import os")
    added = dc.json("break", "add", "cart.py", "--at", "return total", cwd=tmp_path)
    assert added["notes"] == [f"breakpoint 1 moved {line} → {line + 1} (file changed): total += price",
                              "the program started before the edit and runs the old code; "
                              "`dapcli restart` runs the new one"]
    assert added["line"] == _line(cart, "return total")
    dc.run("stop", cwd=tmp_path)


def test_python_duplicate_text_stays_with_its_neighbours(dc: Cli, tmp_path: Path) -> None:
    cart = tmp_path / "cart.py"
    cart.write_text(CART)
    line = _line(cart, "total += price")
    dc.launch(str(cart), f"{cart}:{line}", timeout=20)
    # a copy of the statement now on its old line, with other neighbours; the original moves down by 3
    _insert_above(cart, line - 1, "    for price in prices[:1]:", "        total += price", "")
    shown = dc.json("restart", cwd=tmp_path)
    assert shown["warnings"][0] == f"breakpoint 1 moved {line} → {line + 3} (file changed): total += price"
    assert shown["location"]["line"] == line + 3 and shown["locals"] is not None
    dc.run("stop", cwd=tmp_path)


def test_ambiguous_statement_and_expect_are_refused(dc: Cli, tmp_path: Path) -> None:
    cart = tmp_path / "cart.py"
    cart.write_text(CART.replace("    return total\n", "    total += 0  # total += price later\n    return total\n"))
    line = _line(cart, "total += price")
    dc.run("launch", "cart.py", "--python", PYTHON, "--stop-on-entry", cwd=tmp_path)
    err = one_line_error(dc.run("break", "add", "cart.py", "--at", "total +=", check=2, cwd=tmp_path).err)
    assert err == (f"error: 2 lines of cart.py contain 'total +=': {line}: total += price; "
                   f"{line + 1}: total += 0  # total += price later")
    added = dc.json("break", "add", "cart.py", "--at", "total +=", "--near-line", str(line + 1), cwd=tmp_path)
    assert added["line"] == line + 1
    err = dc.run("break", "add", f"cart.py:{line - 1}", "--expect", "total += price", check=2, cwd=tmp_path).err
    assert f"error: cart.py:{line - 1} does not hold 'total += price': {line - 2}: total = 0; " \
           f">{line - 1}: for price in prices:; {line}: total += price" in err, err
    assert f"'total += price' is at line {line}" in err
    assert dc.json("break", "list", cwd=tmp_path)["breakpoints"][0]["line"] == line + 1  # nothing else was set
    added = dc.json("break", "add", f"cart.py:{line}", "--expect", "total += price", cwd=tmp_path)
    assert added["line"] == line and added["verified"]
    stop = dc.json("continue", cwd=tmp_path)
    assert stop["location"]["line"] == line
    dc.run("stop", cwd=tmp_path)


def test_the_adapters_move_is_said_with_the_text(dc: Cli, tmp_path: Path) -> None:
    cart = tmp_path / "cart.py"
    cart.write_text(CART)
    blank = _line(cart, "return total") + 1  # the blank line after the function
    dc.run("launch", "cart.py", "--python", PYTHON, "--stop-on-entry", cwd=tmp_path)
    shown = dc.run("break", "add", f"cart.py:{blank}", cwd=tmp_path).out
    bound = dc.json("break", "list", cwd=tmp_path)["breakpoints"][0]
    assert bound["actualLine"] != blank, bound
    text = cart.read_text().split("\n")[bound["actualLine"] - 1].strip()
    assert bound["boundText"] == text
    assert f"(requested {blank}, bound to {bound['actualLine']}: {text})" in shown
    dc.run("stop", cwd=tmp_path)


def _build_c(folder: Path) -> Path:
    subprocess.run(["gcc", "-g", "-O0", "-o", str(folder / "cart"), str(folder / "cart.c")], check=True,
                   timeout=60)
    return folder / "cart"


@pytest.mark.parametrize("adapter", ["lldb", "gdb"])
def test_native_statement_follows_edits_on_restart(dc: Cli, tmp_path: Path, adapter: str) -> None:
    from dapcli.adapters.native.gdb import GdbAdapter
    from dapcli.adapters.native.lldb import LldbAdapter

    found = (LldbAdapter() if adapter == "lldb" else GdbAdapter()).find()
    if found is None or shutil.which("gcc") is None:
        pytest.skip(f"{adapter} or gcc is not installed")
    source = tmp_path / "cart.c"
    source.write_text(CART_C)
    line = _line(source, "total += prices[i];")
    _build_c(tmp_path)
    launched = dc.json("launch", "cart", "--adapter", adapter, "-b", "cart.c@total += prices[i];", cwd=tmp_path,
                       timeout=90)
    assert launched["location"]["line"] == line, launched
    _insert_above(source, line - 2, "    /* two lines */", "    /* inserted above */")
    _build_c(tmp_path)
    shown = dc.json("restart", cwd=tmp_path, timeout=90)
    assert shown["warnings"][0] == f"breakpoint 1 moved {line} → {line + 2} (file changed): total += prices[i];"
    assert shown["location"]["line"] == line + 2 and shown["reason"] == "breakpoint"
    # a copy of the statement nearer its old line, with other neighbours: it stays with its neighbours
    _insert_above(source, line + 1, "    int i = 0;", "    if (count > 0) {", "        total += prices[i];", "    }")
    _build_c(tmp_path)
    now = [n for n, text in enumerate(source.read_text().split("\n"), 1) if text.strip() == "total += prices[i];"]
    assert len(now) == 2
    shown = dc.json("restart", cwd=tmp_path, timeout=90)
    assert shown["warnings"][0] == f"breakpoint 1 moved {line + 2} → {now[1]} (file changed): total += prices[i];"
    assert shown["location"]["line"] == now[1]
    # the statement deleted, its copy left: it goes to the copy, and says to check it
    source.write_text(source.read_text().replace("        total += prices[i];\n    }\n    return",
                                                 "        total = total + prices[i];\n    }\n    return"))
    _build_c(tmp_path)
    shown = dc.json("restart", cwd=tmp_path, timeout=90)
    assert shown["warnings"][0] == (f"breakpoint 1 moved {now[1]} → {now[0]} (file changed): total += prices[i];; "
                                    "other lines surround it now: check that it is the same statement")
    # no line holds it any more: it keeps its line, marked stale
    source.write_text(source.read_text().replace("        total += prices[i];\n", "        total += 0;\n"))
    _build_c(tmp_path)
    shown = dc.json("restart", cwd=tmp_path, timeout=90)
    assert shown["warnings"][0].startswith(f"breakpoint 1 at cart.c:{now[0]} is stale: its statement "
                                           "'total += prices[i];' is no longer in the file"), shown["warnings"]
    assert dc.json("break", "list", cwd=tmp_path)["breakpoints"][0]["stale"] is True
    dc.run("stop", cwd=tmp_path)


def test_go_statement_follows_edits_on_restart(dc: Cli, tmp_path: Path) -> None:
    if shutil.which("dlv") is None or shutil.which("go") is None:
        pytest.skip("Delve or Go is not installed")
    source = tmp_path / "main.go"
    source.write_text(CART_GO)
    (tmp_path / "go.mod").write_text("module cart\n\ngo 1.21\n")
    line = _line(source, "total += price")
    launched = dc.json("launch", "main.go", "-b", "main.go@total += price", cwd=tmp_path, timeout=120)
    assert launched["location"]["line"] == line, launched
    _insert_above(source, line - 2, "\t// two lines", "\t// inserted above")
    shown = dc.json("restart", cwd=tmp_path, timeout=120)
    assert shown["warnings"][0] == f"breakpoint 1 moved {line} → {line + 2} (file changed): total += price"
    assert shown["location"]["line"] == line + 2
    dc.run("stop", cwd=tmp_path)
