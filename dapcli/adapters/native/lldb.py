"""lldb-dap (C, C++, Rust, Swift): LLVM's debug adapter on stdio.

Detection chain: ``$DAPCLI_LLDB_DAP`` → ``lldb-dap`` on PATH → versioned names (Debian's
``lldb-dap-19`` …) → the old name ``lldb-vscode`` (→ ``xcrun -f lldb-dap`` on macOS).

Quirks handled here or by the engine (see shared/adapter-facts.md): ``launch`` is answered before
``initialized``; after ``disconnect`` lldb-dap 19 aborts with ``free(): invalid pointer`` (a known
LLVM bug; the session drops adapter chatter after disconnect, so it is never shown); threadId is
the OS thread id. lldb-dap 19 advertises neither ``supportsReadMemoryRequest`` (the request
crashes it) nor ``supportsSteppingGranularity`` (it silently steps a whole line), so the native
verbs use lldb commands for those (:attr:`memory_read_command`, :attr:`instruction_step_commands`).
"""

from __future__ import annotations

import os
import re
import shutil
import sys

from dapcli.adapters.native.common import (
    LLDB_RESUMING,
    NativeAdapter,
    find_program,
    tool_output,
)
from dapcli.adapters.native.rust import PANIC_BREAKPOINT, attached_program, lldb_formatter_commands
from dapcli.errors import AdapterError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any, ClassVar

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["LldbAdapter", "install_hint"]

#: Versioned names tried after ``lldb-dap`` (newest first).
VERSIONED = tuple(f"lldb-dap-{n}" for n in range(25, 13, -1))
#: A one-shot breakpoint on ``main``: "stop on entry" means the program's first line, as for
#: the other families (lldb's own stopOnEntry stops in the dynamic loader).
STOP_AT_MAIN = "breakpoint set --one-shot true --name main"


def install_hint() -> str:
    if sys.platform == "darwin":
        return ("xcode-select --install (lldb-dap ships with the Xcode command line tools), or brew install llvm; "
                "or set DAPCLI_LLDB_DAP=/path/to/lldb-dap")
    return ("apt-get install lldb-19 (Debian/Ubuntu: provides lldb-dap-19), dnf install lldb (Fedora), "
            "pacman -S lldb (Arch); or set DAPCLI_LLDB_DAP=/path/to/lldb-dap")


