"""``trace`` without processes: the book leaves out the user's breakpoints whose line a temporary
breakpoint holds (and a function breakpoint placed on that line), the truth of a condition's
value as the adapters write it, the hit count said in the singular, and help whose paragraphs
are not broken where the docstring's source lines end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from dapcli.engine.breakpoints import BreakpointBook
from dapcli.render import render
from dapcli.verbs import VERBS
from dapcli.verbs import models as m

HELP = Path(__file__).resolve().parents[2] / "dapcli" / "frontends" / "cli" / "help.json"


def test_a_temporary_breakpoint_covers_the_users_breakpoints_at_its_line(tmp_path: Path) -> None:
    path, other = str(tmp_path / "p.py"), str(tmp_path / "q.py")
    book = BreakpointBook()
    line = book.new_entry(path=path, line=4, condition="i == 2", adapter_id=11)
    moved = book.new_entry(path=path, line=2, actual_line=5, adapter_id=12)  # the adapter moved it to 5
    function = book.new_entry(function="add", actual_path=path, actual_line=4, adapter_id=13)
    kept = [book.new_entry(path=path, line=6, adapter_id=14), book.new_entry(path=other, line=4, adapter_id=15),
            book.new_entry(function="main", adapter_id=16)]
    temporary = book.new_entry(path=path, line=4, temporary=True, adapter_id=17)
    assert book.cover(temporary) == [line, function]
    assert book.for_key(path) == [moved, kept[0], temporary]
    assert book.for_key("<functions>") == [kept[2]]
    assert [number for number, _, _ in book.hit_by([11, 13, 17])] == [temporary.id]
    temporary.actual_line = 5  # the adapter moved the trace's line onto another breakpoint's
    assert book.cover(temporary) == [moved]
    book.uncover([line, function, moved])
    assert book.for_key(path) == [line, moved, kept[0], temporary]
    assert book.for_key("<functions>") == [function, kept[2]]


@pytest.mark.parametrize("value", ["False", "false", "0", "0.0", "-0", "None", "null", "undefined", "nil", "''",
                                   '""', "[]", "{}", "()", "NaN", "0x0000000000000000", "(int *) 0x0", "'\\0'",
                                   "0n", " 0 "])
def test_false_values_of_the_adapters_languages(value: str) -> None:
    from dapcli.engine.standin import truth

    assert truth(value) is False


@pytest.mark.parametrize("value", ["True", "true", "1", "-1", "0.5", "'0'", "[0]", "0x10", "(int *) 0x7ffe",
                                   "'a'", "{'a': 1}", "<object at 0x0>", "inf", "10"])
def test_true_values_of_the_adapters_languages(value: str) -> None:
    from dapcli.engine.standin import truth

    assert truth(value) is True


def test_the_hit_count_is_said_in_the_singular_for_one() -> None:
    heads = []
    for count in (0, 1, 2):
        result = m.TraceResult(path="/w/p.py", line=3, expressions=["i"],
                               hits=[m.TraceHit(hit=n + 1, values={"i": str(n)}) for n in range(count)])
        console = Console(width=120, no_color=True, record=True)
        console.print(render(result, cwd="/w"))
        heads.append(console.export_text().splitlines()[0])
    assert heads == ["0 hits of p.py:3", "1 hit of p.py:3", "2 hits of p.py:3"]


def test_cli_help_paragraphs_are_not_broken_mid_sentence() -> None:
    from dapcli.frontends.cli.commands import make_command

    for spec in VERBS.values():
        paragraphs = make_command(spec, []).__doc__.split("\n\n")
        assert all("\n" not in p for p in paragraphs), spec.name
    text = re.sub(r"\x1b\[[0-9;]*m", "", json.loads(HELP.read_text())["help"]["trace"]["text"])
    about = text.split("(value history).", 1)[1].split("╭", 1)[0].strip()
    lines = [line.strip() for line in about.splitlines()]
    assert all(len(line) > 60 for line in lines[:-1]), lines  # filled to the width, not "a breakpoint or"
