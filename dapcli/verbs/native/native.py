"""Native-debugging verbs: disassemble, readMemory, registers, stepi/nexti, and two raw
passthroughs for what the verbs do not cover: ``console`` (the debugger's own commands) and
``dap`` (any DAP request).

Each is gated by the adapter's capability and refused with its name when missing. Where an
adapter lacks a request but its debugger has a command for it (lldb-dap 19 has neither
``readMemory`` nor instruction ``granularity``), the adapter family names that command
(:class:`~dapcli.adapters.native.common.NativeAdapter`) and the verb uses it through the console.
"""

from __future__ import annotations

import base64
import json
import re
import string
from typing import Annotated, Any

from dapcli.engine.session import Session
from dapcli.errors import DapTimeoutError, PreconditionError, RequestError, UsageError
from dapcli.files import is_number
from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import (
    ConsoleResult,
    DapResult,
    DisassembleResult,
    InstructionView,
    MemoryLine,
    ReadMemoryResult,
    RegisterGroupView,
    RegistersResult,
    StopState,
)
from dapcli.verbs.native.console import console_command
from dapcli.verbs.native.dapcommands import (
    UNKNOWN_REQUEST_WAIT,
    check_arguments,
    check_supported,
    refused,
    spec_requests,
    unanswered,
)
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frames import current_frame_id, current_thread_id, scopes
from dapcli.verbs.shared.params import FrameId, MaxLength, ThreadId, Timeout
from dapcli.verbs.shared.stop.consolestop import moved_by
from dapcli.verbs.shared.stop.resume import resume
from dapcli.verbs.shared.values.variables import MAX_VALUE, fetch_variables, variable_view

__all__ = ["MAX_MEMORY", "hex_dump", "resolve_address"]

#: The most bytes one readMemory returns (a hex dump, not a core dump).
MAX_MEMORY = 4096
MAX_INSTRUCTIONS = 400
_NUMBER = re.compile(r"^(?:0[xX][0-9a-fA-F]+|\d+)$")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_PRINTABLE = set(string.ascii_letters + string.digits + string.punctuation + " ")
#: Requests the ``dap`` verb refuses: they belong to the session's own lifecycle.
_LIFECYCLE = {"initialize", "launch", "attach", "configurationDone", "disconnect", "restart"}
#: Requests that resume the program: the ``dap`` verb runs them like the execution verbs.
_EXECUTION = {"continue", "next", "stepIn", "stepOut", "stepBack", "reverseContinue", "goto", "restartFrame"}

Address = Annotated[str | None, Param(help="a memoryReference/address (0x…) or an expression whose address is used",
                                      complete="expression", positional=True)]


# -- helpers -------------------------------------------------------------------------------------
def _number(text: str) -> int | None:
    return int(text, 0) if _NUMBER.match(text) else None


async def resolve_address(session: Session, text: str, frame_id: int | None) -> tuple[str, str | None]:
    """A memoryReference for ``text``: a number as is; an expression through ``evaluate`` (its
    ``memoryReference``, else the first hex number of its value, else the value of ``&(text)``).
    Returns (reference, the expression or None).

    Raises:
        UsageError: the expression has no address.
    """
    if _number(text) is not None:
        return text, None
    frame = await current_frame_id(session, frame_id)
    value = ""
    for expression in (text, f"&({text})"):
        try:
            body = await session.request(
                "evaluate", t.EvaluateArguments(expression=expression, frameId=frame, context="watch"),
                t.EvaluateResponse,
            )
        except RequestError as exc:
            value = exc.message
            continue
        if body.memoryReference:
            return body.memoryReference, text
        found = _HEX.search(body.result or "")
        if found:
            return found.group(0), text
        value = value or body.result
    raise UsageError(f"{text} has no address ({value.strip()[:200]})",
                     f"give an address (0x…), a pointer, or &{text}")


def hex_dump(start: int, data: bytes) -> list[MemoryLine]:
    """16 bytes a line: address, hex bytes, printable characters (others as ``.``)."""
    lines = []
    for at in range(0, len(data), 16):
        chunk = data[at: at + 16]
        lines.append(MemoryLine(
            address=f"0x{start + at:x}", hex=" ".join(f"{b:02x}" for b in chunk),
            ascii="".join(chr(b) if chr(b) in _PRINTABLE else "." for b in chunk),
        ))
    return lines


