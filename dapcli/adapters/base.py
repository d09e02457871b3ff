"""What the engine needs to know about an adapter family: how to start it and how to phrase
``launch``/``attach`` for it. Data more than logic; one subclass per family."""

from __future__ import annotations

import os
from collections.abc import Callable

from dapcli.adapters.traits import DebuggerCommandTraits, InProgramTraits
from dapcli.errors import AdapterError, PreconditionError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any, ClassVar

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["AdapterSpec", "AttachOptions", "LaunchOptions", "deep_merge"]


def __getattr__(name: str) -> Any:
    """``AttachOptions`` and ``LaunchOptions`` (:mod:`dapcli.adapters.options`), imported on use."""
    if name in ("AttachOptions", "LaunchOptions"):
        from dapcli.adapters import options

        return getattr(options, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def deep_merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``extra`` merged in; nested objects merge key by key (``env``)."""
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


OutputSink = Callable[[str, str], None]


class AdapterSpec(InProgramTraits, DebuggerCommandTraits):
    """Base of every adapter family. Subclasses set the class attributes and override
    :meth:`start`, :meth:`launch_arguments` and :meth:`attach_arguments`; :meth:`prepare`
    checks a launch before anything starts. More optional traits: :class:`InProgramTraits`."""

    #: Registry key the user types with ``--adapter`` (``python``, ``lldb``, ``go``…).
    name: str = ""
    #: Other names accepted for ``--adapter``.
    aliases: tuple[str, ...] = ()
    adapter_id: str = ""
    description: str = ""
    install_hint: str = ""
    #: Interpreter (or runtime) that runs the debuggee, shown by ``status``.
    runtime: str | None = None

    def __init__(self) -> None:
        #: Where the adapter's side channel for program output goes (Delve prints the program's
        #: output on its own stdout); set by the session before :meth:`start`.
        self.output_sink: OutputSink | None = None

    # -- optional behaviour: a family overrides what its adapter needs (adapter-facts.md) -----
    #: Reported before the adapter is used (a project file changed its command).
    warning: str | None = None
    #: The exit status is known only after ``disconnect`` (Delve): end the session after it.
    exit_code_after_disconnect: bool = False
    #: The program runs in a child session started by ``startDebugging`` (js-debug).
    expects_child: bool = False
    #: ``startDebugging`` children are the program's subprocesses, each a session of its own
    #: (debugpy), rather than the program itself on a second connection (js-debug).
    child_sessions_are_subprocesses: bool = False
    #: A resume (``next``, ``continue``) waits behind any unanswered request on the stopped
    #: thread (debugpy: a hung ``__repr__`` of a ``variables``), so it is refused while one runs.
    #: On every adapter a resume is refused while an abandoned ``evaluate`` (``setVariable``,
    #: ``setExpression``) still runs code: js-debug answers no ``continue`` while V8 runs ``while(true){}``.
    resumes_wait_for_evaluations: bool = False
    #: The adapter names no debuggee (no ``process`` event) and its only child is the program
    #: (Delve's ``__debug_bin``): that child is taken as the debuggee. Not for adapters whose child
    #: is a debugger (cdt-gdb-adapter runs gdb).
    adopts_child_as_debuggee: bool = False
    #: The adapter sends ``initialized`` only after its ``launch`` response (bash-dap: once the
    #: script reached its first line): the configuration waits for it, so ``configurationDone`` follows.
    initialized_after_launch: bool = False
    #: ``launch``/``attach`` request that opens a core file (None: not supported).
    core_request: str | None = None
    #: The request a launch sends: ``attach`` for a program started already (an early test run).
    launch_request: str = "launch"
    #: Prepended to a console command so ``evaluate`` (context repl) runs it as a command.
    console_prefix: str = ""
    #: ``(request, its "command" argument)`` that sets a function breakpoint's condition where
    #: the adapter drops ``FunctionBreakpoint.condition`` (``{id}``: the adapter's breakpoint id,
    #: ``{condition}``; see ``engine/fnconditions.py``). None: the adapter honours it.
    function_condition_request: tuple[str, str] | None = None
    #: The adapter echoes the console command in its result (lldb-dap: ``(lldb) cmd``).
    console_echo: bool = False
    #: A console command's result starting with this failed although the response says success
    #: (lldb-dap: ``error: 'bogus' is not a valid command.``).
    console_error_prefix: str | None = None
    #: Console commands that print a frame's variables as ``name = value`` lines: the listing
    #: used when the adapter fails a scope's whole ``variables`` request (cdt-gdb-adapter when gdb
    #: cannot evaluate one local, e.g. ``__PRETTY_FUNCTION__`` at a failed ``assert``).
    locals_commands: tuple[str, ...] = ()
    #: Console command printing the frame's locals as ``name = value`` lines, for an adapter whose
    #: listing of a frame misses a block's variables that came into scope after it first listed
    #: that frame (cdt-gdb-adapter: ``i`` of a ``for`` entered after a stop at ``main``'s start).
    block_locals_command: str | None = None
    #: Most threads the adapter's ``threads`` answer lists (Delve: 1,024 goroutines, a constant of
    #: its DAP server; it says so only on its console); None: it lists them all.
    threads_cap: int | None = None
    #: The adapter's ``totalFrames`` counts at most this many (cdt-gdb-adapter asks gdb for a
    #: stack depth of at most 100): a stack that deep is said to have at least that many.
    total_frames_cap: int | None = None
    #: The adapter's ``totalFrames`` is a guess unless the answer reached the stack's bottom
    #: (Delve adds 50 to the frames it read): the count is then said as "more than N".
    total_frames_estimated: bool = False
    #: How a value's identity is read, to find cycles (verbs/shared/values/identity.py):
    #: ``reference`` — the adapter's ``variablesReference`` is the object's own (debugpy: ``id()``);
    #: ``address`` — its address and type, from ``memoryReference``, the value's text or
    #: :attr:`address_expression`; None — not known (nothing is taken for a cycle).
    identity: str | None = None
    #: The address of ``{}`` (an ``evaluateName``) as an expression of the adapter's language.
    address_expression: str = "&({})"
    #: The address a pointer ``{}`` holds, when its value text does not show it (Go: ``uintptr(p)``).
    pointer_address_expression: str | None = None
    #: What the adapter's threads are to the user (Delve: goroutines).
    threads_noun: str = "threads"
    #: How to count the program's threads when the list is cut: expressions evaluated in the
    #: stopped frame (DAP ``evaluate``): (all threads made, the free ones, how many holders of
    #: free ones, one holder's free ones with ``{i}`` for its index). None: not counted.
    thread_count_expressions: tuple[str, str, str, str] | None = None
    #: Console commands (and the debugger's aliases) that resume the program (``next``,
    #: ``thread step-over``): the stop they cause is awaited after their answer, which may come
    #: before the adapter's ``continued``/``stopped`` events (lldb-dap sends those from another thread).
    resuming_commands: tuple[str, ...] = ()
    #: The start of the console text in which the debugger reports a data breakpoint's stop
    #: (CodeLLDB: ``Watchpoint 1 hit: old value …``); it may come after the ``stopped`` event.
    data_stop_report: str | None = None
    #: The debugger stops at a breakpoint whose condition it cannot evaluate (lldb): a conditional
    #: stop with no word from the debugger yet has its condition evaluated to say so.
    stops_on_failed_condition: bool = False
    #: ``variables`` of a frame's scope come from a snapshot taken at the stop (js-debug: V8's
    #: scope object): after a change in the same stop they are read again (verbs/shared/values/snapshot.py).
    scope_snapshot: bool = False
    #: A reference lists its values as they were when given (Delve): one given before a value
    snapshot_references: bool = False  # changed at this stop is refused (engine/refs.py)
    evaluate_changes: str | None = None  #: regex: an expression that may change values (None: engine/refs.py's)
    #: Console command format that dumps memory, for adapters without ``readMemory``.
    memory_read_command: str | None = None
    #: How an expression is put to ``dataBreakpointInfo`` (no ``variablesReference``) so that the
    #: adapter watches the expression's own storage: lldb-dap watches what the value points to
    #: (``p->name`` → one byte of the string), so it is asked for ``&(p->name)``, whose pointee is
    #: exactly that storage (its address and ``sizeof``). ``{expression}``: as the user wrote it.
    data_expression: str = "{expression}"
    #: Requests the adapter cannot serve overlapped (cdt-gdb-adapter: ``variables``, ``evaluate``…
    #: share gdb's table of variable objects): each waits for those in flight (engine/serial.py).
    serial_requests: frozenset[str] = frozenset()
    #: The adapter honours ``start``/``count`` of ``variables`` (debugpy does not; lldb-dap,
    #: CodeLLDB, gdb and Delve do): a page of a huge array is asked of the adapter.
    pages_variables: bool = False
    #: Console commands that step one instruction (``stepi``/``nexti``), without ``supportsSteppingGranularity``.
    instruction_step_commands: ClassVar[dict[str, str]] = {}
    #: The ``result`` with which the adapter answers a failed ``evaluate`` as if it had worked
    #: (cdt-gdb-adapter: "Error: could not evaluate expression"), and the console command that
    #: tells the reason without evaluating anything (``{expression}`` filled in).
    failed_evaluate_result: str | None = None
    diagnose_command: str | None = None
    #: The adapter closes its connection on a request it does not know (lldb-dap 19): ``dap`` sends only the spec's.
    only_spec_requests: bool = False
    #: How the adapter tells the value a function returned, after ``stepOut`` (read by
    #: :mod:`dapcli.verbs.execution.returnvalue`): the start of its name among the caller's locals
    #: (debugpy ``(return) square``, CodeLLDB ``[return value]``), and an expression that forgets
    #: them in that frame before the program runs on (debugpy keeps each until the frame ends) ...
    return_value_local: str | None = None
    return_value_clear: str | None = None
    #: ... or a console command whose output holds it, read with a regex whose groups are
    #: ``name``, ``value`` and optionally ``type`` (lldb: ``thread info`` →
    #: ``Return value: (int) $0 = 49``; gdb: ``show values`` → ``$1 = 49``). With
    #: ``return_value_history`` the command lists a value history (gdb): only a value newer
    #: than the last one before the step is the return value.
    return_value_command: str | None = None
    return_value_pattern: str | None = None
    return_value_history: bool = False
    #: A variable the adapter marks ``readOnly`` really cannot be set (debugpy's return values):
    #: ``set`` refuses it up front. CodeLLDB marks pointers, enums and aggregates ``readOnly`` and
    #: sets them all the same, so there ``set`` sends the request and reports the answer.
    honours_read_only: bool = True
    #: A breakpoint sent again without its ``condition`` keeps the old one, also when it is sent
    #: as ``""`` (CodeLLDB 1.11): to remove a condition, dapcli sends the file's set without
    #: that breakpoint, then with it (the adapter makes it anew).
    keeps_omitted_conditions: bool = False
    #: The adapter never answers a request it does not know (js-debug): the raw ``dap`` verb
    #: refuses a request outside the specification unless it is one of :attr:`own_requests`
    #: (and waits only briefly for those).
    silent_on_unknown_requests: bool = False
    #: Requests outside the specification that the adapter answers (its own extensions).
    own_requests: frozenset[str] = frozenset()
    #: ``setVariable`` acts in the top frame of the thread that stopped, whatever the container
    #: (Delve 1.20): ``set`` in another frame or thread goes through the variable's address.
    sets_in_top_frame_only: bool = False
    #: ``evaluate`` with context ``repl`` executes statements (debugpy: ``v = 100``, ``import
    #: os``): ``eval`` of a statement goes there (verbs/inspection/statements.py).
    repl_runs_statements: bool = False
    #: What ``hang`` reads beyond each thread's stack: ``python`` (one evaluation without a
    #: frame, which debugpy runs on its own thread), ``pthread`` (glibc mutex owners, evaluated
    #: in the user's frame), ``go`` (Delve's goroutines and the runtime's deadlock report).
    hang_kind: str | None = None
    #: ``stackTrace`` of a thread is answered while the program runs (debugpy: after ~0.5 s,
    #: from the thread's live frames; their scopes hold no variables until it stops).
    stack_while_running: bool = False

    def resolve_function(self, name: str, roots: list[str]) -> tuple[str, int] | str | None:
        """Where the function breakpoint ``name`` belongs, when the adapter cannot find it
        itself: (path, line) to set a line breakpoint there instead; a reason (str) when it
        is nowhere to be found (it is sent, and listed pending); None to leave it to the
        adapter (the default). ``roots``: the program's folders."""
        return None

    def exit_code_from_output(self, text: str) -> int | None:
        """The program's exit code when the adapter announces it only as output text."""
        return None

    def console_resumes(self, command: str) -> bool:
        """True when debugger console ``command`` (with or without :attr:`console_prefix`) is
        one of :attr:`resuming_commands`, with or without arguments."""
        words = " ".join(command.strip().removeprefix(self.console_prefix).split())
        return any(words == name or words.startswith(name + " ") for name in self.resuming_commands)

    def output_category(self, category: str, text: str) -> str:
        """The category an ``output`` event's text really belongs to (adapter chatter → console)."""
        return category

    def output_text(self, category: str, text: str) -> str:
        """An ``output`` event's text as recorded (e.g. a pty's ``\r\n`` made ``\n``)."""
        return text

    def split_terminal_output(self, text: str) -> tuple[str, str]:
        """What the program wrote on dapcli's terminal, as (the program's text, the runtime's or
        debugger's chatter in it, filed as ``console``)."""
        return text, ""

    def wants_tty(self, options: LaunchOptions) -> bool:
        """True when the launched program should get a terminal of dapcli's (a pty whose output
        is the program's ``stdout``), passed to :meth:`use_tty`: for adapters that would leave
        the program's output on a pipe, block-buffered and lost at a crash."""
        return False

    def use_tty(self, arguments: dict[str, Any], tty: str) -> None:
        """Put ``tty`` (``/dev/pts/N``) in the ``launch`` ``arguments`` as the program's terminal."""

    def terminal_command(self, argv: list[str], launch: dict[str, Any]) -> str | None:
        """Why ``argv`` (DAP ``runInTerminal``'s ``args``) is not this adapter's own launcher, or
        None when it is: the adapter's own executable (lldb-dap runs itself with
        ``--launch-target``; Delve), or the runtime the ``launch`` request named
        (``runtimeExecutable``, ``python``). An adapter never makes dapcli run another command."""
        from dapcli.adapters.launcher import own_launcher

        return own_launcher(argv, launch, self.find(), self.name)

    def terminate_command(self, options: AttachOptions | None) -> str | None:
        """A ``repl`` ``evaluate`` expression that ends an attached program before a terminating
        ``disconnect``, for adapters that do not honour ``terminateDebuggee`` (None: none)."""
        return None

    def stop_description(self, reason: str) -> str | None:
        """A description for a ``stopped`` event that came without one (reason as sent), from
        what the adapter said before it (cdt-gdb-adapter: gdb's ``Program received signal``)."""
        return None

    def formats_log_messages(self) -> bool:
        """Whether the adapter replaces ``{expression}`` in a log point's ``logMessage`` by its
        value; if not, dapcli does it (a plain breakpoint it resumes, see ``engine/hitcount.py``)."""
        return True

    def hit_condition(self, condition: str) -> str | None:
        """The ``hitCondition`` to send for dapcli's ``condition`` (``N``, ``==N``, ``>N``, ``>=N``,
        ``<N``, ``<=N``, ``%N``; see :mod:`dapcli.engine.hitcount`), or None when this adapter
        would not mean it as dapcli does: dapcli then counts the hits itself."""
        return condition

    #: The DAP request that runs :meth:`log_point_command` (None: no log points of the debugger's own).
    log_point_request: str | None = None

    def log_point_command(self, path: str, line: int, message: str, condition: str | None) -> str | None:
        """The debugger command that sets a log point of its own at ``path``:``line`` printing
        ``message`` (``{expression}`` filled in) when ``condition`` holds, for an adapter that would
        not fill in ``logMessage`` (:meth:`formats_log_messages`); None: dapcli fills it in at a
        stop of a plain breakpoint (see ``engine/dprintf.py``). The default is None."""
        return None

    def log_point_setup(self) -> list[str]:
        """Debugger commands to run (with :attr:`log_point_request`) before setting log points
        with :meth:`log_point_command`. The default is none."""
        return []

    def hit_counter(self, condition: str, name: str) -> str | None:
        """A breakpoint ``condition`` expression that counts the hits in the debugger's variable
        ``name`` and holds when dapcli's hit ``condition`` is met, for one that
        :meth:`hit_condition` has no form for; None: dapcli counts (a stop per hit). The default
        is None."""
        return None

    #: The adapter stops when EITHER its ``hitCondition`` or its ``condition`` holds (pydevd):
    #: a breakpoint with both gets its hit condition counted in the condition
    #: (:meth:`hit_counter`, :meth:`counted_condition`), so that only the hits where the
    #: condition holds count, as in gdb and lldb.
    ors_hit_condition: bool = False

    def counted_condition(self, condition: str, counter: str) -> str:
        """The condition to send for the user's ``condition`` and a :meth:`hit_counter`
        expression: the counter runs only where ``condition`` holds. The default is C's
        ``(condition) ? (counter) : 0`` (gdb's ``&&`` types both sides)."""
        return f"({condition}) ? ({counter}) : 0"

    def hit_spent(self, condition: str) -> str | None:
        """The ``hitCondition`` to send, once the stop of dapcli's ``condition`` was made, so that
        no later hit of the run stops (``==N`` sent as an ignore count, which stops on every hit
        after the Nth); None when the adapter's own condition goes on deciding (the default)."""
        return None

    def function_breakpoint(self, function: str, condition: str | None) -> tuple[str, str | None]:
        """The ``name`` and ``condition`` to send in ``setFunctionBreakpoints`` for the user's
        function breakpoint ``function`` with ``condition`` (an adapter that matches bare names
        only gets the bare name and a condition that checks the rest). The default sends both
        as they are."""
        return function, condition

    def condition_error(self, condition: str) -> str | None:
        """Why ``condition`` cannot be a breakpoint condition of this adapter's language (it
        does not parse), read without the adapter; None when it may be (the default: the
        adapter says, when the breakpoint is set or at its first hit)."""
        return None

    def condition_test(self, condition: str) -> str:
        """The expression that dapcli evaluates to learn whether a breakpoint's ``condition``
        holds, when it decides in the adapter's place (``engine/standin.py``); its value is read
        as a truth value. The default is the condition itself."""
        return condition

    def log_value(self, expression: str) -> str:
        """The expression that dapcli evaluates for ``{expression}`` of a log point's message
        when it writes the message in the adapter's place. The default is ``expression``."""
        return expression

    def log_text(self, result: str) -> str:
        """The text of the evaluated :meth:`log_value` in the message. The default is ``result``."""
        return result

    def stop_hit_ids(self, reason: str) -> list[int]:
        """The adapter's ids of the breakpoints a ``stopped`` event without ``hitBreakpointIds``
        hit, from what the adapter said before it (cdt-gdb-adapter: ``Breakpoint 2, main …``)."""
        return []

    def exit_signal(self, exit_code: int) -> int | None:
        """The signal that killed the debuggee, read from the exit code the adapter reported
        (a negative code is ``-signal``, as lldb-dap and gdb report it), or None."""
        return -exit_code if exit_code < 0 else None

    def launch_failure_hint(self, message: str, options: LaunchOptions) -> str | None:
        """What to do when the adapter refused to launch ``options.program`` with ``message``
        (Delve: a package that is not a program), or None."""
        return None

    def detach_note(self, options: AttachOptions | None) -> str | None:
        """What becomes of an attached program when the session detaches from it, when it is
        not "it keeps running" (gdb on a gdbserver target: it stays stopped there)."""
        return None

    def exit_reason(self, exit_code: int, console: str) -> str | None:
        """What ended the debuggee when its exit code names no signal and is not the program's
        own (lldb's ``-1``: it lost the process), read from the debugger's ``console`` text."""
        return None

    def exit_code_at_end(self) -> int | None:
        """The exit code learnt outside DAP, read when the session ends (js-debug)."""
        return None

    def start_failure(self, text: str) -> tuple[str, str] | None:
        """(message, hint) when the adapter's ``output`` ``text``, before ``initialized``, says
        that the launch or attach has failed while the adapter itself stays silent (so the start
        ends at once, not after its timeout); None otherwise."""
        return None

    def explain_attach_failure(self, error: AdapterError, pid: int) -> AdapterError:
        """``error`` (a failed attach to ``pid``) with what to do, when the family knows."""
        return error

    def core_arguments(self, options: LaunchOptions, core: str) -> dict[str, Any]:
        """The :attr:`core_request` arguments that open ``core`` of ``options.program``.

        Raises:
            PreconditionError: the family cannot open core files.
        """
        raise PreconditionError(f"{self.name} cannot open core files", "use --adapter lldb")

    @property
    def supports_children(self) -> bool:
        """True when the family answers ``startDebugging`` with :meth:`child_transport`."""
        return type(self).child_transport is not AdapterSpec.child_transport

    async def child_transport(self, configuration: dict[str, Any]) -> Transport:
        """A new transport for a child session that ``startDebugging`` asked for.

        Raises:
            AdapterError: the family has no child sessions.
        """
        raise AdapterError(f"{self.name} does not start child sessions")

    def settle(self, arguments: dict[str, Any], settings: dict[str, Any]) -> None:
        """Complete the request ``arguments`` once the user's ``settings`` (``--set``) are merged
        in: what a setting implies for the family's other arguments (in place)."""

    def frame_path(self, path: str) -> str:
        """A stack frame's ``source.path`` as the user should see it (the family mends what its
        debugger gets wrong); ``path`` unchanged by default."""
        return path

    def relaunch(self) -> AdapterSpec:
        """The family to start the same program again with (``restart``): this one, unless it
        only adopted a process started for its first launch (a test run started early)."""
        return self

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        """Check and complete ``options`` before anything starts; return warnings to show.

        Raises:
            UsageError / AdapterError: the launch cannot work (missing runtime, bad program).
        """
        return []

    #: File extensions of programs this family debugs.
    extensions: tuple[str, ...] = ()

    #: The module of this family's early start (its starter: see :mod:`dapcli.adapters.early.runner`),
    #: None when it has none.
    early_start: str | None = None
    #: An early launch (:mod:`dapcli.adapters.early.launch`) may say ``configurationDone`` once
    #: every breakpoint is verified: a verified breakpoint is in the program's code (not debugpy's,
    #: which verifies any line; its program waits for the session's own ``configurationDone``).
    early_configuration_done: bool = False
    #: Chosen for a program of its kind (:meth:`of_kind`) when no family takes it (none of them is
    #: installed): its install hint is then the one the user reads (lldb-dap for native programs).
    kind_default: bool = False

    def of_kind(self, program: str) -> bool:
        """True when ``program`` (an absolute path) is of this family's kind."""
        return os.path.splitext(program)[1].lower() in self.extensions

    def handles(self, program: str) -> bool:
        """True when this family runs ``program`` (an absolute path): by default, one of its kind."""
        return self.of_kind(program)

    def find(self) -> str | None:
        """The adapter's executable (or script), or None when it is not installed."""
        return None

    def version(self) -> str | None:
        """The adapter's version text, when it can tell."""
        return None

    def missing_hint(self) -> str:
        """When :meth:`find` finds nothing: what to install, naming only what is missing here
        (default: :attr:`install_hint`)."""
        return self.install_hint

    async def start_attach(self, options: AttachOptions) -> tuple[Transport, int | None]:
        """Start (or reach) the adapter for an attach; default: :meth:`start`. A family whose
        debug server already speaks DAP on ``host:port`` connects to it instead (no process of
        ours: the pid is None)."""
        return await self.start()

    async def start(self) -> tuple[Transport, int]:
        """Start (or reach) the adapter; return its transport and the pid whose process group
        must be killed at teardown.

        Raises:
            AdapterError: the adapter is missing (with :attr:`install_hint`) or fails to start.
        """
        raise NotImplementedError

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def maps_client_paths(self) -> bool:
        """True when the adapter's own mapping option (:meth:`map_paths`) makes it expect the
        user's local paths in requests (gdb's ``substitute-path`` hides the program's paths):
        dapcli then translates only what comes back."""
        return False

    def map_paths(self, arguments: dict[str, Any], mappings: list[tuple[str, str]]) -> None:
        """Add the adapter's own path-mapping option for ``mappings`` ((remote, local) pairs) to
        ``launch``/``attach`` ``arguments``, unless the user's configuration already has one.
        dapcli translates paths on the wire anyway (:mod:`dapcli.engine.pathmap`); the
        adapter's option helps where the adapter reads files itself. Default: none."""

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        raise NotImplementedError
