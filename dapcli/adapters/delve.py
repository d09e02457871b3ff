"""Delve (Go): ``dlv dap --client-addr 127.0.0.1:PORT`` in its own process group: it dials our
loopback listener (only a connection from dlv itself is taken), then DAP over TCP.

What Delve 1.20 does differently (``shared/adapter-facts.md``):

* the debuggee's stdout/stderr are dlv's own stdout/stderr, never ``output`` events: they are
  drained and relayed as program output (``output_sink``), never written to our stdout;
* no ``exited`` event: a finished program only gets ``terminated``, and the status comes as the
  console line ``Process N has exited with status X`` in answer to ``disconnect``. The session
  therefore disconnects first and ends afterwards (``exit_code_after_disconnect``), so
  ``exitCode`` is right;
* the real error text is in ``body.error.format`` (the connection surfaces it); every message
  has ``seq`` 0; no ``continued`` after ``continue``; goroutines are the threads.

Programs: a ``.go`` file or a package directory is built by Delve (``mode: debug``, with
``-gcflags=all=-N -l``) into a temporary directory; a prebuilt binary runs in ``mode: exec`` and
should be built with ``go build -gcflags=all=-N -l`` (optimized code loses variables and lines:
a warning says so).
"""

from __future__ import annotations

import functools
import os
import re
import shutil

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.filekind import go_build_flags
from dapcli.errors import AdapterError, UsageError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["DelveAdapter", "go_build_flags", "is_go_package"]

_EXITED = re.compile(r"Process \d+ has exited with status (-?\d+)")
#: Delve's own log lines on its stderr (``2026-11-30T04:08:04Z error layer=dap …``).
_DLV_LOG = re.compile(r"^\d{4}-\d\d-\d\dT[\d:.]+\S* (?:error|warning|info|debug) layer=\w+ ")
#: How to build a Go binary for debugging (as typed in a shell).
DEBUG_FLAGS = '-gcflags="all=-N -l"'


def is_go_package(path: str, tests: bool = False) -> bool:
    """True for a directory holding ``.go`` files (a Go package Delve can build); with
    ``tests`` (Delve's test mode), test files alone count too."""
    try:
        return os.path.isdir(path) and any(
            name.endswith(".go") and (tests or not name.endswith("_test.go")) for name in os.listdir(path)
        )
    except OSError:
        return False


