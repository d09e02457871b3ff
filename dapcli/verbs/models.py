"""Result models of the verbs: the one shape that ``--json``, MCP structured content, recipes
and the host RPC all carry (camelCase, the DAP spec's words, ``schemaVersion`` first).

Lines are 1-based; times are in ms; text that was cut carries ``truncated`` counts and a
parameter to page further.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

__all__ = [
    "BreakpointView", "BreakpointsResult", "EndResult", "EvaluateResult", "ExceptionView", "Frame",
    "Location", "OutputChunkView", "OutputResult", "Result", "ReturnValueView", "ScopeView", "ScopesResult",
    "SessionInfo", "SessionsResult", "SetVariableResult", "SourceLine", "SourceResult", "StackResult",
    "StatusResult", "StopState", "TestView", "ThreadView", "ThreadsResult", "VariableView", "VariablesResult",
]

SCHEMA_VERSION = 1
Status = Literal["initializing", "configuring", "running", "stopped", "exited", "terminated"]


class Model(BaseModel):
    # defer_build: a model builds its validator on first use (~100 models; the session host starts sooner)
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, serialize_by_alias=True,
                              defer_build=True)


class Result(Model):
    """Base of every verb result."""

    schema_version: int = SCHEMA_VERSION

    def to_json(self) -> dict[str, object]:
        """The JSON object for ``--json``, MCP and recipes (None fields omitted)."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class Location(Model):
    """Where a frame is: absolute ``path`` (or source ``name``), 1-based ``line``/``column``."""

    path: str | None = None
    name: str | None = None
    line: int
    column: int | None = None
    function: str | None = None


class SourceLine(Model):
    line: int
    text: str
    current: bool = False
    breakpoint: bool = False


class Frame(Model):
    """A stack frame: ``id`` is the DAP ``frameId`` (valid until the next resume)."""

    id: int
    index: int
    name: str
    path: str | None = None
    source_name: str | None = None
    line: int
    column: int | None = None
    presentation_hint: str | None = None
    #: > 0: the source is not a file; its text comes from the DAP ``source`` request.
    source_reference: int | None = None
    #: True on the selected frame (the one ``eval``, ``vars``, ``set`` and ``list`` use) in ``stack``.
    selected: bool | None = None


class VariableView(Model):
    """A variable; ``variables_reference`` > 0 means it has children (page with ``variables``)."""

    name: str
    value: str
    type: str | None = None
    variables_reference: int = 0
    evaluate_name: str | None = None
    named_variables: int | None = None
    indexed_variables: int | None = None
    children: list[VariableView] | None = None
    truncated: int | None = None
    value_truncated: int | None = None
    #: The adapter cut the value itself (Delve's ``...+N more``): what is missing, what shows it.
    value_cut_by_adapter: str | None = None
    changed: bool | None = None
    #: The adapter marks it ``readOnly`` (``presentationHint.attributes``), e.g. a return value.
    read_only: bool | None = None
    #: The adapter's own text when ``value`` is a preview composed from the children (a C struct
    #: or array that lldb-dap/gdb show as ``shape @ 0x…``/``{...}``; see ``verbs/shared/values/preview.py``).
    adapter_value: str | None = None


class ReturnValueView(VariableView):
    """The value that the function left by ``stepOut`` returned (gdb: "Value returned is $1 =
    49"): ``name`` as the adapter calls it (``$1``, ``(return) square``, ``[return value]``),
    ``function`` the function it returned from."""

    function: str | None = None


class OutputChunkView(Model):
    seq: int
    category: str
    output: str


class ExceptionView(Model):
    """``exceptionInfo``: the exception's id (type), description (message) and stack text."""

    exception_id: str
    description: str | None = None
    break_mode: str | None = None
    type_name: str | None = None
    message: str | None = None
    stack_trace: str | None = None


class WatchView(Model):
    """A watch expression's value at this stop (or its ``error``); ``changed`` since the last."""

    id: int
    expression: str
    value: str | None = None
    error: str | None = None
    changed: bool = False
    previous: str | None = None


class TestView(Model):
    """The test behind a stop of ``debugTest``: its ``id`` (pytest node id, Go test name), the
    failure ``message`` (e.g. ``assert 26.73 == 24.41``), its ``kind`` (assertion, error, panic,
    signal) and ``phase`` (setup, call, teardown); ``failures`` so far. When the run ended:
    the runner's ``summary`` and counts, and its ``exit_code``."""

    __test__ = False
    runner: str
    id: str | None = None
    message: str | None = None
    kind: str | None = None
    phase: str | None = None
    failures: int = 0
    stack: list[Frame] | None = None
    summary: str | None = None
    passed: int | None = None
    failed: int | None = None
    exit_code: int | None = None


