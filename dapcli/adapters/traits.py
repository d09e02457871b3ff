"""Optional behaviour of an adapter family that lives inside the program it debugs or lacks
requests the others have (rdbg, Ruby's debugger): mixed into
:class:`~dapcli.adapters.base.AdapterSpec`, each with a default that changes nothing."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable

__all__ = ["DebuggerCommandTraits", "InProgramTraits"]


class InProgramTraits:
    """Traits of an adapter inside the program, or without some requests (see the module doc)."""

    #: Capabilities the adapter lacks that dapcli provides in its place: ``supportsSetVariable``
    #: — ``set`` assigns with an ``evaluate`` (context ``repl``) of ``NAME = (VALUE)`` (rdbg,
    #: whose evaluate runs Ruby statements in the frame); the result says so.
    emulated_capabilities: frozenset[str] = frozenset()
    #: The top frame's local that holds the exception the program stopped for, when the adapter
    #: has no ``exceptionInfo`` (rdbg: ``_raised``): the stop becomes an exception stop with it.
    exception_local: str | None = None
    #: The adapter runs inside the program (rdbg): it sends no ``exited``/``terminated``, its
    #: connection closes when the program ends, and its process's exit status is the program's.
    ends_with_connection: bool = False
    #: ``attach`` reaches the program at the unix socket it serves its debugger on
    #: (``AttachOptions.socket``: ``rdbg --open --sock-path=PATH``).
    attach_socket: bool = False
    #: The adapter has no log points and would stop at one as at a plain breakpoint, and its
    #: stops name no breakpoint, so that dapcli cannot write the message in its place (bash-dap):
    #: a log point is refused.
    stops_at_log_points: bool = False
    #: A breakpoint condition in the adapter's language, for hints.
    condition_example: str = "i == 3"

    def entry_line(self, program: str) -> int | None:
        """The line of ``program`` where a launch with ``stopOnEntry`` stops, for an adapter that
        ignores ``stopOnEntry`` (rdbg): dapcli sets a breakpoint of its own there, and its stop is
        the entry. None (the default): the adapter stops by itself."""
        return None

    def log_condition(self, message: str, condition: str | None) -> str | None:
        """A breakpoint ``condition`` that writes the log point's ``message`` (``{expression}``
        filled in) from the program itself and never holds, for an adapter without ``logMessage``
        whose conditions run code (rdbg): a log point without a stop. ``condition``: the user's
        (or a hit counter), which must hold for it to write. None (the default): not so."""
        return None

    def hit_counter_declaration(self, name: str, count: int = 0) -> str | None:
        """The ``evaluate`` (context ``repl``) expression that declares the debugger's variable
        ``name`` of a :meth:`~dapcli.adapters.base.AdapterSpec.hit_counter`, holding ``count`` hits,
        before the breakpoint is sent, for a debugger whose variables must be declared (lldb:
        ``expr long $NAME = 0``; one it refuses leaves the count to dapcli until it takes one at a
        stop). None (the default): none needed."""
        return None

    def forget_breakpoints(self, path: str) -> str | None:
        """A ``repl`` ``evaluate`` expression that deletes the adapter's line breakpoints of
        ``path``, for an adapter whose ``setBreakpoints`` only adds (rdbg 1.4): evaluated in the
        stopped program before the source's set is sent again. None (the default): not needed."""
        return None

    def evaluate_error(self, result: str, type_name: str | None) -> str | None:
        """The error an ``evaluate`` answered as if it were a value (rdbg: the exception the
        expression raised, ``#<NameError: undefined local variable …>``), or None (the default)."""
        return None

    def stop_text(self, description: str | None) -> str | None:
        """A ``stopped`` event's ``description`` as the user should read it (rdbg repeats the
        place and the condition sent, dapcli's counters included); unchanged by default."""
        return description

    def relay_sharing_stderr(self, category: str, text: str, marker: str, ours: re.Pattern[str]) -> None:
        """Relay the adapter's ``category`` output ``text`` for an adapter whose stdout/stderr are
        also the program's (Delve relays dlv's pipes; rdbg runs inside the program): program output,
        but its own stderr lines (``ours`` matches them; ``marker`` is in every one) as ``console``."""
        sink: Callable[[str, str], None] | None = getattr(self, "output_sink", None)
        if sink is None:
            return
        if category != "stderr" or marker not in text:
            sink(category, text)
            return
        from dapcli.files import split_out

        program, own = split_out(text, ours)
        if program:
            sink("stderr", program)
        if own:
            sink("console", own)


class DebuggerCommandTraits:
    """What dapcli reads through the debugger's own commands (the family's command request,
    :attr:`~dapcli.adapters.base.AdapterSpec.log_point_request`) where DAP has no request for it."""

    #: DAP thread ids are the kernel's thread ids (lldb-dap): a mutex owner's TID names its thread.
    thread_ids_are_tids: bool = False
    #: A debugger command that lists each thread's kernel id (cdt-gdb-adapter: MI
    #: ``-thread-info``); None: none.
    thread_tids_command: str | None = None
    #: A debugger command whose result's ``value`` is a value as the debugger prints it
    #: (``{thread}``, ``{frame}``: its level, ``{expression}``: quoted); cdt: MI
    #: ``-data-evaluate-expression``. None: none.
    value_print_command: str | None = None
    #: A breakpoint whose condition the debugger refused is answered unverified but stays set
    #: without it (cdt-gdb-adapter): dapcli leaves it out and says so (``engine/refused.py``).
    refused_condition_stays: bool = False
    #: The debugger process the adapter drives, by its name among the adapter's descendants
    #: (cdt-gdb-adapter runs ``gdb`` over MI and says nothing when it dies): the session watches
    #: it and ends, saying so, when it dies (``engine/backend.py``). None: no such process.
    backend_name: str | None = None
    #: A debugger command (``{thread}``) whose result lists a thread's frames, read by
    #: :meth:`called_frame`; with :attr:`call_return_command`, how dapcli abandons a function
    #: call an evaluated expression made that stopped in the function (``engine/calls.py``).
    call_frames_command: str | None = None
    #: A debugger command (``{thread}``, ``{frame}``: a level) that pops the frames up to that
    #: level and the debugger's own call frame below it (gdb: MI ``-exec-return``).
    call_return_command: str | None = None

    def call_stop(self) -> tuple[str, int | None] | None:
        """What stopped a function that an ``evaluate``'s expression called, as the debugger
        said it during that request (cdt-gdb-adapter sends no ``stopped`` event then): (its
        words, the adapter's breakpoint id when a breakpoint stopped it); read once. None (the
        default): nothing stopped it."""
        return None

    def called_frame(self, result: object) -> tuple[int, str] | None:
        """(level, function) of the frame to return from (the function the debugger called) in
        the result of :attr:`call_frames_command`, or None when the thread is in no such call."""
        return None
