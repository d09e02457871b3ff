"""The stop state that the execution verbs return and the views it is made of (location, source
lines, frames, variables, output, exception, watches, a test run's), the sessions it lists, and
the results of ``frame``/``up``/``down`` and ``input``."""

from __future__ import annotations

from dapcli.verbs.models.base import Model, Result, Status

__all__ = [
    "ExceptionView", "Frame", "FrameResult", "InputResult", "Location", "OutputChunkView", "ReturnValueView",
    "SessionInfo", "SourceLine", "StopState", "TestView", "VariableView", "WatchView",
]


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
    #: The adapter's own name when ``name`` shows it shorter (Rust's ``::h<hash>`` left out).
    adapter_name: str | None = None


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
    #: The adapter's ``memoryReference`` (an address, or on gdb an expression for one).
    memory_reference: str | None = None
    #: This value is the same object as the one at this path above it (by identity: the
    #: adapter's reference or the object's address, never its text): a cycle, not expanded again.
    cycle: str | None = None
    #: The adapter has not read it (``presentationHint.lazy``: js-debug's getter, whose ``value`` is
    #: the getter function): the one child of ``variablesReference`` is the value, read by running it.
    lazy: bool | None = None


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
    """A watch expression's value at this stop (or its ``error``); ``changed`` since the last.
    ``note``: why the value is not this stop's (the program runs or has ended: the value is the
    last stop's, or there is none yet)."""

    id: int
    expression: str
    value: str | None = None
    error: str | None = None
    changed: bool = False
    previous: str | None = None
    note: str | None = None


class TestView(Model):
    """The test behind a stop of ``debugTest``: its ``id`` (pytest node id, Go test name), the
    failure ``message`` (e.g. ``assert 26.73 == 24.41``), its ``kind`` (assertion, error, panic,
    signal) and ``phase`` (setup, call, teardown); ``failures`` so far. When the run ended:
    the runner's ``summary`` and counts, and its ``exit_code``. With ``untilFail``: ``run``, the
    run this is (from 1), of ``runs``."""

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
    run: int | None = None
    runs: int | None = None

    def runs_note(self) -> str | None:
        """With ``untilFail``, at the end of the last run: ``passed 10 of 10 runs`` or ``failed on
        run 3 of 10``; else None."""
        if not self.runs:
            return None
        if self.exit_code == 0 and not self.failures:
            return f"passed {self.run} of {self.runs} runs"
        return f"failed on run {self.run} of {self.runs}"


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
    #: Chunks the ring buffer dropped to stay bounded (all so far, set when some went after the
    #: previous report), and their UTF-8 bytes.
    output_dropped: int | None = None
    output_dropped_bytes: int | None = None
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
    #: The values that decide this stop, each whole up to 1,000 characters (``valueTruncated``
    #: says how many more there are): the names in the hit breakpoint's condition; at a Python
    #: exception, a failed ``assert``'s operands, a ``KeyError``'s container keys and key, an
    #: ``IndexError``'s container lengths, else the statement's names. ``name`` is the expression.
    deciding: list[VariableView] | None = None


class SessionInfo(Model):
    name: str
    state: str
    adapter: str | None = None
    program: str | None = None
    host_pid: int | None = None
    hosted: bool = False


class FrameResult(Result):
    """The selected frame (``up``/``down``/``frame``): later evaluate/variables/list use it."""

    thread_id: int
    frame: Frame
    source: list[SourceLine] | None = None
    #: ``selectThread``: the library/runtime frames above the user's frame it selected.
    skipped_frames: int | None = None


class InputResult(Result):
    """What ``input`` typed to the program: ``sent`` bytes; ``eof`` True when its stdin is closed;
    ``stop``: the stop (or exit) the input led to, ``running`` when none came within the timeout
    or the program reads again; None when the program was not running (it reads the text later)
    or the timeout was 0."""

    session: str
    sent: int
    eof: bool = False
    stop: StopState | None = None
