"""Ruby (rdbg, the ``debug`` gem that Ruby ≥ 3.1 ships): ``rdbg --open --sock-path=SOCKET --
PROGRAM ARGS`` runs the program with the debugger inside it, serving DAP on a unix socket in a
private folder of ours (never a TCP port: any local user could connect to it first).

What rdbg 1.4 (Debian bookworm's ``ruby3.1``) does differently (measured here):

* the DAP server lives in the program's own process: its stdout/stderr are the program's
  (relayed as program output, rdbg's ``DEBUGGER: …`` lines filed as ``console``), no
  ``exited``/``terminated`` event comes: the connection closes when the program ends, and the
  process's exit status is the program's (:attr:`~AdapterSpec.ends_with_connection`);
* a client that connects before the program waits for it gets console text (``input PID``)
  before the DAP answer: dapcli connects once rdbg printed ``wait for debugger connection``;
* its first stop (at the program's first line) is passed by the ``continue`` it runs at
  ``configurationDone``, and it ignores ``stopOnEntry``: rdbg is told to wait while it loads
  (``RUBY_DEBUG_STOP_AT_LOAD``), before that line, and ``--stop-on-entry`` is a breakpoint of
  dapcli's on the program's first line of code (:meth:`RubyAdapter.entry_line`);
* any request it does not implement (``setVariable``, ``exceptionInfo``, ``restart`` …)
  ends the connection: only what its ``initialize`` answer offers is sent;
* ``setBreakpoints`` only adds: a line left out keeps its breakpoint, a changed condition keeps
  the old one. dapcli deletes the source's breakpoints in rdbg first (one ``evaluate`` while
  stopped: :meth:`RubyAdapter.forget_breakpoints`); the answer has no ``id``s;
* ``setFunctionBreakpoints`` is answered and ignored: dapcli sets a line breakpoint on the
  method's first line instead (:meth:`RubyAdapter.resolve_function`);
* conditions are its own; no ``hitCondition``, no ``logMessage``: both are folded into the
  condition, which rdbg evaluates in the program at each hit without a stop (a global counter;
  the message written by the program itself);
* an uncaught exception stops where it was raised (rdbg's postmortem mode, reason ``step``),
  with the exception in the local ``_raised``; the ``RuntimeError`` filter (on by default)
  stops at every ``raise`` of a RuntimeError, ``any`` at every raise;
* evaluate runs Ruby statements (``x = 5`` assigns the local): ``set`` goes through it.
"""

from __future__ import annotations

import functools
import os
import re
import shutil

from dapcli.adapters.base import AdapterSpec
from dapcli.errors import AdapterError, UsageError
from dapcli.files import read_regular_text, split_lines

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["RubyAdapter", "ruby_string"]

#: What rdbg prints on stderr once the program waits for its debugger (then it is safe to connect).
READY = "wait for debugger connection"
#: rdbg's own lines on the program's stderr.
_RDBG_LINE = re.compile(r"^DEBUGGER: ")
#: The Ruby file rdbg loads before the program (``-x``): unbuffered stdout/stderr, so that the
#: program's output is there at each stop (a pipe is block-buffered otherwise).
INIT_SCRIPT = os.path.join(os.path.dirname(__file__), "ruby_init.rb")
_HIT = re.compile(r"^\s*(>=|<=|==|>|<|%)?\s*(\d+)\s*$")
_EXPRESSION = re.compile(r"\{([^{}]+)\}")
#: rdbg's description of a line breakpoint's stop.
_RDBG_BREAKPOINT = re.compile(r"^\s*BP - Line\s")
#: The class of an exception (rdbg's answer to an expression that raised).
_RAISED_TYPE = re.compile(r"(?:Error|Exception|Interrupt)$")


