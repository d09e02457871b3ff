"""gdb (C, C++): gdb's own DAP interpreter (``gdb -i dap``, gdb ≥ 14 built with Python), else
the npm package cdt-gdb-adapter run by node, which drives gdb over MI. Both on stdio.

cdt-gdb-adapter quirks handled here (see shared/adapter-facts.md): it starts the program
through ``/bin/sh``, so every argument is quoted for that shell; it sends no ``exited`` event
(the exit code is only in gdb's ``[Inferior 1 (process N) exited with code NN]`` line, in
octal); it reports gdb's own chatter (thread-debugging notes, ``Breakpoint 2, main (…) at
f.c:19`` and the echoed source line) as ``stdout``: :meth:`output_category` relabels it as
``console`` so that ``output --category stdout`` is the program's own output; its
``evaluate`` in context ``repl`` runs a gdb command only behind a ``>`` prefix, and prints the
result as output events; it stays alive until its stdin closes. It would run the program on
gdb's own stdout and stdin (the MI pipes): dapcli gives it a pty instead (``set inferior-tty``,
:meth:`GdbAdapter.use_tty`), and ``--stdin`` as that shell's ``< FILE``. Its signal stop is
reason ``SIGSEGV`` with no description and its breakpoint stops carry no ``hitBreakpointIds``:
both are read from gdb's ``Program received signal …`` / ``Breakpoint N, …`` lines. Its ``disconnect``
only exits gdb, leaving a gdbserver's program running: ``kill`` goes first. Rust: see ``rust.py``."""

from __future__ import annotations

import os
import re
import shlex
import signal

from dapcli.adapters.native.common import (
    GDB_RESUMING,
    NativeAdapter,
    find_in_node_modules,
    find_program,
    searched_text,
    tool_output,
)
from dapcli.adapters.native.gdbcalls import CALL_FRAMES, CALL_RETURN, UNWIND_COMMANDS, called_frame
from dapcli.adapters.native.gdbhints import gdb_version, install_hint, missing_text, older_gdb_hint
from dapcli.adapters.native.gdbhints import read_text as _read
from dapcli.adapters.native.rust import gdb_printer_commands
from dapcli.errors import AdapterError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["CDT_SCRIPT", "GdbAdapter", "gdb_version", "install_hint"]

CDT_SCRIPT = os.path.join("cdt-gdb-adapter", "dist", "debugAdapter.js")
#: cdt-gdb-adapter's adapter for remote targets (gdbserver): ``target remote HOST:PORT``.
CDT_TARGET_SCRIPT = os.path.join("cdt-gdb-adapter", "dist", "debugTargetAdapter.js")
#: The first gdb with the DAP interpreter.
NATIVE_DAP = (14, 0)

