"""A borderless table that renders in time linear in its rows, for results of any size.

rich's ``Table`` measures and wraps every cell through its whole layout machinery (about a
millisecond a row): a 10,000-frame ``stack`` took seconds of CPU in the session host. This table
prints the same layout as ``Table(box=None, pad_edge=False, header_style="bold")`` (columns as
wide as their widest cell, two spaces apart) in one pass when it fits the width; a small table
that does not fit is handed to rich's ``Table`` (it wraps cells; a word wider than its column is
folded onto the next line, never cut), a large one is printed unwrapped.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

__all__ = ["RICH_ROWS", "FastTable"]

#: Tables with at most this many rows that do not fit the width are laid out (wrapped) by rich.
RICH_ROWS = 200


class FastTable:
    """``add_column(header)``/``add_row(*cells)`` like rich's ``Table``; cells are ``str`` (plain,
    never markup) or ``Text``."""

    def __init__(self, *, show_header: bool = True) -> None:
        self.show_header = show_header
        self.headers: list[Text] = []
        self.rows: list[list[Text]] = []

    def add_column(self, header: str | Text = "") -> None:
        self.headers.append(header if isinstance(header, Text) else Text(header))

    def add_row(self, *cells: str | Text | None) -> None:
        self.rows.append([c if isinstance(c, Text) else Text("" if c is None else str(c)) for c in cells])

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def _widths(self) -> list[int]:
        widths = [h.cell_len if self.show_header else 0 for h in self.headers]
        for row in self.rows:
            for i, cell in enumerate(row):
                widths[i] = max(widths[i], cell.cell_len)
        return widths

    def _rich(self) -> Table:
        table = Table(box=None, pad_edge=False, header_style="bold", show_header=self.show_header)
        for header in self.headers:
            table.add_column(header, overflow="fold")  # a word wider than its column wraps, never cut
        for row in self.rows:
            table.add_row(*row)
        return table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if not self.headers:
            return Measurement(0, 0)
        total = sum(self._widths()) + 2 * (len(self.headers) - 1)
        return Measurement(min(total, options.max_width), min(total, options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.headers:
            return
        widths = self._widths()
        total = sum(widths) + 2 * (len(widths) - 1)
        if total > options.max_width and len(self.rows) <= RICH_ROWS:
            yield self._rich()
            return
        lines = ([[h.copy() for h in self.headers]] if self.show_header else []) + self.rows
        for number, row in enumerate(lines):
            line = Text(style="bold" if self.show_header and number == 0 else "", end="")
            for i, width in enumerate(widths):
                cell = row[i] if i < len(row) else Text()
                if i:
                    line.append("  ")
                line.append_text(cell)
                line.append(" " * (width - cell.cell_len))
            yield from line.render(console)
            yield Segment.line()