async def _program_counter(session: Session, frame_id: int | None) -> tuple[str, int]:
    """The program counter (a memoryReference) of frame ``frame_id`` (default: the selected
    one), and that frame's id."""
    frame = await current_frame_id(session, frame_id)
    thread = current_thread_id(session, None)
    body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread, startFrame=0, levels=50),
                                 t.StackTraceResponse)
    for candidate in body.stackFrames:
        if candidate.id == frame and candidate.instructionPointerReference:
            return candidate.instructionPointerReference, frame
    # cdt-gdb-adapter and CodeLLDB number the frames anew at every stackTrace (the old ids stay
    # valid until the program runs): ask the frame itself
    try:
        value = await session.request("evaluate", t.EvaluateArguments(expression="$pc", frameId=frame, context="watch"),
                                      t.EvaluateResponse)
        text = value.result.strip()
    except RequestError:
        text = ""
    found = _HEX.search(text)
    if found is not None:
        return found.group(0), frame
    if is_number(text):  # CodeLLDB shows $pc as an unsigned decimal
        return f"0x{int(text):x}", frame
    raise PreconditionError(f"{session.adapter.name} gives no program counter for frame {frame}",
                            "pass an address (see `dapcli stack`)")


# -- disassemble ---------------------------------------------------------------------------------
@verb(group="native", needs="stopped", read_only=True, capability="supportsDisassembleRequest",
      aliases=("disas", "x-i"))
async def disassemble(
    ctx: VerbContext,
    address: Address = None,
    before: Annotated[int, Param(help="instructions to show before the address")] = 4,
    count: Annotated[int, Param(help="instructions to show from the address on")] = 12,
    frame_id: FrameId = None,
) -> DisassembleResult:
    """Disassemble around the program counter or an address.

    Sends ``disassemble`` from a window before the address and keeps the instructions around
    it (adapters differ in how they go backwards; the address is always an instruction start).
    """
    session = ctx.session()
    if not 0 <= before <= 100 or not 1 <= count <= 300:
        raise UsageError("before must be 0–100 and count 1–300")
    expression = None
    if address is None:
        reference, frame_number = await _program_counter(session, frame_id)
    else:
        reference, expression = await resolve_address(session, address, frame_id)
        frame_number = None
    instructions, note = await _around(session, reference, before, count)
    return DisassembleResult(memory_reference=reference, expression=expression, frame_id=frame_number,
                             instructions=instructions, note=note)


async def _around(
    session: Session, reference: str, before: int, count: int,
) -> tuple[list[InstructionView], str | None]:
    target = _number(reference)
    if before and target is not None:
        back = before * 4 + 8  # lldb-dap 19 counts a negative instructionOffset in bytes: go further
        for shift in range(4):
            found = await _disassemble(session, reference, -(back + shift), back + shift + count)
            index = next((i for i, ins in enumerate(found) if _number(ins.address) == target), None)
            if index is not None:
                return _views(found[max(0, index - before): index + count], target), None
    found = await _disassemble(session, reference, 0, count)
    note = "could not decode backwards from this address" if before and target is not None else None
    return _views(found, target), note


async def _disassemble(session: Session, reference: str, offset: int, count: int) -> list[t.DisassembledInstruction]:
    body = await session.request(
        "disassemble",
        t.DisassembleArguments(memoryReference=reference, instructionOffset=offset,
                               instructionCount=min(count, MAX_INSTRUCTIONS), resolveSymbols=True),
        t.DisassembleResponse,
    )
    return list(body.instructions or [])


def _views(found: list[t.DisassembledInstruction], target: int | None) -> list[InstructionView]:
    views = []
    for ins in found:
        views.append(InstructionView(
            address=ins.address, instruction=" ".join(ins.instruction.split()), instruction_bytes=ins.instructionBytes,
            symbol=ins.symbol, path=ins.location.path if ins.location else None, line=ins.line,
            current=target is not None and _number(ins.address) == target,
        ))
    return views


# -- memory --------------------------------------------------------------------------------------
@verb(group="native", name="readMemory", needs="stopped", read_only=True, cli=("memory",),
      aliases=("x", "read-memory"))