class StopState(Result):
    """What an execution verb returns: where the debuggee is now and what it printed.

    ``status`` is ``running`` when the wait timed out (not an error; ``wait`` or ``status``
    reports the stop later). ``reason`` is normalized; ``raw_reason`` is the adapter's own.
    """

    session: str
    status: Status
    reason: str | None = None
    raw_reason: str | None = None
    description: str | None = None
    #: The ``stopped`` event's ``text`` (e.g. an exception's name), as the adapter sent it.
    text: str | None = None
    thread_id: int | None = None
    all_threads_stopped: bool | None = None
    hit_breakpoint_ids: list[int] | None = None
    location: Location | None = None
    source: list[SourceLine] | None = None
    frames: list[Frame] | None = None
    locals: list[VariableView] | None = None
    #: How many more top-frame locals there are than ``locals`` shows (``vars`` lists them all).
    locals_truncated: int | None = None
    output: list[OutputChunkView] | None = None
    output_truncated: int | None = None
    #: The adapter's number for the end, as it sent it; with ``signal`` set it is not the
    #: program's exit status (debugpy 256-N, lldb-dap N, gdb -N for signal N).
    exit_code: int | None = None
    #: The signal that killed the program (``SIGABRT``), when its end says so.
    signal: str | None = None
    exception: ExceptionView | None = None
    elapsed_ms: float | None = None
    warnings: list[str] | None = None
    watches: list[WatchView] | None = None
    subprocesses: list[SessionInfo] | None = None
    #: Library/runtime frames above the user's frame that ``location`` names (a pause in libc):
    #: ``frames`` and ``stack`` still list them all.
    skipped_frames: int | None = None
    test: TestView | None = None
    #: A ``pause`` was sent and has not taken effect yet (debugpy stops only when the program
    #: runs Python code again, e.g. after ``time.sleep`` returns): ``wait`` reports the stop.
    pause_pending: bool | None = None
    #: Counts the session's stops and ends: two stop states with the same ``generation`` are the
    #: same stop (frame ids and lines may repeat, e.g. a loop's breakpoint hit again).
    generation: int | None = None
    #: After ``stepOut``: what the function returned, where the adapter tells it.
    return_value: ReturnValueView | None = None


class SessionInfo(Model):
    name: str
    state: str
    adapter: str | None = None
    program: str | None = None
    host_pid: int | None = None
    hosted: bool = False


class SessionsResult(Result):
    sessions: list[SessionInfo]


class StatusResult(Result):
    """A session's state, its last stop (or exit) and what runs it."""

    session: str
    state: Status
    adapter: str
    program: str | None = None
    runtime: str | None = None
    request: str = "launch"
    debuggee_pid: int | None = None
    adapter_pid: int | None = None
    host_pid: int | None = None
    exit_code: int | None = None
    breakpoints: int = 0
    output_chunks: int = 0
    #: Output chunks the ring buffer dropped (oldest first) to stay bounded.
    output_dropped: int = 0
    stop: StopState | None = None
    uptime_ms: float | None = None
    #: A ``pause`` was sent this many seconds ago and the program is still running.
    pause_pending_s: float | None = None


class EndResult(Result):
    session: str
    status: Literal["terminated", "detached"]
    exit_code: int | None = None
    #: What the user should know about the program that was left (detached, or still alive).
    note: str | None = None


class ThreadView(Model):
    id: int
    name: str
    current: bool = False


class ThreadsResult(Result):
    threads: list[ThreadView]


class StackResult(Result):
    thread_id: int
    frames: list[Frame]
    total_frames: int | None = None


class ScopeView(Model):
    name: str
    variables_reference: int
    presentation_hint: str | None = None
    expensive: bool = False
    named_variables: int | None = None
    indexed_variables: int | None = None


class ScopesResult(Result):
    frame_id: int
    scopes: list[ScopeView]


class VariablesResult(Result):
    """Children of ``variables_reference`` from ``start`` (0-based), at most ``count``;
    ``total`` is how many there are; ``truncated`` how many were left out."""

    variables_reference: int
    scope: str | None = None
    frame_id: int | None = None
    start: int = 0
    total: int
    variables: list[VariableView]
    truncated: int | None = None
    #: The frame whose variables these are, when it is not the top one (the user's frame).
    frame_name: str | None = None


class EvaluateResult(Result):
    expression: str
    result: str
    type: str | None = None
    variables_reference: int = 0
    frame_id: int | None = None
    children: list[VariableView] | None = None
    #: How many children exist beyond those shown (``--depth``), as in ``VariableView.truncated``.
    truncated: int | None = None
    value_truncated: int | None = None
    #: The adapter cut the value itself (debugpy's ``...``): says how to get it whole, if possible.
    value_cut_by_adapter: str | None = None
    #: The adapter's own text when ``result`` is a preview composed from the children (C structs
    #: and arrays on lldb-dap/gdb; see ``verbs/shared/values/preview.py``).
    adapter_value: str | None = None
    #: The stop it caused (context ``repl`` can run debugger commands that move the program).
    stop: StopState | None = None
    #: Which frame it was evaluated in, when that is not the top one (``main``, not libc's).
    frame_name: str | None = None
    #: How it was run when not as asked: a statement run in the ``repl`` context (debugpy).
    note: str | None = None


class SetVariableResult(Result):
    name: str
    value: str
    type: str | None = None
    variables_reference: int = 0