_INFERIOR_EXIT = re.compile(r"\[Inferior \d+ \(process \d+\) exited (?:with code (\d+)|normally)\]")
_GDB_CHATTER = re.compile(
    r"^(?:\[Thread debugging using libthread_db enabled\]|Using host libthread_db library .*"
    r"|\[New Thread .*\]|\[Thread .* exited\]|\[Switching to .*\]|\[Detaching after (?:v?fork|exec) .*\]"
    r"|\[Inferior \d+ \(process \d+\) (?:exited .*|killed)\]"
    r"|(?:Thread \d+ (?:\"[^\"\n]*\" )?hit )?(?:Temporary b|B)reakpoint \d+, .* at .*:\d+"
    r"|Run till exit from .*|Continuing\.|Starting program: .*"
    r"|The host character set is .*"
    r"|Reading .* from remote target\.\.\.|Remote debugging using .*"  # a gdbserver target's files
    r"|Reading symbols from .*\.\.\.|\(No debugging symbols found in .*\)"
    r"|0x[0-9a-f]+ in \S+ \(.*\) from target:.*"  # where a gdbserver's program stands at connect
    r"|(?:Temporary b|B)reakpoint \d+ at 0x[0-9a-f]+: (?:file .*, line \d+\.|.*)"
    r"|\n?Program(?: received signal .*| terminated with signal .*)?)\n?$"
)
_TERMINATED = re.compile(r"Program terminated with signal (SIG[A-Z0-9]+)\b")
_SIGNAL_RECEIVED = re.compile(r"Program received signal (SIG\w+), ([^\n]+?)\.?\n")
#: ``Breakpoint 2, main () at f.c:9``; in a program with threads ``Thread 2 "t" hit Breakpoint 2, …``.
_BREAKPOINT_HIT = re.compile(r"(?:^|\n)(?:Thread \d+ (?:\"[^\"\n]*\" )?hit )?(?:Temporary b|B)reakpoint (\d+), ")
#: gdb's report of a watchpoint stop (cdt-gdb-adapter then says reason ``generic``):
#: ``Hardware watchpoint 2: total\n\nOld value = 0\nNew value = 1\n`` (a read one: ``Value = 1``).
_WATCH_HIT = re.compile(r"(?:Hardware (?:read |access \(read/write\) )?)?[Ww]atchpoint (\d+): ([^\n]+)\n\n?"
                        r"(?:Old value = ([^\n]*)\n)?(?:New value = ([^\n]*)\n|Value = ([^\n]*)\n)?")
_SOURCE_ECHO = re.compile(r"^\d+\t.*\n?$")
#: The rest of a stop report that gdb wrote in pieces: `` received signal SIGINT, Interrupt.`` after
#: ``\nProgram``, then the frame (``f (a=1) at x.c:71``, ``0x… in f () from /lib/…``).
_STOP_REST = re.compile(r"^ (?:received|terminated with) signal .*\n?$")
_FRAME_LINE = re.compile(r"^(?:0x[0-9a-f]+ in )?[\w.$@:<>~]+ \(.*\)(?: at .*:\d+| from .*)\n?$")


#: gdb's ``$dapcli_log(message)``: ``message`` with each ``{expression}`` (as
#: ``engine/hitcount.py`` reads them) replaced by its value, or ``<error>`` when it fails.
GDB_LOG_FUNCTION = """import gdb, re
class _DapcliLog(gdb.Function):
    def __init__(self):
        super().__init__("dapcli_log")
    def invoke(self, message):
        def value(found):
            try:
                return str(gdb.parse_and_eval(found.group(1).strip()))
            except gdb.error as exc:
                return "<" + (str(exc).strip().splitlines() or ["cannot evaluate"])[0] + ">"
        return re.sub(r"\\{([^{}]+)\\}", value, message.string())
_DapcliLog()
"""


#: cdt-gdb-adapter requests that create or update gdb variable objects.
_VARIABLE_OBJECT_REQUESTS = frozenset({"variables", "evaluate", "setVariable", "setExpression"})