async def read_memory(
    ctx: VerbContext,
    address: Annotated[str, Param(help="a memoryReference/address (0x…) or an expression whose address is used",
                                  complete="expression", positional=True)],
    count: Annotated[int, Param(help=f"bytes to read (at most {MAX_MEMORY})")] = 64,
    offset: Annotated[int, Param(help="bytes to skip from the address (may be negative)")] = 0,
    frame_id: FrameId = None,
) -> ReadMemoryResult:
    """Read memory as a hex dump (DAP ``readMemory``).

    Needs ``supportsReadMemoryRequest``; lldb-dap 19 lacks it and is read with lldb's
    ``memory read`` instead. An expression is evaluated for its address first.
    """
    session = ctx.session()
    if not 1 <= count <= MAX_MEMORY:
        raise UsageError(f"count must be 1–{MAX_MEMORY} bytes", "read a larger block in pieces with --offset")
    command = session.adapter.memory_read_command
    if not session.supports("supportsReadMemoryRequest") and command is None:  # before evaluating the address
        raise PreconditionError(f"{session.adapter.name} cannot read memory: the adapter does not support it "
                                "(no supportsReadMemoryRequest capability)",
                                "memory reads need a native adapter (C/C++/Rust, Go); "
                                "`dapcli eval EXPRESSION` shows a value")
    reference, expression = await resolve_address(session, address, frame_id)
    if session.supports("supportsReadMemoryRequest"):
        body = await session.request("readMemory", t.ReadMemoryArguments(memoryReference=reference, offset=offset,
                                                                         count=count), t.ReadMemoryResponse)
        data = base64.b64decode(body.data or "")
        start = _number(body.address) if _number(body.address) is not None else (_number(reference) or 0) + offset
        return ReadMemoryResult(address=f"0x{start:x}", expression=expression, count=len(data),
                                data=base64.b64encode(data).decode(), lines=hex_dump(start, data),
                                unreadable_bytes=body.unreadableBytes or None)
    assert command is not None
    base = _number(reference)
    if base is None:
        raise UsageError(f"cannot read memory at {reference!r}", "give a numeric address")
    start = base + offset
    text, _ = await console_command(session, command.format(count=count, address=f"0x{start:x}"), frame_id)
    data = _parse_memory_dump(text)
    if not data and "error" in text.lower():
        raise RequestError(text.strip().splitlines()[-1], command="readMemory")
    return ReadMemoryResult(address=f"0x{start:x}", expression=expression, count=len(data),
                            data=base64.b64encode(data).decode(), lines=hex_dump(start, data),
                            unreadable_bytes=(count - len(data)) or None,
                            via="console: " + command.split("{")[0].split(" --")[0])


def _parse_memory_dump(text: str) -> bytes:
    """Bytes from lldb's ``memory read --format x --size 1`` lines (``0x7ff…: 0x0a 0x00 …``)."""
    data = bytearray()
    for line in text.splitlines():
        head, sep, rest = line.partition(":")
        if not sep or not _HEX.fullmatch(head.strip()):
            continue
        data += bytes(int(word, 16) for word in rest.split() if re.fullmatch(r"0x[0-9a-fA-F]{2}", word))
    return bytes(data)


