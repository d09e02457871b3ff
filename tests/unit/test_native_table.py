"""docs/adapters.md "Native or emulated" says what each family declares: a cell's first words
(``native``, ``debugger``, ``in its condition``, ``emulated``, ``—``) match the family's traits for
hit counts, log points, ``set``, ``finish`` return values, stop on entry and instruction steps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.bashdap import BashAdapter
from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.adapters.delve import DelveAdapter
from dapcli.adapters.jsdebug import JsDebugAdapter
from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.adapters.ruby import RubyAdapter

DOC = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
#: The table's columns, left to right, and the family each one describes.
COLUMNS = {"debugpy": DebugpyAdapter, "lldb-dap": LldbAdapter, "CodeLLDB": CodeLldbAdapter, "gdb (cdt)": GdbAdapter,
           "Delve": DelveAdapter, "js-debug": JsDebugAdapter, "rdbg": RubyAdapter, "bash-dap": BashAdapter}
KINDS = ("native", "debugger", "in its condition", "emulated", "—", "a temporary breakpoint", "dapcli's own", "same")


def _table() -> dict[str, dict[str, str]]:
    """The table's rows: feature → column → the cell's kind (``same``: the cell before's)."""
    text = DOC.read_text().split("### Native or emulated", 1)[1]
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("|"):
            lines.append(line)
        elif lines:
            break  # the table ended
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert header[1:] == list(COLUMNS), header
    rows: dict[str, dict[str, str]] = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        kinds = []
        for cell in cells[1:]:
            kind = next((k for k in KINDS if cell.startswith(k)), None)
            assert kind is not None, f"{cells[0]}: a cell starts with none of {KINDS}: {cell!r}"
            kinds.append(kinds[-1] if kind == "same" else kind)
        rows[cells[0]] = dict(zip(COLUMNS, kinds, strict=True))
    return rows


def _hit_kind(adapter: AdapterSpec, conditions: tuple[str, ...]) -> str:
    if all(adapter.hit_condition(c) is not None for c in conditions):
        return "native"
    if all(adapter.hit_condition(c) is not None or adapter.hit_counter(c, "n") is not None for c in conditions):
        return "in its condition"
    return "emulated"


def _log_kind(adapter: AdapterSpec) -> str:
    if adapter.stops_at_log_points:
        return "—"
    if adapter.log_condition("m", None) is not None:
        return "in its condition"
    if adapter.log_point_request is not None:
        return "debugger"
    return "native" if adapter.formats_log_messages() else "emulated"


def _return_kind(adapter: AdapterSpec) -> str:
    if adapter.return_value_local is not None:
        return "native"
    return "debugger" if adapter.return_value_command is not None else "—"


def _entry_kind(adapter: AdapterSpec, program: Path) -> str:
    if adapter.entry_line(str(program)) is not None:
        return "emulated"
    return "debugger" if isinstance(adapter, (LldbAdapter, CodeLldbAdapter, GdbAdapter)) else "native"


def _adapters() -> list[AdapterSpec]:
    gdb = GdbAdapter()
    if gdb.native():
        pytest.skip("gdb's own DAP interpreter: the table describes gdb through cdt-gdb-adapter")
    return [DebugpyAdapter(), LldbAdapter(), CodeLldbAdapter(), gdb, DelveAdapter(), JsDebugAdapter(), RubyAdapter(),
            BashAdapter()]


def test_the_breakpoint_rows_match_the_declared_traits() -> None:
    table = _table()
    for adapter, column in zip(_adapters(), COLUMNS, strict=True):
        declared = {
            "hit count `N`, `==N`": _hit_kind(adapter, ("3", "==3")),
            "hit count `>N`, `>=N`": _hit_kind(adapter, (">3", ">=3")),
            "hit count `%N`, `<N`, `<=N`": _hit_kind(adapter, ("%2", "<3", "<=3")),
            "log point": _log_kind(adapter),
            "hit count and condition together": "in its condition" if adapter.ors_hit_condition
            or _hit_kind(adapter, ("2",)) == "in its condition" else "native",
        }
        for feature, kind in declared.items():
            assert table[feature][column] == kind, f"{column}, {feature}: the table says " \
                                                   f"{table[feature][column]!r}, the family declares {kind!r}"


def test_the_other_rows_match_the_declared_traits(tmp_path: Path) -> None:
    program = tmp_path / "app.rb"
    program.write_text("# a comment\nputs 1\n")
    table = _table()
    for adapter, column in zip(_adapters(), COLUMNS, strict=True):
        emulated_set = "supportsSetVariable" in adapter.emulated_capabilities
        assert (table["`set` (setVariable)"][column] == "emulated") == emulated_set, column
        assert table["`finish` return value"][column] == _return_kind(adapter), column
        assert table["stop on entry"][column] == _entry_kind(adapter, program), column
        steps = getattr(adapter, "instruction_step_commands", None)
        if steps:
            assert table["`stepi`/`nexti` (granularity `instruction`)"][column] == "debugger", column
    assert set(table["`until`"].values()) == {"a temporary breakpoint"}
