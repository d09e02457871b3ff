"""`output --follow` of a program that writes far more than the buffer holds: every byte it
prints is the program's, in order; where the buffer dropped text before it was read, stderr says
so, and nothing is lost anywhere else."""

from __future__ import annotations

import itertools
import re
import subprocess

from conftest import DAPCLI, PROGRAMS, Cli

LINE = 100
#: A line's text after its number.
WHOLE = " " + "x" * 89
CUT = re.compile(r"^… output cut here: the buffer dropped chunks before they were read "
                 r"\((\d+) chunks, (\d+) bytes dropped so far\)$")


def _numbers(text: str, cut_lines: list[str] | None = None) -> list[int]:
    """The numbers of ``text``'s whole lines; a line whose end the buffer dropped (a prefix of a
    whole line: it was read before its end came) goes to ``cut_lines`` when given, else fails."""
    lines = text.split("\n")
    assert lines[-1] == "", "the last line is whole"
    numbers = []
    for line in lines[:-1]:
        if cut_lines is not None and len(line) < LINE - 1 and WHOLE.startswith(line[9:]) and line[:9].isdigit():
            cut_lines.append(line)
            continue
        assert len(line) == LINE - 1 and line[9:] == WHOLE, repr(line[:120])
        numbers.append(int(line[:9]))
    return numbers


def _follow(dc: Cli, *more: str) -> tuple[str, str]:
    done = subprocess.run([*DAPCLI, "output", "--follow", *more], cwd=PROGRAMS, env=dc.env, capture_output=True,
                          timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode(), done.stderr.decode()


def test_follow_after_the_end_marks_the_one_cut_and_keeps_the_rest_whole(dc: Cli) -> None:
    """20 MB, read only once the program ended: the first ~12 MB were dropped, and `--follow`
    says so once, before the first line; what follows is every later line, in order, to the end."""
    total = 20_000_000
    dc.launch("numbered_flood.py", args=(str(total),), timeout=300.0)
    out, err = _follow(dc)
    numbers = _numbers(out)
    assert numbers == list(range(numbers[0], total // LINE))  # no gap, to the very last line
    marks = [CUT.match(line) for line in err.splitlines()]
    assert len(marks) == 1 and marks[0] is not None, err
    dropped_bytes = int(marks[0].group(2))
    assert numbers[0] > 0 and dropped_bytes == numbers[0] * LINE  # the cut is exactly what is missing

    out, err = _follow(dc, "--tail", "3")  # the last lines, asked for: no cut to mark
    assert _numbers(out) == list(range(total // LINE - 3, total // LINE)) and err == ""


def test_follow_while_it_runs_loses_nothing_unmarked(dc: Cli) -> None:
    """20 MB followed while the program writes: each gap in the numbers has a cut note, and
    without a note every line is there."""
    total = 20_000_000
    dc.launch("numbered_flood.py", args=(str(total),), timeout=0.1)
    out, err = _follow(dc)
    cut_lines: list[str] = []  # a line read before its end came, whose end was then dropped: it ends at the cut
    numbers = _numbers(out, cut_lines)
    gaps = sum(1 for a, b in itertools.pairwise(numbers) if b != a + 1)
    assert all(b > a for a, b in itertools.pairwise(numbers))  # in order
    assert numbers[-1] == total // LINE - 1
    notes = [line for line in err.splitlines() if CUT.match(line)]
    assert len(notes) >= gaps + (numbers[0] != 0), err
    assert len(cut_lines) <= len(notes), (cut_lines, notes)  # a line is cut only where a note says so
    if not notes:
        assert numbers == list(range(total // LINE))
