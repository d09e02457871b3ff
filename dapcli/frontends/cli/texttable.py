"""A rich ``Table(box=None, pad_edge=False)`` rendered with the standard library only.

The one-shot fast path prints ``dapcli adapters`` without importing rich (~60 ms). This module
reproduces what rich prints for that one shape of table (left-justified columns, ``fold``
overflow: a word wider than its column goes on over the next lines, never cut; word wrap, bold
header, whole-cell styles) followed by styled lines of text; it answers None for anything it
does not reproduce exactly (a cell that is not printable ASCII, a column narrower than 2
cells), and the caller renders with rich instead.
``tests/unit/test_fast_adapters.py`` compares the two over many widths and contents.
"""

from __future__ import annotations

import itertools
import re

__all__ = ["Cell", "render"]

#: A cell: its text and its SGR style code (``"1"`` bold, ``"31"`` red), or None.
Cell = tuple[str, str | None]
_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")


def _plain(text: str) -> bool:
    return text.isascii() and text.isprintable() and "[" not in text


def _ratio_reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich's ``ratio_reduce``."""
    ratios = [ratio if maximum else 0 for ratio, maximum in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    result = []
    for ratio, maximum, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            distributed = min(maximum, round(ratio * remaining / total_ratio))
            result.append(value - distributed)
            remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _collapse(widths: list[int], max_width: int) -> list[int]:
    """rich's ``Table._collapse_widths`` with every column wrapable."""
    total = sum(widths)
    excess = total - max_width
    while total and excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        difference = widest - second
        ratios = [1 if w == widest else 0 for w in widths]
        if not difference:
            break
        widths = _ratio_reduce(excess, ratios, [min(excess, difference)] * len(widths), widths)
        total = sum(widths)
        excess = total - max_width
    return widths


def _divide(text: str, width: int, fold: bool) -> list[str]:
    """``text`` cut into lines as rich's ``divide_line`` (words keep their trailing blanks)."""
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            if fold:
                pieces = [word[i:i + width] for i in range(0, len(word), width)]
                for number, piece in enumerate(pieces):
                    if start:
                        breaks.append(start)
                    if number == len(pieces) - 1:
                        offset = len(piece)
                    else:
                        start += len(piece)
            else:
                if start:
                    breaks.append(start)
                offset = len(word)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    edges = [0, *breaks, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(edges)] or [""]


def _rstrip_end(line: str, size: int) -> str:
    if len(line) > size:
        blank = _TRAILING_SPACE.search(line)
        if blank:
            return line[: len(line) - min(len(blank.group(0)), len(line) - size)]
    return line


def _cell_lines(text: str, width: int) -> list[str]:
    """A cell's text wrapped (a word wider than ``width`` folded: never cut) and padded to ``width``."""
    return [_rstrip_end(line, width)[:width].ljust(width) for line in _divide(text, width, fold=True)]


def _styled(text: str, style: str | None, color: bool) -> str:
    return f"\x1b[{style}m{text}\x1b[0m" if color and style and text else text


def render(header: list[str], rows: list[list[Cell]], notes: list[Cell], *, width: int, color: bool,
           tty: bool) -> str | None:
    """The table (header bold) and then ``notes``, one line each (wrapped at ``width`` on a
    terminal), as rich's Console(width=width, force_terminal=color, soft_wrap=not tty) prints
    them; None when the contents are outside what this reproduces."""
    cells = [[(text, "1") for text in header], *rows]
    if not all(_plain(text) for row in cells for text, _ in row) or not all(_plain(t) for t, _ in notes):
        return None
    count = len(header)
    pads = [(0 if col == 0 else 1, 0 if col == count - 1 else 1) for col in range(count)]
    natural = []
    for col in range(count):
        extra = sum(pads[col])
        high = max(min(len(row[col][0]) + extra, width) for row in cells)
        natural.append(high or 1)
    widths = natural
    if sum(widths) > width:
        widths = _collapse(widths, width)
        if sum(widths) > width:
            widths = _ratio_reduce(sum(widths) - width, [1] * count, widths, widths)
        widths = [min(n, w) for n, w in zip(natural, widths, strict=True)]
    if any(w - sum(pad) < 2 for w, pad in zip(widths, pads, strict=True)):
        return None
    out: list[str] = []
    for number, row in enumerate(cells):
        rendered = [_cell_lines(text, w - sum(pad)) for (text, _), w, pad in zip(row, widths, pads, strict=True)]
        height = max(len(lines) for lines in rendered)
        for line_no in range(height):
            parts = []
            for (_, style), lines, w, (left, right) in zip(row, rendered, widths, pads, strict=True):
                top = height - len(lines) if number == 0 else 0  # the header row is bottom-aligned
                pad_style = style if number == 0 else None
                if not top <= line_no < top + len(lines):
                    parts.append(_styled(" " * w, pad_style, color))
                    continue
                parts.append(_styled(" " * left, pad_style, color) + _styled(lines[line_no - top], style, color)
                             + _styled(" " * right, pad_style, color))
            out.append("".join(parts))
    for text, style in notes:
        for line in _divide(text, width, fold=True) if tty else [text]:
            out.append(_styled(_rstrip_end(line, width) if tty else line, style, color))
    return "\n".join(out) + "\n"
