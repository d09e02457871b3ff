"""Results of the native-debugging verbs: disassembly, memory, registers, console, raw DAP."""

from __future__ import annotations

from typing import Any

from dapcli.verbs.models.base import Model, Result
from dapcli.verbs.models.execution import StopState, VariableView

__all__ = [
    "ConsoleResult", "DapResult", "DisassembleResult", "InstructionView", "MemoryLine", "ReadMemoryResult",
    "RegisterGroupView", "RegistersResult",
]


class InstructionView(Model):
    """One disassembled instruction: its ``address`` (hex, as the adapter wrote it), text and
    bytes; ``symbol``/``path``/``line`` where the adapter names them; ``current`` marks the
    program counter (or the address asked for)."""

    address: str
    instruction: str
    instruction_bytes: str | None = None
    symbol: str | None = None
    path: str | None = None
    line: int | None = None
    current: bool = False


class DisassembleResult(Result):
    """Instructions around ``memory_reference`` (the program counter of ``frame_id`` unless an
    address was given); ``note`` says when the adapter could not decode backwards."""

    memory_reference: str
    expression: str | None = None
    frame_id: int | None = None
    instructions: list[InstructionView]
    note: str | None = None


class MemoryLine(Model):
    """16 bytes of a hex dump: start ``address``, the bytes in ``hex``, printable ``ascii``."""

    address: str
    hex: str
    ascii: str


class ReadMemoryResult(Result):
    """``count`` bytes read from ``address`` (``data``: base64, as DAP carries them; ``lines``: a hex
    dump); ``unreadable_bytes`` follow the last readable one; ``via`` is how they were read
    (``readMemory``, or the debugger's own command when the adapter lacks the request)."""

    address: str
    expression: str | None = None
    count: int
    data: str
    lines: list[MemoryLine]
    unreadable_bytes: int | None = None
    via: str = "readMemory"


class RegisterGroupView(Model):
    name: str
    registers: list[VariableView]


class RegistersResult(Result):
    """Registers of a frame (its ``Registers`` scope), by group (lldb: General Purpose Registers,
    …; gdb: one flat group); ``other_groups`` were not expanded (pass ``group``)."""

    frame_id: int
    scope: str
    groups: list[RegisterGroupView]
    other_groups: list[str] | None = None


class ConsoleResult(Result):
    """What a debugger command printed (``evaluate`` in context ``repl``; its result and the
    output events it caused)."""

    command: str
    output: str
    variables_reference: int = 0
    #: The stop the command caused (lldb ``thread step-over``), if it moved the program.
    stop: StopState | None = None


class DapResult(Result):
    """The raw ``body`` of a DAP response; ``status`` is the session's state afterwards."""

    command: str
    body: dict[str, Any] | list[Any] | None = None
    status: str | None = None