class BreakpointView(Model):
    """A breakpoint: dapcli's ``id``; ``line`` as asked, ``actual_line`` as the adapter placed it."""

    id: int
    path: str | None = None
    line: int | None = None
    function: str | None = None
    condition: str | None = None
    hit_condition: str | None = None
    log_message: str | None = None
    verified: bool
    actual_line: int | None = None
    message: str | None = None
    #: The file the adapter placed it in, when it says (a function breakpoint's source).
    actual_path: str | None = None
    #: dapcli's note: e.g. the file is not on this machine, or the adapter does not announce
    #: the capability it needs (sent anyway: the adapter's answer is in ``verified``/``message``).
    warning: str | None = None


class BreakpointsResult(Result):
    breakpoints: list[BreakpointView]
    removed: list[int] | None = None
    #: Watchpoints (data breakpoints) deleted too: ``break clear`` without a location.
    removed_data_breakpoints: list[int] | None = None
    #: dapcli's note: e.g. the edit is recorded but not yet sent (an interrupted evaluation runs).
    warning: str | None = None


class SourceResult(Result):
    path: str
    current_line: int | None = None
    lines: list[SourceLine]


class OutputResult(Result):
    """Output chunks; ``next_seq`` is what to pass as ``since`` to read only newer ones."""

    chunks: list[OutputChunkView]
    next_seq: int
    dropped: int = 0
    status: str | None = None
    exit_code: int | None = None


class BreakpointResult(BreakpointView, Result):
    """One breakpoint as added (see :class:`BreakpointView`)."""


class AdapterInfo(Model):
    """One adapter family: ``found`` with ``path``/``version``, or an ``install_hint``."""

    name: str
    aliases: list[str] = []
    description: str
    found: bool
    path: str | None = None
    version: str | None = None
    install_hint: str | None = None
    extensions: list[str] = []
    #: The adapters file that adds or changes this adapter (user or project).
    config_file: str | None = None
    #: Said before use: a project file chooses the command that runs.
    warning: str | None = None


class AdaptersResult(Result):
    adapters: list[AdapterInfo]


class WatchesResult(Result):
    watches: list[WatchView]
    removed: list[int] | None = None


class ExceptionFilterView(Model):
    """One of the adapter's ``exceptionBreakpointFilters`` and whether it is on."""

    filter: str
    label: str
    description: str | None = None
    default: bool = False
    enabled: bool = False
    condition: str | None = None
    supports_condition: bool = False


class ExceptionFiltersResult(Result):
    filters: list[ExceptionFilterView]
    #: dapcli's note: e.g. the choice is recorded but not yet sent (an interrupted evaluation runs).
    warning: str | None = None


class FrameResult(Result):
    """The selected frame (``up``/``down``/``frame``): later evaluate/variables/list use it."""

    thread_id: int
    frame: Frame
    source: list[SourceLine] | None = None


class TraceHit(Model):
    """One pass over the traced line: ``values`` by expression (errors in ``errors``)."""

    hit: int
    thread_id: int | None = None
    values: dict[str, str]
    errors: dict[str, str] | None = None


class TraceResult(Result):
    """Values collected at each hit of a line without stopping there (value history)."""

    path: str
    line: int
    expressions: list[str]
    hits: list[TraceHit]
    limit_reached: bool = False
    stop: StopState | None = None


class DataBreakpointView(Model):
    """A data breakpoint (watchpoint): the adapter's ``dataId`` and what it watches."""

    id: int
    name: str
    data_id: str
    description: str | None = None
    access_type: str | None = None
    condition: str | None = None
    hit_condition: str | None = None
    verified: bool = False
    message: str | None = None


class DataBreakpointsResult(Result):
    data_breakpoints: list[DataBreakpointView]
    removed: list[int] | None = None


class LaunchConfigView(Model):
    """One configuration of ``.vscode/launch.json`` as written (variables not resolved);
    ``adapter`` is the dapcli family its ``type`` maps to."""

    name: str
    type: str | None = None
    adapter: str | None = None
    request: str | None = None
    program: str | None = None


class ConfigsResult(Result):
    """The configurations of the ``launch.json`` at ``path``; ``compounds`` are listed but
    dapcli does not run them."""

    path: str
    workspace_folder: str
    configurations: list[LaunchConfigView]
    compounds: list[str] | None = None


class DoctorCheck(Model):
    """One check of ``doctor``: ``status`` ok, warn or fail, what was found (``detail``) and
    what to do about it (``hint``)."""

    name: str
    status: Literal["ok", "warn", "fail"]
    detail: str
    hint: str | None = None


class DoctorResult(Result):
    """What ``doctor`` checked for ``program`` (or the project in ``cwd``); ``ok`` when no
    check failed."""

    program: str | None = None
    cwd: str
    adapter: str | None = None
    ok: bool
    checks: list[DoctorCheck]


# -- native debugging (disassemble, readMemory, registers, console, dap) ---------------------------
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


class InputResult(Result):
    """What ``input`` typed to the program: ``sent`` bytes; ``eof`` True when its stdin is closed."""

    session: str
    sent: int
    eof: bool = False