class DelveAdapter(AdapterSpec):
    name = "go"
    early_start = "dapcli.adapters.gotestearly"  # a test binary built while the host imports
    pages_variables = True
    snapshot_references = True  # a struct's number lists its fields as they were before `set`
    evaluate_changes = r"^\s*call\s"  # Delve's evaluate assigns nothing; only `call f()` runs code (len() is pure)
    #: Delve sends no ``process`` event; its only child is the program (``__debug_bin``).
    adopts_child_as_debuggee = True
    aliases = ("delve", "dlv", "golang")
    adapter_id = "go"
    description = "Go (Delve)"
    extensions = (".go",)
    install_hint = ("go install github.com/go-delve/delve/cmd/dlv@latest (Debian/Ubuntu: apt-get install delve), "
                    "or set DAPCLI_DLV to dlv's path")
    #: Delve reports the exit status only in answer to ``disconnect`` (see the module doc).
    exit_code_after_disconnect = True
    #: Core files open with ``launch`` + ``mode: core`` (``dapcli launch BINARY --core FILE``).
    core_request = "launch"
    #: Delve 1.20 evaluates ``setVariable`` in the stopped goroutine's top frame (verbs/inspection/setframe.py).
    sets_in_top_frame_only = True
    #: Delve's DAP server loads at most 1,024 goroutines for ``threads`` (``maxGoroutines``, not
    #: an option; ``goroutineFilters`` only filters those), so a longer list is counted from the
    #: runtime: every g made, less the dead ones on the scheduler's and each P's free list.
    threads_cap = 1024
    #: Delve reads a stack only as deep as asked and says ``totalFrames`` = what it read + 50
    #: (its ``stackTraceDepth``) until an answer reaches the bottom.
    total_frames_estimated = True
    identity = "address"
    address_expression = "uintptr(&({}))"
    pointer_address_expression = "uintptr({})"
    threads_noun = "goroutines"
    hang_kind = "go"
    thread_count_expressions = ("runtime.allglen", "runtime.sched.gFree.n", "len(runtime.allp)",
                                "runtime.allp[{i}].gFree.n")

    def __init__(self) -> None:
        super().__init__()
        self.command: list[str] | None = None
        self._build_dir: str | None = None
        self._server_cwd: str | None = None
        #: dlv's stdin, which it hands on to the program it starts (``--stdin`` file or the pty).
        self._stdin: str | None = None

    def use_command(self, argv: list[str]) -> None:
        """Start Delve with ``argv`` (from a configuration file) instead of ``dlv dap …``."""
        self.command = list(argv)

    def handles(self, program: str) -> bool:
        """A ``.go`` file, a directory of ``.go`` files, or an executable built by Go."""
        if program.lower().endswith(".go"):
            return True
        if os.path.isdir(program):
            return is_go_package(program)
        if not os.path.isfile(program) or not os.access(program, os.X_OK):
            return False
        return go_build_flags(program) is not None

    def find(self) -> str | None:
        if self.command:
            first = self.command[0]
            return shutil.which(first) or (first if os.access(first, os.X_OK) else None)
        explicit = os.environ.get("DAPCLI_DLV")
        if explicit:
            return shutil.which(explicit) or (explicit if os.access(explicit, os.X_OK) else None)
        found = shutil.which("dlv")
        if found:
            return found
        gopath = os.environ.get("GOPATH") or os.path.join(os.path.expanduser("~"), "go")
        candidate = os.path.join(gopath.split(os.pathsep)[0], "bin", "dlv")
        return candidate if os.access(candidate, os.X_OK) else None

    def version(self) -> str | None:
        path = self.find()
        return _dlv_version(path) if path else None

    def remove_after(self, folder: str) -> None:
        """Remove ``folder`` (a test binary built early, which this launch runs) when the
        adapter's server ends, as a build folder of Delve's own."""
        self._build_dir = folder

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        """Choose ``exec`` (a binary) or ``debug`` (a .go file or package: Delve builds it).

        Raises:
            AdapterError: a .go program but no Go toolchain on PATH.
            UsageError: a directory without .go files.
        """
        program = options.program
        warnings: list[str] = []
        if os.path.isdir(program):
            if not is_go_package(program, tests=options.extra.get("mode") == "test"):
                raise UsageError(f"{program} is a directory without .go files", "give a .go file, a Go package "
                                 "directory or a binary built with go build -gcflags=all=-N -l")
            self._server_cwd = program
        elif program.lower().endswith(".go"):
            self._server_cwd = os.path.dirname(program)
        else:
            self._server_cwd = options.cwd
            flags = go_build_flags(program)
            if flags is None:
                warnings.append(f"{os.path.basename(program)} does not look like a Go executable; Delve may refuse it")
            elif "-N" not in flags or "-l" not in flags:
                warnings.append(
                    f"{os.path.basename(program)} was built with optimizations: variables may be missing and "
                    f"steps may jump; rebuild with: go build {DEBUG_FLAGS}"
                )
        if self._mode(program) == "debug" and shutil.which("go") is None:
            raise AdapterError("Delve needs the Go toolchain (`go`) on PATH to build " + os.path.basename(program),
                               "install Go (https://go.dev/dl/, or apt-get install golang-go), or debug a binary "
                               f"built with: go build {DEBUG_FLAGS}")
        self.runtime = shutil.which("go") if self._mode(program) == "debug" else None
        return warnings

    def launch_failure_hint(self, message: str, options: LaunchOptions) -> str | None:
        """A Go package that is no program: not ``package main`` (Delve: "not an executable
        file"), or ``package main`` without ``func main`` (the build error)."""
        from dapcli.adapters.gopackage import program_hint

        return program_hint(options.program, message)

    @staticmethod
    def _mode(program: str) -> str:
        return "debug" if os.path.isdir(program) or program.lower().endswith(".go") else "exec"

    async def start(self) -> tuple[Transport, int]:
        dlv = self.find()
        if dlv is None:
            raise AdapterError("Delve (dlv) is not installed", f"install it: {self.install_hint}")
        # Delve dials us (--client-addr) and only its own connection is taken: while a `dlv dap
        # --listen` waited for us, any local user could connect first and `launch` code as us
        argv = self.command or [dlv, "dap", "--client-addr", "{client}"]
        from dapcli.adapters.process import AdapterServer
        cwd = self._server_cwd if self._server_cwd and os.path.isdir(self._server_cwd) else None
        # PWD names that directory: go build believes a $PWD that is the same directory by another
        # path (the user's symlinked checkout) and then finds the package "outside main module"
        env = {**os.environ, "PWD": os.path.realpath(cwd)} if cwd else None
        server = await AdapterServer.spawn(
            argv, cwd=cwd, env=env, relay=self._relay, exits_on_disconnect=True, stdin=self._stdin,
        )
        build_dir, self._build_dir = self._build_dir, None
        if build_dir:
            server.cleanups.append(lambda: shutil.rmtree(build_dir, ignore_errors=True))
        transport = await server.connect()
        return transport, server.pid

    def _relay(self, category: str, text: str) -> None:
        """The debuggee's output arrives on dlv's own stdout/stderr: it is program output,
        except Delve's log lines on stderr (filed as ``console``)."""
        self.relay_sharing_stderr(category, text, "layer=", _DLV_LOG)

    def exit_code_from_output(self, text: str) -> int | None:
        """The exit status from Delve's ``Process N has exited with status X`` console line (the
        program's own output never comes as an ``output`` event: it is relayed from dlv's pipes)."""
        found = _EXITED.search(text)
        return int(found.group(1)) if found else None

    def output_category(self, category: str, text: str) -> str:
        """Delve's REPL banner is not output of the program: dropped (``telemetry``)."""
        return "telemetry" if text.strip() == "Type 'dlv help' for list of commands." else category

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        mode = self._mode(options.program)
        # sources to build: their real path (go build refuses a package reached through a symlink
        # as "outside main module", since dlv runs in that directory's real path)
        program = os.path.realpath(options.program) if mode == "debug" else options.program
        arguments: dict[str, Any] = {
            "type": "go", "request": "launch", "name": "dapcli", "mode": mode, "program": program,
            "args": options.args, "cwd": options.cwd, "stopOnEntry": options.stop_on_entry,
        }
        if options.env:
            arguments["env"] = options.env
        self._stdin = options.stdin  # Delve 1.20 has no redirection of its own: the program reads dlv's stdin
        if mode == "debug":
            # build into a private directory (Delve's default is __debug_bin beside the sources)
            import tempfile

            self._build_dir = tempfile.mkdtemp(prefix="dapcli-go-")
            arguments["output"] = os.path.join(self._build_dir, "__debug_bin")
        arguments.update(options.extra)
        return arguments

    def wants_tty(self, options: LaunchOptions) -> bool:
        """``--terminal`` without ``--stdin``: dlv's stdin (so the program's) is a pty of
        dapcli's, which ``input`` types to; the output still comes through dlv's pipes."""
        return options.terminal and not options.stdin

    def use_tty(self, arguments: dict[str, Any], tty: str) -> None:
        self._stdin = tty

    def core_arguments(self, options: LaunchOptions, core: str) -> dict[str, Any]:
        """Open ``core`` (from the kernel, ``gcore`` or Delve's ``dump``) of the binary
        ``options.program``: Delve needs the executable, not the sources."""
        if self._mode(options.program) != "exec":
            raise UsageError("a Go core file opens with the executable that dumped it, not its sources",
                             "e.g. dapcli launch ./app --core core.1234")
        arguments: dict[str, Any] = {"type": "go", "request": "launch", "name": "dapcli", "mode": "core",
                                     "program": options.program, "coreFilePath": core, "cwd": options.cwd}
        arguments.update(options.extra)
        return arguments

    def map_paths(self, arguments: dict[str, Any], mappings: list[tuple[str, str]]) -> None:
        """Delve's ``substitutePath``: ``[{from: local, to: remote}]``."""
        if mappings and "substitutePath" not in arguments:
            arguments["substitutePath"] = [{"from": local, "to": remote} for remote, local in mappings]

    async def start_attach(self, options: AttachOptions) -> tuple[Transport, int | None]:
        """A Delve that already listens (``dlv --headless``, ``dlv dap --listen``): connect to it
        (no process of ours); otherwise start ``dlv dap`` here."""
        if options.port is not None:
            from dapcli.protocol.transport import TcpTransport
            return await TcpTransport.connect(options.host or "127.0.0.1", options.port), None
        return await self.start()

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        """``mode: remote`` to a headless Delve that runs the program already; ``mode: local`` +
        ``processId`` for a process (on the machine where that Delve runs)."""
        if options.process_id is None and options.port is None:
            raise UsageError("Delve attaches to a process id or a listening Delve",
                             "use --process-id PID, or HOST:PORT of `dlv --headless --listen`")
        arguments: dict[str, Any] = {"type": "go", "request": "attach", "name": "dapcli", "mode": "remote"}
        if options.process_id is not None:
            if options.port is None:  # our own Delve traces it here (with a port: on that machine)
                from dapcli.adapters.native.common import check_ptrace
                check_ptrace(options.process_id)
            arguments.update(mode="local", processId=options.process_id)
        arguments.update(options.extra)
        return arguments

    def explain_attach_failure(self, error: AdapterError, pid: int) -> AdapterError:
        """``error`` (a failed attach to ``pid``) with what to do when ptrace was refused."""
        from dapcli.adapters.native.common import explain_ptrace_refusal
        return explain_ptrace_refusal(error, pid)


@functools.lru_cache(maxsize=8)
def _dlv_version(path: str) -> str | None:
    from dapcli.adapters.native.common import tool_output

    found = re.search(r"Version:\s*(\S+)", tool_output(path, "version"))
    return found.group(1) if found else None