def lldb_command_quote(text: str) -> str:
    """``text`` as one argument of an lldb command."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class LldbAdapter(NativeAdapter):
    name = "lldb"
    kind_default = True  # a native program with no native adapter installed: lldb-dap's install hint
    early_start = "dapcli.adapters.native.early"
    early_configuration_done = True  # its verified breakpoints are in the program's code
    only_spec_requests = True  # lldb-dap 19 exits on an unknown request (the session is lost)
    stops_on_failed_condition = True
    aliases = ("lldb-dap", "c", "cpp", "c++", "rust")
    adapter_id = "lldb-dap"
    description = "C, C++, Rust (lldb-dap)"
    console_prefix = "`"  # lldb-dap's commandEscapePrefix: run as an lldb command, never as an expression
    console_echo = True
    thread_ids_are_tids = True
    console_error_prefix = "error: "  # a failed command still answers success: true
    resuming_commands = LLDB_RESUMING
    return_value_command = "thread info"  # lldb-dap 19 has no return value among the locals
    return_value_pattern = r"^Return value: \((?P<type>.*?)\) (?P<name>\$\d+) = (?P<value>.*)"
    instruction_step_commands: ClassVar[dict[str, str]] = {
        "stepi": "thread step-inst", "nexti": "thread step-inst-over",
    }
    memory_read_command = "memory read --force --size 1 --format x --count {count} {address}"
    data_expression = "&({expression})"  # lldb-dap watches the pointee of an expression's value
    core_request = "attach"

    def hit_condition(self, condition: str) -> str | None:
        """lldb-dap 19 reads ``hitCondition`` as a number N, "from the Nth hit on" (an ignore
        count of N-1), and anything else as 0: ``N``/``==N`` is sent as ``N`` (then
        :meth:`hit_spent`), ``>=N`` as ``N``, ``>N`` as ``N+1``; dapcli counts the rest."""
        from dapcli.adapters.hits import parse_hit

        parsed = parse_hit(condition)
        if parsed is not None and parsed[0] in (">=", ">", "=="):
            number = parsed[1] + (1 if parsed[0] == ">" else 0)
            return str(max(number, 1))
        return None

    def hit_counter(self, condition: str, name: str) -> str | None:
        """Any hit condition as a condition on lldb's persistent variable ``$name`` (declared by
        :meth:`hit_counter_declaration`), which counts the hits where the user's condition holds:
        lldb decides at each hit, without a stop (``%N``, ``<N``, ``<=N``, which lldb-dap's
        ``hitCondition`` cannot say, and a log point's, which makes no stop to spend ``==N`` at)."""
        from dapcli.adapters.hits import parse_hit

        parsed = parse_hit(condition)
        if parsed is None or (parsed[0] == "%" and parsed[1] == 0):
            return None
        operator, number = parsed
        return f"(++${name}) % {number} == 0" if operator == "%" else f"(++${name}) {operator} {number}"

    def hit_counter_declaration(self, name: str, count: int = 0) -> str | None:
        """lldb's persistent variables are declared before use: ``expr long $name = COUNT``, as an
        lldb command (lldb evaluates it without running the program's code; not while it runs)."""
        return f"{self.console_prefix}expr long ${name} = {count}"

    def hit_spent(self, condition: str) -> str | None:
        """``==N`` made its stop: the breakpoint leaves lldb's set until the next run (an ignore
        count no run reaches made a later step onto that line run on, lldb-dap 19)."""
        from dapcli.adapters.hits import SPENT_REMOVED, parse_hit

        parsed = parse_hit(condition)
        return SPENT_REMOVED if parsed is not None and parsed[0] == "==" else None

    def exit_signal(self, exit_code: int) -> int | None:
        """lldb's ``-1`` is not a signal: lldb lost the process (e.g. killed while stopped)."""
        return None if exit_code == -1 else super().exit_signal(exit_code)

    def exit_reason(self, exit_code: int, console: str) -> str | None:
        """``Process N exited with status = -1 (0xffffffff) debugserver died …``: lldb's words."""
        if exit_code != -1:
            return None
        found = re.search(r"exited with status = -1 \(0xffffffff\) *(.*)", console)
        said = found.group(1).strip() if found and found.group(1).strip() else ""
        return "lldb lost the process; its exit status is unknown" + (f" ({said})" if said else "")

    def __init__(self) -> None:
        super().__init__()
        self.install_hint = install_hint()

    def find(self) -> str | None:
        found = find_program("DAPCLI_LLDB_DAP", ("lldb-dap", *VERSIONED, "lldb-vscode"))
        if found or os.environ.get("DAPCLI_LLDB_DAP") or sys.platform != "darwin" or not shutil.which("xcrun"):
            return found
        path = tool_output(shutil.which("xcrun") or "xcrun", "-f", "lldb-dap").strip()
        return path if path and os.access(path, os.X_OK) else None

    def version(self) -> str | None:
        """``lldb --version`` of the lldb beside the adapter (lldb-dap has no --version)."""
        path = self.find()
        if not path:
            return None
        suffix = os.path.basename(path).removeprefix("lldb-dap").removeprefix("lldb-vscode")
        for candidate in (os.path.join(os.path.dirname(os.path.realpath(path)), "lldb"),
                          os.path.join(os.path.dirname(path), "lldb" + suffix)):
            if os.access(candidate, os.X_OK):
                text = tool_output(candidate, "--version").strip()
                if text:
                    return text.splitlines()[0]
        return None

    async def start(self) -> tuple[Transport, int]:
        path = self.find()
        if path is None:
            raise AdapterError("lldb-dap is not installed", f"install it: {self.install_hint}")
        from dapcli.adapters.early import launch as early_launch
        from dapcli.adapters.early import process as early_process
        from dapcli.protocol.transport import StdioTransport

        if (launched := early_launch.take("lldb", [path])) is not None:  # run to its first stop as the host imported
            from dapcli.adapters.early.launch_transport import EarlyLaunchTransport

            return EarlyLaunchTransport(launched), launched.pid
        early = early_process.take([path])  # started while the session host was importing (same env and cwd)
        transport = await (StdioTransport.adopt(early) if early else StdioTransport.spawn([path]))
        return transport, transport.pid

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        arguments: dict[str, Any] = {
            "type": "lldb-dap", "request": "launch", "name": "dapcli",
            "program": options.program, "args": list(options.args), "cwd": options.cwd,
            "env": [f"{key}={value}" for key, value in options.env.items()],
            "stopOnEntry": False,
        }
        if options.stop_on_entry:
            arguments["preRunCommands"] = [STOP_AT_MAIN]
        if options.terminal or options.stdin:  # stdin from dapcli: started by runInTerminal in our pty
            arguments["runInTerminal"] = True
        rust = lldb_formatter_commands(options.program, lldb_command_quote)
        if rust:  # a Rust binary: the toolchain's own formatters ("ferris", Some(7), [3, 5, 8]); a panic stops
            arguments["initCommands"] = rust
            arguments["preRunCommands"] = [*arguments.get("preRunCommands", []), PANIC_BREAKPOINT]
        arguments.update(options.extra)
        return arguments

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        self.check_attach(options)
        arguments: dict[str, Any] = {"type": "lldb-dap", "request": "attach", "name": "dapcli"}
        if options.process_id is not None:
            arguments["pid"] = options.process_id
        if options.program is not None:
            arguments["program"] = options.program
        if options.target is not None:  # lldb-server gdbserver (or gdbserver): lldb's gdb-remote
            arguments.update(remote_target_arguments(options.target))
        rust = lldb_formatter_commands(attached_program(options.program, options.process_id), lldb_command_quote)
        if rust:  # as at launch: Rust's values as Rust shows them, and a panic stops
            arguments["initCommands"] = rust
            arguments["preRunCommands"] = [PANIC_BREAKPOINT]
        arguments.update(options.extra)
        return arguments

    def map_paths(self, arguments: dict[str, Any], mappings: list[tuple[str, str]]) -> None:
        """lldb-dap's ``sourceMap``: ``[[remote, local]]`` (lldb's ``target.source-map``)."""
        if mappings and "sourceMap" not in arguments:
            arguments["sourceMap"] = [[remote, local] for remote, local in mappings]

    def core_arguments(self, options: LaunchOptions, core: str) -> dict[str, Any]:
        """lldb-dap opens a core file with ``attach`` + ``coreFile``."""
        arguments: dict[str, Any] = {"type": "lldb-dap", "request": "attach", "name": "dapcli",
                                     "program": options.program, "coreFile": core}
        rust = lldb_formatter_commands(options.program, lldb_command_quote)
        if rust:  # a Rust program's core: its values as Rust shows them
            arguments["initCommands"] = rust
        return {**arguments, **options.extra}


def remote_target_arguments(target: str) -> dict[str, Any]:
    """lldb-dap's attach arguments for a gdbserver-protocol stub at ``target`` (``HOST:PORT``):
    ``gdb-remote-hostname`` and ``gdb-remote-port`` (lldb-dap 19+), which connect synchronously.
    Not ``attachCommands: ["gdb-remote HOST:PORT"]``: lldb-dap runs those asynchronously and then
    polls the process state, and on a loaded machine it finds the process still *unloaded* and
    fails the attach with ``process unloaded during launch or attach``."""
    host, _, port = target.rpartition(":")
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # IPv6: lldb-dap connects to connect://HOST:PORT
    return {"gdb-remote-hostname": host, "gdb-remote-port": int(port)}