class GdbAdapter(NativeAdapter):
    name = "gdb"
    aliases = ("gdb-dap", "cdt", "cdt-gdb-adapter")
    adapter_id = "gdb"
    description = "C, C++ (gdb; cdt-gdb-adapter for gdb < 14)"
    early_start = "dapcli.adapters.native.early"
    failed_evaluate_result = "Error: could not evaluate expression"
    diagnose_command = "whatis {expression}"
    resuming_commands = GDB_RESUMING
    return_value_command = "show values"  # cdt drops MI's return-value of a finish; gdb keeps it in its history
    return_value_pattern = r"^(?P<name>\$\d+) = (?P<value>.*)"
    return_value_history = True
    thread_tids_command = "-thread-info"  # MI: each thread's target-id "Thread 0x… (LWP N)"
    value_print_command = "-data-evaluate-expression --thread {thread} --frame {frame} {expression}"  # gdb's print
    total_frames_cap = 100  # cdt-gdb-adapter counts gdb's stack depth to 100 (gdb's own DAP gives no total)
    call_frames_command, call_return_command = CALL_FRAMES, CALL_RETURN  # see gdbcalls.py
    called_frame = staticmethod(called_frame)
    refused_condition_stays = True  # cdt inserts, then fails -break-condition: gdb keeps it unconditional

    def __init__(self) -> None:
        super().__init__()
        self.install_hint = install_hint()
        self._after_stop_line = False
        self._tty = False
        self._signal_text: str | None = None
        self._recent = ""
        self._hit_id: int | None = None
        self._end_text = ""

    # -- which gdb, which mode -------------------------------------------------------------------
    def gdb(self) -> str | None:
        """The gdb binary: ``$DAPCLI_GDB`` or ``gdb`` on PATH."""
        return find_program("DAPCLI_GDB", ("gdb",))

    def native(self) -> bool:
        """True when gdb itself speaks DAP (≥ 14 and built with Python)."""
        gdb = self.gdb()
        if gdb is None or (gdb_version(gdb) or (0, 0)) < NATIVE_DAP:
            return False
        return "--with-python" in tool_output(gdb, "--configuration")

    def node(self) -> str | None:
        return find_program("DAPCLI_NODE", ("node", "nodejs"))

    def cdt_script(self) -> str | None:
        return find_in_node_modules(CDT_SCRIPT, cwd=self.search_cwd, roots=self.search_roots)

    def find(self) -> str | None:
        if self.gdb() is None:
            return None
        if self.native():
            return self.gdb()
        return self.cdt_script() if self.node() else None

    def missing_hint(self) -> str:
        """What is missing here: gdb, or (a gdb < 14) cdt-gdb-adapter or node (:func:`missing_text`)."""
        gdb = self.gdb()
        return self.install_hint if gdb is None else missing_text(gdb, self.cdt_script() is not None)

    def version(self) -> str | None:
        gdb = self.gdb()
        if gdb is None:
            return None
        numbers = gdb_version(gdb)
        text = f"gdb {numbers[0]}.{numbers[1]}" if numbers else "gdb"
        if self.native():
            return text + " (DAP interpreter)"
        script = self.cdt_script()
        package = os.path.join(os.path.dirname(os.path.dirname(script)), "package.json") if script else ""
        match = re.search(r'"version"\s*:\s*"([^"]+)"', _read(package)) if package else None
        return text + (f" via cdt-gdb-adapter {match.group(1)}" if match else " via cdt-gdb-adapter")

    # -- console and output ----------------------------------------------------------------------
    @property
    def backend_name(self) -> str | None:  # type: ignore[override]
        """cdt-gdb-adapter's gdb (``$DAPCLI_GDB``'s name, as the kernel keeps it: 15 characters): it
        says nothing when gdb dies. None with gdb's own DAP (gdb is the adapter)."""
        return None if self.native() else os.path.basename(self.gdb() or "gdb")[:15]

    def call_stop(self) -> tuple[str, int | None] | None:
        """gdb's ``Program received signal …`` or ``Breakpoint N, …`` during an ``evaluate``."""
        said, hit = self._signal_text, self._hit_id
        self._signal_text, self._hit_id, self._recent = None, None, ""
        return (said, None) if said else ("a breakpoint", hit) if hit is not None else None

    @property
    def console_prefix(self) -> str:  # type: ignore[override]
        return "" if self.native() else ">"

    @property
    def function_condition_request(self) -> tuple[str, str] | None:  # type: ignore[override]
        """cdt-gdb-adapter inserts a function breakpoint without its condition: gdb's MI sets it."""
        return None if self.native() else ("cdt-gdb-tests/executeCommand", "-break-condition {id} {condition}")

    @property
    def locals_commands(self) -> tuple[str, ...]:  # type: ignore[override]
        return () if self.native() else ("info args", "info locals")

    @property
    def block_locals_command(self) -> str | None:  # type: ignore[override]
        return None if self.native() else "info locals"

    @property
    def serial_requests(self) -> frozenset[str]:  # type: ignore[override]
        """cdt-gdb-adapter's handlers of these read gdb's table of variable objects, await gdb,
        then add to it: two overlapping ``variables`` of a new frame create each local twice."""
        return frozenset() if self.native() else _VARIABLE_OBJECT_REQUESTS

    def output_category(self, category: str, text: str) -> str:
        """cdt-gdb-adapter reports gdb's chatter as ``stdout``: relabel it ``console`` (all of
        it when the program has a terminal of its own, see :meth:`use_tty`)."""
        after_stop, self._after_stop_line = self._after_stop_line, False
        self._recent = (self._recent + text)[-300:]  # gdb's line may come in pieces
        received = _SIGNAL_RECEIVED.search(self._recent)
        if received:
            self._signal_text, self._recent = f"signal {received.group(1)}: {received.group(2)}", ""
        hit = _BREAKPOINT_HIT.search(self._recent)
        if hit:
            self._hit_id, self._recent = int(hit.group(1)), ""
        if category != "stdout":
            return category
        if self._tty:
            return "console"  # the program writes to its own terminal: this is gdb talking
        if text == "\n":
            return "console"  # the blank line cdt-gdb-adapter sends before each of gdb's stop reports
        if _GDB_CHATTER.match(text) or (after_stop and _STOP_REST.match(text)):
            self._after_stop_line = "reakpoint " in text or "Program" in text or "signal" in text
            return "console"
        if after_stop and _FRAME_LINE.match(text):
            self._after_stop_line = True  # the source line may follow
            return "console"
        if after_stop and _SOURCE_ECHO.match(text):
            return "console"  # the source line gdb echoes after "Breakpoint N, …"
        return category

    def wants_tty(self, options: LaunchOptions) -> bool:
        """cdt's gdb runs the program on gdb's own stdout (a pipe MI shares): a terminal of its own gives
        lines as printed (not lost at a crash), apart from gdb's chatter (gdb ≥ 14 answers runInTerminal)."""
        return not self.native()

    def use_tty(self, arguments: dict[str, Any], tty: str) -> None:
        """gdb's ``set inferior-tty``, first of the ``initCommands``; then everything cdt
        reports as ``stdout`` is gdb's (see :meth:`output_category`)."""
        arguments["initCommands"] = [f"set inferior-tty {tty}", *arguments.get("initCommands", [])]
        self._tty = True

    def terminate_command(self, options: AttachOptions | None) -> str | None:
        """cdt-gdb-adapter's ``disconnect`` only exits gdb, which leaves a gdbserver's program
        running: gdb's ``kill`` ends it first (and with it a plain gdbserver)."""
        if options is None or options.target is None or self.native():
            return None
        return "> kill"

    def detach_note(self, options: AttachOptions | None) -> str | None:
        """cdt-gdb-adapter's ``disconnect`` exits gdb without ``detach``: gdbserver kept the program
        stopped (``t (tracing stop)``) in some runs and ended it in others (measured): the note
        claims neither."""
        if options is None or options.target is None or self.native():
            return None
        return (f"gdb disconnected from the debug server at {options.target} without detaching: gdbserver "
                "then ends the program or keeps it stopped (it depends on how gdb went, and on gdbserver's "
                "--once/--multi); it does not run on. A gdbserver still listening takes "
                f"`dapcli attach --adapter gdb --target {options.target}`.")

    def stop_description(self, reason: str) -> str | None:
        """cdt-gdb-adapter's signal stop is reason ``SIGSEGV`` with no description: gdb's
        ``Program received signal SIGSEGV, Segmentation fault.`` just before it gives
        ``signal SIGSEGV: Segmentation fault`` (lldb-dap's wording)."""
        said, self._signal_text = self._signal_text, None
        if reason == "generic" and not self.native():
            return self._watch_description()
        if not reason.startswith("SIG"):
            return None
        return said if said and said.split()[1] == reason + ":" else f"signal {reason}"

    def _watch_description(self) -> str | None:
        """``watchpoint: total (old value 0, new value 1)`` from gdb's report just before a
        ``generic`` stop (read as a watchpoint stop, as lldb-dap's ``watchpoint N``)."""
        reports = list(_WATCH_HIT.finditer(self._recent))
        found = reports[-1] if reports else None
        if found is None:
            return None
        self._recent = ""
        number, expression, old, new, value = found.groups()
        values = [f"old value {old}" if old is not None else "", f"new value {new}" if new is not None else "",
                  f"value {value}" if value is not None else ""]
        shown = ", ".join(v for v in values if v)
        del number  # gdb's own number, not dapcli's watchpoint id
        return f"watchpoint: {expression}" + (f" ({shown})" if shown else "")

    def formats_log_messages(self) -> bool:
        """cdt-gdb-adapter prints a log point's message as written (``i={i}``); gdb's own DAP
        interpreter replaces ``{expression}``."""
        return self.native()

    @property
    def log_point_request(self) -> str | None:  # type: ignore[override]
        return None if self.native() else "cdt-gdb-tests/executeCommand"

    def log_point_command(self, path: str, line: int, message: str, condition: str | None) -> str | None:
        """gdb's MI ``-dprintf-insert`` printing ``$dapcli_log("MESSAGE")``: a gdb function in
        Python (:data:`GDB_LOG_FUNCTION`, defined by :meth:`log_point_setup`) that fills in each
        ``{expression}`` as ``print`` shows it, or ``<gdb's error>`` (a failing expression in a
        dprintf's own arguments would stop the program). Run by cdt-gdb-adapter's
        ``cdt-gdb-tests/executeCommand``; None with gdb's own DAP interpreter (it fills them in),
        and for texts with ``"``, a backslash or a line break (dapcli fills those in)."""
        if self.native() or any(c in text for text in (message, condition or "", path) for c in '"\\\n\r'):
            return None
        words = [f'-f "{path}:{line}"']
        if condition:
            words.insert(0, f'-c "{condition}"')
        words += ['"%s\\n"', f'"$dapcli_log(\\"{message}\\")"']
        return "-dprintf-insert " + " ".join(words)

    def log_point_setup(self) -> list[str]:
        """The MI command that defines ``$dapcli_log`` in gdb's Python (see :meth:`log_point_command`)."""
        code = GDB_LOG_FUNCTION.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        escaped = f'python exec("{code}")'.replace("\\", "\\\\").replace('"', '\\"')
        return [f'-interpreter-exec console "{escaped}"']

    def hit_condition(self, condition: str) -> str | None:
        """cdt-gdb-adapter means ``N`` (gdb's ignore count N-1 on a temporary breakpoint: the
        Nth hit, then gdb deletes it) and ``>N`` (ignore count N), and drops any other text with
        its breakpoint: ``==N`` is sent as ``N`` (then :meth:`hit_spent`), ``>N`` as is, ``>=N``
        as ``>N-1``; dapcli counts the rest, and everything with gdb's own DAP interpreter."""
        from dapcli.adapters.hits import parse_hit

        parsed = None if self.native() else parse_hit(condition)
        if parsed is not None and parsed[0] == "==":
            return str(parsed[1])
        if parsed is not None and parsed[0] in (">=", ">"):
            return f">{parsed[1] - (1 if parsed[0] == '>=' else 0)}"
        return None

    def hit_counter(self, condition: str, name: str) -> str | None:
        """A hit condition on gdb's convenience variable ``$name``, counting the hits where the user's
        condition holds (1 at the first: a new one is void): gdb decides without a stop (~0.4 ms a hit).
        For ``%N``, ``<N``, ``<=N`` (cdt has no hitCondition for them) and a ``dprintf``'s any."""
        from dapcli.adapters.hits import parse_hit

        parsed = None if self.native() else parse_hit(condition)
        if parsed is None or (parsed[0] == "%" and parsed[1] == 0):
            return None
        operator, number = parsed
        count = f"($_isvoid(${name}) ? (${name} = 1) : ++${name})"
        return f"{count} % {number} == 0" if operator == "%" else f"{count} {operator} {number}"

    def hit_spent(self, condition: str) -> str | None:
        """After the stop of ``==N`` (gdb deleted its temporary breakpoint), the breakpoint is
        sent again with an ignore count no run reaches (gdb's is a 32-bit int)."""
        from dapcli.adapters.hits import parse_hit

        parsed = None if self.native() else parse_hit(condition)
        return f">{2**31 - 2}" if parsed is not None and parsed[0] == "==" else None

    def stop_hit_ids(self, reason: str) -> list[int]:
        """cdt-gdb-adapter sends no ``hitBreakpointIds``; its breakpoint ids are gdb's numbers,
        which gdb's ``Breakpoint 2, main () at f.c:9`` before the stop names."""
        hit, self._hit_id = self._hit_id, None
        return [hit] if hit is not None and reason in ("breakpoint", "function breakpoint") else []

    def exit_code_from_output(self, text: str) -> int | None:
        """The exit code in gdb's ``[Inferior 1 (process N) exited with code 03]`` (octal), or
        ``-N`` for ``Program terminated with signal SIGSEGV, …`` (sent in pieces; cdt-gdb-adapter
        then sends a ``stopped`` event with reason ``generic`` and no thread, and no ``exited``)."""
        match = _INFERIOR_EXIT.search(text)
        if match is not None:
            return int(match.group(1), 8) if match.group(1) else 0
        self._end_text = (self._end_text + text)[-200:]
        killed = _TERMINATED.search(self._end_text)
        if killed is None:
            return None
        self._end_text = ""
        number = getattr(signal, killed.group(1), None)
        return -int(number) if number is not None else None

    # -- start -----------------------------------------------------------------------------------
    async def start_attach(self, options: AttachOptions) -> tuple[Transport, int | None]:
        """A gdbserver ``target``: cdt-gdb-adapter's remote-target adapter (gdb's own DAP
        interpreter takes ``target`` in ``attach``); otherwise the usual adapter."""
        if options.target is None or self.native():
            return await self.start()
        script = find_in_node_modules(CDT_TARGET_SCRIPT, cwd=self.search_cwd, roots=self.search_roots)
        node = self.node()
        if self.gdb() is None or script is None or node is None:
            raise AdapterError("debugging a gdbserver needs gdb, node and the npm package cdt-gdb-adapter",
                               self.install_hint)
        from dapcli.protocol.transport import StdioTransport
        transport = await StdioTransport.spawn([node, script])
        return transport, transport.pid

    def adapter_argv(self) -> list[str]:
        """The adapter's command: gdb's own DAP interpreter, else node + cdt-gdb-adapter.

        Raises:
            AdapterError: gdb is missing, or has no DAP and cdt-gdb-adapter (or node) is missing.
        """
        gdb = self.gdb()
        if gdb is None:
            raise AdapterError("gdb is not installed", f"install it: {self.install_hint}")
        if self.native():
            return [gdb, "-i", "dap", "-q"]
        script, node = self.cdt_script(), self.node()
        if script is None or node is None:
            missing = "node" if script else "the npm package cdt-gdb-adapter"
            searched = "" if script else f" ({searched_text(self.search_cwd, self.search_roots)})"
            raise AdapterError(f"gdb {'.'.join(map(str, gdb_version(gdb) or ()))} has no DAP interpreter (gdb ≥ 14 "
                               f"has) and {missing} is not installed{searched}", older_gdb_hint(bool(script)))
        return [node, script]

    async def start(self) -> tuple[Transport, int]:
        from dapcli.adapters.early import process as early_process
        from dapcli.protocol.transport import StdioTransport

        argv = self.adapter_argv()
        early = early_process.take(argv)  # started while the session host was importing (same env and cwd)
        transport = await (StdioTransport.adopt(early) if early else StdioTransport.spawn(argv))
        return transport, transport.pid

    def _common(self) -> dict[str, Any]:
        cdt = {} if self.native() else {"gdb": self.gdb(), "gdbArguments": ["-q"]}
        return {"type": "gdb", "name": "dapcli", **cdt}

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        arguments: dict[str, Any] = {**self._common(), "request": "launch", "program": options.program,
                                     "cwd": options.cwd}
        if self.native():
            arguments.update(args=list(options.args), env={**os.environ, **options.env},
                             stopAtBeginningOfMainSubprogram=options.stop_on_entry)
        else:
            # cdt starts the program through /bin/sh: quote every argument for it
            arguments["arguments"] = " ".join(shlex.quote(a) for a in options.args)
            if options.stdin:  # that shell's redirection beats the terminal of set inferior-tty
                arguments["arguments"] += f" < {shlex.quote(options.stdin)}"
            if options.env:
                arguments["environment"] = dict(options.env)
            if options.stop_on_entry:
                arguments["initCommands"] = ["tbreak main"]
        if not self.native() and (rust := gdb_printer_commands(options.program)):  # the Rust toolchain's printers
            arguments["initCommands"] = [*rust, *arguments.get("initCommands", [])]
        if not self.native():  # a call that faults leaves the program as it was (gdbcalls.py)
            arguments["initCommands"] = [*UNWIND_COMMANDS, *arguments.get("initCommands", [])]
        arguments.update(options.extra)
        return arguments

    def frame_path(self, path: str) -> str:
        """gdb joins a relative compilation directory to a file name that already starts with it
        (glibc: ``./stdio-common`` + ``./stdio-common/printf.c`` =
        ``./stdio-common/./stdio-common/printf.c``): the directory once (``stdio-common/printf.c``)."""
        found = _DOUBLED_DIR.match(path)
        return f"{found.group(1)}/{found.group(2)}" if found else path

    @property
    def maps_client_paths(self) -> bool:
        """With ``set substitute-path``, gdb knows a source only by its local path."""
        return not self.native()

    def map_paths(self, arguments: dict[str, Any], mappings: list[tuple[str, str]]) -> None:
        """gdb's ``set substitute-path REMOTE LOCAL``, as cdt-gdb-adapter ``initCommands`` (gdb's
        own DAP interpreter has no such option: dapcli's translation does it all)."""
        if not mappings or self.native():
            return
        commands = [f"set substitute-path {_gdb_quote(remote)} {_gdb_quote(local)}" for remote, local in mappings]
        arguments["initCommands"] = [*commands, *arguments.get("initCommands", [])]

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        self.check_attach(options)
        arguments: dict[str, Any] = {**self._common(), "request": "attach"}
        if options.program is not None:
            arguments["program"] = options.program
        if options.target is not None:
            if self.native():
                arguments["target"] = options.target
            else:
                arguments["target"] = {"type": "remote", "parameters": [options.target]}
        if options.process_id is not None:
            if self.native():
                arguments["pid"] = options.process_id
            else:
                arguments["processId"] = str(options.process_id)
        if not self.native():
            arguments["initCommands"] = [*UNWIND_COMMANDS, *arguments.get("initCommands", [])]
        arguments.update(options.extra)
        return arguments


#: A relative path whose leading directories come twice around gdb's ``./`` (``./a/b/./a/b/f.c``).
_DOUBLED_DIR = re.compile(r"^(?:\./)?([^/].*?)/\./\1/(.+)$")


def _gdb_quote(path: str) -> str:
    """``path`` as one argument of a gdb command (quoted when it has spaces or quotes)."""
    plain = path and not any(c in path for c in " \t\"'\\")
    return path if plain else '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'