# -- registers -----------------------------------------------------------------------------------
@verb(group="native", needs="stopped", read_only=True, aliases=("info-registers",))
async def registers(
    ctx: VerbContext,
    names: Annotated[list[str], Param(help="only these registers, e.g. rip rsp (default: all of the group)",
                                      positional=True)] = [],  # noqa: B006
    group: Annotated[str | None, Param(help="register group (substring, e.g. float; default: the first, general "
                                            "purpose)")] = None,
    all_groups: Annotated[bool, Param(help="show every register group")] = False,
    frame_id: FrameId = None,
    max_length: MaxLength = MAX_VALUE,
) -> RegistersResult:
    """Show the CPU registers of a frame (its Registers scope)."""
    session = ctx.session()
    frame = await current_frame_id(session, frame_id)
    found = await scopes(session, frame)
    scope = next((s for s in found if s.presentationHint == "registers"), None) or next(
        (s for s in found if s.name.lower().startswith("register")), None)
    if scope is None:
        known = ", ".join(s.name for s in found) or "none"
        raise PreconditionError(f"{session.adapter.name} shows no Registers scope for this frame (scopes: {known})",
                                "try `dapcli console` with the debugger's own register command")
    children = await fetch_variables(session, scope.variablesReference)
    grouped = bool(children) and all(c.variablesReference > 0 for c in children) and any(
        "register" in c.name.lower() for c in children)
    members: dict[str, t.Variable | list[t.Variable]]
    if grouped:
        members = {c.name: c for c in children}
    else:  # one flat list (gdb): scalar registers first, vector registers ({…} values) apart
        vector = [c for c in children if c.variablesReference > 0 or c.value.lstrip().startswith("{")]
        flat = {"General Registers": [c for c in children if c not in vector], "Vector Registers": vector}
        members = {name: regs for name, regs in flat.items() if regs}
    chosen = _choose_groups(list(members), group, all_groups or bool(names))
    groups = []
    for name in chosen:
        found_group = members[name]
        groups.append((name, found_group if isinstance(found_group, list)
                       else await fetch_variables(session, found_group.variablesReference)))
    others = [name for name in members if name not in chosen]
    wanted = {n.lower().lstrip("$") for n in names}
    views = []
    for name, members in groups:
        kept = [m for m in members if not wanted or m.name.lower().lstrip("$") in wanted]
        if kept or not wanted:
            views.append(RegisterGroupView(name=name, registers=[variable_view(m, max_length) for m in kept]))
    missing = wanted - {r.name.lower().lstrip("$") for g in views for r in g.registers}
    if missing:
        raise UsageError(f"no register named {', '.join(sorted(missing))} here",
                         "see `dapcli registers` for the names")
    return RegistersResult(frame_id=frame, scope=scope.name, groups=views, other_groups=others or None)


def _choose_groups(names: list[str], group: str | None, every: bool) -> list[str]:
    if every and not group:
        return names
    if group is None:
        return names[:1]
    chosen = [name for name in names if group.lower() in name.lower()]
    if not chosen:
        raise UsageError(f"no register group matching {group!r}", f"groups: {', '.join(names)}")
    return chosen


# -- instruction stepping ------------------------------------------------------------------------
async def _instruction_step(ctx: VerbContext, which: str, thread_id: int | None, timeout: float) -> StopState:
    session = ctx.session()
    thread = current_thread_id(session, thread_id)
    if session.supports("supportsSteppingGranularity"):
        arguments = (t.StepInArguments(threadId=thread, granularity="instruction") if which == "stepi"
                     else t.NextArguments(threadId=thread, granularity="instruction"))
        return await resume(ctx, "stepIn" if which == "stepi" else "next", arguments, timeout)
    command = session.adapter.instruction_step_commands.get(which)
    if command is None:
        raise PreconditionError(
            f"{session.adapter.name} cannot {which} (it lacks the supportsSteppingGranularity capability)",
            "step by line with `dapcli next`/`dapcli step`, "
            "or use `dapcli console COMMAND` with the debugger's own command",
        )
    # an adapter that ignores granularity steps a whole line, silently: use the debugger's command
    # (it reports the stop with an ordinary `stopped` event)
    frame = await current_frame_id(session, None)
    prefix = session.adapter.console_prefix
    return await resume(ctx, "evaluate",
                         t.EvaluateArguments(expression=prefix + command, frameId=frame, context="repl"), timeout)


@verb(group="execution", needs="stopped", executes=True, aliases=("si", "step-instruction"))
async def stepi(ctx: VerbContext, thread_id: ThreadId = None, timeout: Timeout = 30.0) -> StopState:
    """Step one machine instruction, into calls (``stepIn`` by instruction).

    Needs ``supportsSteppingGranularity``; lldb-dap 19 lacks it and steps with lldb's
    ``thread step-inst``.
    """
    return await _instruction_step(ctx, "stepi", thread_id, timeout)


@verb(group="execution", needs="stopped", executes=True, aliases=("ni", "next-instruction"))
async def nexti(ctx: VerbContext, thread_id: ThreadId = None, timeout: Timeout = 30.0) -> StopState:
    """Step one machine instruction, over calls (``next`` by instruction).

    Needs ``supportsSteppingGranularity``; lldb-dap 19 lacks it and steps with lldb's
    ``thread step-inst-over``.
    """
    return await _instruction_step(ctx, "nexti", thread_id, timeout)