def ruby_string(text: str) -> str:
    """``text`` as a Ruby double-quoted literal without interpolation (``"a\\"b\\#{x}"``)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("#", "\\#")
    escaped = escaped.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    return f'"{escaped}"'


class RubyAdapter(AdapterSpec):
    name = "ruby"
    aliases = ("rdbg", "rb")
    adapter_id = "rdbg"
    description = "Ruby (rdbg, the debug gem)"
    extensions = (".rb",)
    install_hint = ("apt-get install ruby (Ruby ≥ 3.1 ships the debug gem and its rdbg), or gem install debug; "
                    "or set DAPCLI_RDBG to rdbg's path")
    #: The program is the adapter's process: its end closes the connection (no exited event).
    ends_with_connection = True
    #: ``dapcli attach PATH``: the socket of ``rdbg --open --sock-path=PATH``.
    attach_socket = True
    #: Any request rdbg does not implement closes its connection.
    only_spec_requests = True
    #: evaluate runs Ruby statements in the frame (``x = 5`` assigns the local).
    repl_runs_statements = True
    #: rdbg has no ``setVariable``: ``set`` assigns through ``evaluate``.
    emulated_capabilities = frozenset({"supportsSetVariable"})
    #: The exception of a stop (postmortem or a catch filter) is the top frame's ``_raised``.
    exception_local = "_raised"
    #: After ``finish``, rdbg shows the returned value as the local ``_return``.
    return_value_local = "_return"

    def __init__(self) -> None:
        super().__init__()
        self.command: list[str] | None = None
        self._options: LaunchOptions | None = None

    def use_command(self, argv: list[str]) -> None:
        """Start rdbg with ``argv`` (from a configuration file) instead of ``rdbg --open …``."""
        self.command = list(argv)

    def find(self) -> str | None:
        explicit = os.environ.get("DAPCLI_RDBG")
        if self.command:
            explicit = self.command[0]
        if explicit:
            return shutil.which(explicit) or (explicit if os.access(explicit, os.X_OK) else None)
        found = shutil.which("rdbg")
        if found:
            return found
        # Debian names it after the Ruby version (ruby3.1: /usr/bin/rdbg3.1)
        for folder in os.environ.get("PATH", "").split(os.pathsep):
            try:
                names = sorted((n for n in os.listdir(folder) if re.fullmatch(r"rdbg\d+(\.\d+)*", n)), reverse=True)
            except OSError:
                continue
            for name in names:
                if os.access(os.path.join(folder, name), os.X_OK):
                    return os.path.join(folder, name)
        return None

    def version(self) -> str | None:
        path = self.find()
        return _rdbg_version(path) if path else None

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        """Check that rdbg is here and the program is a file.

        Raises:
            AdapterError: rdbg is not installed.
            UsageError: the program is not a file.
        """
        if self.find() is None:
            raise AdapterError("rdbg (Ruby's debug gem) is not installed", f"install it: {self.install_hint}")
        if not os.path.isfile(options.program):
            raise UsageError(f"{options.program} is not a Ruby file", "give a .rb file: dapcli launch app.rb")
        self.runtime = shutil.which("ruby")
        return []

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        """rdbg reads nothing of ``launch`` but answers it: the program and its arguments are on
        rdbg's command line (:meth:`start`)."""
        self._options = options
        arguments: dict[str, Any] = {"type": "rdbg", "request": "launch", "name": "dapcli",
                                     "script": options.program, "args": options.args, "cwd": options.cwd}
        arguments.update(options.extra)
        return arguments

    async def start(self) -> tuple[Transport, int]:
        rdbg = self.find()
        if rdbg is None:
            raise AdapterError("rdbg (Ruby's debug gem) is not installed", f"install it: {self.install_hint}")
        options = self._options
        if options is None:
            raise AdapterError("rdbg starts with the program: attach to one with `dapcli attach --socket PATH`")
        ruby_options = [str(o) for o in options.extra.get("rubyOptions") or []]
        init = ["-x", INIT_SCRIPT] if os.path.isfile(INIT_SCRIPT) else []
        argv = self.command or [rdbg, "--open", "--sock-path={socket}", *init, "--",
                                *ruby_options, options.program, *options.args]
        from dapcli.adapters.process import AdapterServer

        # STOP_AT_LOAD: rdbg waits for dapcli while it loads, before the program's first line (its
        # usual first stop is that line, which the `continue` of configurationDone passes: a
        # breakpoint there, or the entry, would never stop)
        env = {**os.environ, **options.env, "RUBY_DEBUG_POSTMORTEM": "true", "RUBY_DEBUG_NO_COLOR": "true",
               "RUBY_DEBUG_STOP_AT_LOAD": "true"}
        for name in ("RUBY_DEBUG_NONSTOP", "RUBY_DEBUG_PORT", "RUBY_DEBUG_HOST", "RUBY_DEBUG_SOCK_PATH",
                     "RUBY_DEBUG_OPEN_FRONTEND"):
            env.pop(name, None)  # another transport or start than dapcli's own
        server = await AdapterServer.spawn(argv, cwd=options.cwd, env=env, relay=self._relay,
                                           exits_on_disconnect=True, stdin=options.stdin, ready=READY)
        transport = await server.connect()
        return transport, server.pid

    async def start_attach(self, options: AttachOptions) -> tuple[Transport, int | None]:
        """Connect to the unix socket of a program started with ``rdbg --open --sock-path=PATH``
        (no process of ours: the pid is None).

        Raises:
            UsageError: no socket was given.
            AdapterError: nothing accepts connections there.
        """
        if not options.socket:
            raise UsageError("rdbg attaches to the unix socket of a program started with rdbg --open",
                             "start it with `rdbg --open --sock-path=PATH -- app.rb`, then "
                             "`dapcli attach --adapter ruby PATH`")
        from dapcli.adapters.process import ServerTransport

        return await ServerTransport.connect_unix(options.socket, timeout=10.0), None

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        arguments: dict[str, Any] = {"type": "rdbg", "request": "attach", "name": "dapcli"}
        arguments.update(options.extra)
        return arguments

    def _relay(self, category: str, text: str) -> None:
        """The program's output arrives on its own stdout/stderr (the adapter's): program output,
        except rdbg's ``DEBUGGER: …`` lines on stderr (``console``)."""
        self.relay_sharing_stderr(category, text, "DEBUGGER: ", _RDBG_LINE)

    # -- breakpoints: what rdbg 1.4 lacks, folded into the condition it evaluates itself -------
    def hit_condition(self, condition: str) -> str | None:
        """rdbg has no ``hitCondition``: counted in the condition (:meth:`hit_counter`)."""
        return None

    def hit_counter(self, condition: str, name: str) -> str | None:
        """The hit count in the global ``$name`` (a new name each run), compared in Ruby: rdbg
        decides at each hit without a stop."""
        found = _HIT.match(condition)
        if found is None:
            return None
        operator, number = found.group(1) or "==", int(found.group(2))
        count = f"(${name} = (${name} || 0) + 1)"
        if operator == "%":
            return f"{count} % {number} == 0" if number > 0 else "false"
        return f"{count} {operator} {number}"

    def counted_condition(self, condition: str, counter: str) -> str:
        """The counter runs only where the user's condition holds."""
        return f"(({condition})) && ({counter})"

    def log_condition(self, message: str, condition: str | None) -> str | None:
        """A condition that writes ``message`` (each ``{expression}`` as Ruby's ``#{}`` shows
        it; a failing one as ``<its error>``) on the program's stdout and never holds: a log
        point without a stop. ``condition``: the one that must hold for it to write."""
        parts, last = [], 0
        for found in _EXPRESSION.finditer(message):
            parts.append(ruby_string(message[last:found.start()]))
            expression = found.group(1).strip()
            parts.append(f"(begin; ({expression}).to_s; rescue ::Exception => e; \"<#{{e.message}}>\"; end)")
            last = found.end()
        parts.append(ruby_string(message[last:] + "\n"))
        write = f"(::STDOUT.write({' + '.join(parts)}); ::STDOUT.flush; false)"
        return f"(({condition})) && {write}" if condition else write

    def forget_breakpoints(self, path: str) -> str | None:
        """A Ruby expression that deletes rdbg's line breakpoints of ``path`` (its
        ``setBreakpoints`` only adds), evaluated in a stopped frame before the source's set is
        sent again."""
        return ("::DEBUGGER__::SESSION.instance_variable_get(:@bps).delete_if { |k, bp| "
                f"k.is_a?(::Array) && k.size == 2 && k[0] == {ruby_string(path)} && (bp.delete; true) }}; nil")

    def resolve_function(self, name: str, roots: list[str]) -> tuple[str, int] | str | None:
        """``Cart#total``, ``Cart.build``, ``total``: the first line of that method's body in
        the program's ``.rb`` files (rdbg 1.4 ignores ``setFunctionBreakpoints``)."""
        from dapcli.adapters.rubymethods import find_method

        return find_method(name, roots)

    def entry_line(self, program: str) -> int | None:
        """The program's first line of code (rdbg ignores ``stopOnEntry``: its own first stop is
        taken by the ``continue`` it runs at ``configurationDone``): not blank, not a comment,
        not inside ``=begin``/``=end``."""
        text = read_regular_text(program, 1 << 20, whole=False)  # never a FIFO: it would block
        if text is None:
            return None
        lines = split_lines(text)  # a form feed or U+2028 ends no line
        quoted = False
        for number, line in enumerate(lines, 1):
            text = line.strip()
            if quoted or text.startswith("=begin"):
                quoted = not text.startswith("=end")
                continue
            if text == "__END__":
                return None
            if text and not text.startswith("#"):
                return number
        return None

    def formats_log_messages(self) -> bool:
        """rdbg 1.4 ignores ``logMessage`` (it would stop): see :meth:`log_condition`."""
        return False

    def evaluate_error(self, result: str, type_name: str | None) -> str | None:
        """rdbg answers an expression that raised with the exception as its value:
        ``#<NameError: undefined local variable or method `x' for main:Object>`` → its text."""
        if not type_name or not _RAISED_TYPE.search(type_name) or not result.startswith("#<"):
            return None
        found = re.match(r"#<([\w:]+): (.*)>$", result, re.DOTALL)
        return f"{found.group(1)}: {found.group(2)}" if found else result

    def stop_text(self, description: str | None) -> str | None:
        """rdbg's `` BP - Line  /path/app.rb:20 (line) if: COND`` says the place (shown anyway)
        and the condition as sent (dapcli's counters): dropped. ``#<RuntimeError: boom> is
        raised.`` is kept."""
        if description is None or _RDBG_BREAKPOINT.match(description):
            return None
        return description.strip()

    def condition_test(self, condition: str) -> str:
        return f"!!({condition})"


@functools.lru_cache(maxsize=8)
def _rdbg_version(path: str) -> str | None:
    from dapcli.adapters.native.common import tool_output

    found = re.search(r"(\d+\.\d+\.\d+)", tool_output(path, "--version"))
    return found.group(1) if found else None