# -- raw passthroughs ----------------------------------------------------------------------------
@verb(group="passthrough", needs="alive", destructive=True, aliases=("cmd", "debugger"))
async def console(
    ctx: VerbContext,
    command: Annotated[str, Param(help="a command of the debugger itself, e.g. `register read` (lldb), "
                                       "`info frame` (gdb)", positional=True)],
    frame_id: FrameId = None,
    timeout: Annotated[float, Param(help="seconds to wait for the command")] = 30.0,
) -> ConsoleResult:
    """Run a command of the debugger itself (lldb, gdb) and show its output.

    Sends ``evaluate`` with context ``repl`` (lldb-dap: behind its command prefix; gdb via
    cdt-gdb-adapter: behind ``>``). A stop that the command causes (``thread step-over``) is
    reported in ``stop``.
    """
    session = ctx.session()
    (text, reference), stop = await moved_by(session, console_command(session, command, frame_id, timeout), timeout,
                                             resumes=session.adapter.console_resumes(command))
    return ConsoleResult(command=command, output=text, variables_reference=reference, stop=stop)


def _object_as_text(value: Any) -> Any:
    """A ``Param(check=…)`` for ``dap``'s ``arguments``: an object (what a JSON client, MCP or a
    recipe, writes) is taken as its JSON text; text is left to the verb's own parsing."""
    return json.dumps(value) if isinstance(value, dict) else value


@verb(group="passthrough", needs="alive", destructive=True, aliases=("raw-request",))
async def dap(
    ctx: VerbContext,
    command: Annotated[str, Param(help="the DAP request, e.g. modules, loadedSources, exceptionInfo",
                                  positional=True)],
    arguments: Annotated[str | None, Param(help="its arguments as a JSON object, e.g. '{\"threadId\": 1}'",
                                           positional=True, check=_object_as_text,
                                           accepts=dict[str, Any] | str | None)] = None,
    timeout: Annotated[float, Param(help="seconds to wait for the response (and the stop, for execution "
                                         "requests)")] = 30.0,
) -> DapResult:
    """Send any DAP request and show the raw response body.

    For what the verbs do not cover. Execution requests (continue, next, …) wait for the stop
    like the execution verbs; session lifecycle requests are refused.
    """
    session = ctx.session()
    if command in _LIFECYCLE:
        raise UsageError(f"{command} belongs to the session's lifecycle", "use launch, attach, restart or stop")
    if session.adapter.only_spec_requests and command not in spec_requests():
        raise UsageError(f"{command!r} is not a DAP request, and {session.adapter.name} ends the session on a "
                         "request it does not know", "use a request of the DAP specification, e.g. modules")
    own = session.adapter.own_requests
    if session.adapter.silent_on_unknown_requests and command not in spec_requests() and command not in own:
        raise UsageError(f"{command!r} is not a DAP request, and {session.adapter.name} never answers a request it "
                         "does not know", "use a request of the DAP specification, e.g. modules"
                         + (f", or one of {session.adapter.name}'s own: {', '.join(sorted(own))}" if own else ""))
    check_supported(command, session.adapter.name, session.supports)
    try:
        parsed: Any = json.loads(arguments) if arguments else None
    except ValueError as exc:
        raise UsageError(f"arguments are not JSON: {exc}", "e.g. '{\"threadId\": 1}'") from None
    if parsed is not None and not isinstance(parsed, dict):
        raise UsageError("arguments must be a JSON object")
    check_arguments(command, parsed)
    if command in _EXECUTION:
        await session.resume(command, parsed or {}, timeout=timeout)  # type: ignore[arg-type]
        return DapResult(command=command, body={}, status=session.state.value)
    if session.adapter.silent_on_unknown_requests and command not in spec_requests():
        timeout = min(timeout, UNKNOWN_REQUEST_WAIT)
    try:
        body = await session.request(command, parsed, None, timeout=timeout)
    except DapTimeoutError as exc:
        raise unanswered(command, session.adapter.name, timeout, exc) from None
    except RequestError as exc:
        raise refused(command, session.adapter.name, exc) from None
    return DapResult(command=command, body=body, status=session.state.value)
