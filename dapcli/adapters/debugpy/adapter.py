"""debugpy (Python): ``python -m debugpy.adapter`` on stdio; the debuggee runs under the
interpreter the user chose. Launch/attach arguments per debugpy's ``launch.json`` schema."""

from __future__ import annotations

import contextlib
import os
import signal
import sys

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.debugpy.command import EVALUATION_TIMEOUTS, NODELAY_DIR, adapter_env
from dapcli.adapters.debugpy.pyinterp import find_python
from dapcli.adapters.debugpy.pynoise import PydevdLog, TracebackTrimmer
from dapcli.errors import AdapterError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["NODELAY_DIR", "DebugpyAdapter", "find_python"]

def check_python(python: str) -> None:
    """Fail early when ``python`` cannot run a debuggee (pydevd needs Python ≥ 3.8).

    Raises:
        AdapterError: the interpreter does not start or is too old.
    """
    if os.path.realpath(python) == os.path.realpath(sys.executable):
        return  # dapcli's own interpreter: no need to start it to ask (saves ~50 ms per launch)
    import subprocess

    try:
        probe = subprocess.Popen([python, "-c", "import sys; print(sys.version_info >= (3, 8))"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                 start_new_session=True)
    except OSError as exc:
        raise AdapterError(f"cannot run the python interpreter {python}: {exc.strerror or exc}") from None
    try:
        out, _ = probe.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.killpg(probe.pid, signal.SIGKILL)  # the interpreter and anything it started
        probe.communicate()
        raise AdapterError(f"the python interpreter {python} did not answer within 10 s",
                           "choose another interpreter with --python") from None
    done = subprocess.CompletedProcess(probe.args, probe.returncode, out, "")
    if done.stdout.strip() != "True":
        raise AdapterError(
            f"{python} cannot run debugpy (Python 3.8 or newer is needed)",
            "choose another interpreter with --python",
        )


#: Signals debugpy's launcher reports as ``256 - signal`` (measured: SIGKILL → 247). Codes that
#: programs commonly exit with on their own (255 = ``exit(-1)``, SIGHUP's) are not read as signals.
_DEADLY = frozenset({2, 3, 4, 6, 7, 8, 9, 11, 13, 15})


#: Lines of gdb's output in debugpy's failed attach by pid that say why.
_INJECTION_ERRORS = ("ptrace:", "Operation not permitted", "No such process", "Couldn't", "Cannot access memory",
                     "No symbol", "not found")


class DebugpyAdapter(AdapterSpec):
    name = "python"
    #: pydevd's variablesReference of an object is its id(): one object, one number at a stop.
    identity = "reference"
    #: ``evaluate`` in context ``repl`` runs statements, as pdb's prompt does.
    repl_runs_statements = True
    hang_kind = "python"
    stack_while_running = True
    aliases = ("debugpy", "py")
    adapter_id = "debugpy"
    description = "Python (debugpy)"
    extensions = (".py", ".pyw")
    early_start = "dapcli.adapters.debugpy.early"

    def exit_signal(self, exit_code: int) -> int | None:
        """debugpy reports a debuggee killed by signal N as exit code ``256 - N``."""
        if exit_code < 0:
            return -exit_code
        return 256 - exit_code if 256 - exit_code in _DEADLY else None

    def __init__(self, adapter_python: str | None = None) -> None:
        super().__init__()
        self.adapter_python = adapter_python or sys.executable
        self.install_hint = f"{self.adapter_python} -m pip install debugpy"
        self._tracebacks = TracebackTrimmer()
        self._pydevd_log = PydevdLog()

    child_sessions_are_subprocesses = True
    resumes_wait_for_evaluations = True
    return_value_local = "(return) "  # with showReturnValue: `(return) square` in the caller's locals
    # pydevd files them in the caller's locals (a dict of its own) and keeps them until that frame
    # ends: emptied before the program runs on, the next stop shows only what returned meanwhile
    return_value_clear = "__pydevd_ret_val_dict.clear()"

    def output_category(self, category: str, text: str) -> str:
        """pydevd's own log lines in the program's stderr are ``console`` text."""
        if category == "stderr" and self._pydevd_log.is_log(text):
            return "console"
        return category

    def output_text(self, category: str, text: str) -> str:
        """A traceback of the program starts at the user's code (runpy/debugpy frames dropped)."""
        return self._tracebacks.feed(text) if category == "stderr" else text

    def explain_attach_failure(self, error: AdapterError, pid: int) -> AdapterError:
        """A failed injection says whether process ``pid`` survived it, and what to do instead."""
        from dapcli.adapters.debugpy.pyinject import explain_injection_failure
        return explain_injection_failure(error, pid)

    async def start_attach(self, options: AttachOptions) -> tuple[Transport, int | None]:
        """``debugpy --listen HOST:PORT`` runs its own adapter on that port: connect to it
        directly (DAP over TCP); attach by ``processId`` needs our adapter."""
        if options.port is not None:
            from dapcli.protocol.transport import TcpTransport
            return await TcpTransport.connect(options.host or "127.0.0.1", options.port), None
        return await self.start()

    async def child_transport(self, configuration: dict[str, Any]) -> Transport:
        """A connection for a subprocess session: debugpy's ``startDebugging`` names the adapter's
        client listener in ``configuration.connect``."""
        connect = configuration.get("connect") or {}
        from dapcli.protocol.transport import TcpTransport
        return await TcpTransport.connect(str(connect.get("host") or "127.0.0.1"), int(connect.get("port") or 0))

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        """Choose and check the interpreter that runs the program (see :func:`find_python`)."""
        options.python = find_python(options.python, caller_cwd)
        check_python(options.python)
        self.runtime = options.python
        return []

    ors_hit_condition = True  # pydevd: `if hit condition holds: stop; else: eval condition`

    def hit_counter(self, condition: str, name: str) -> str | None:
        """A Python expression that counts the hits in ``sys.__dict__[name]`` (the debuggee's
        own process: no stop per hit) and holds when dapcli's hit ``condition`` is met."""
        from dapcli.adapters.hits import parse_hit

        parsed = parse_hit(condition)
        if parsed is None:
            return None
        operator, number = parsed
        count = (f"(lambda d: d.__setitem__({name!r}, d.get({name!r}, 0) + 1) or d[{name!r}])"
                 "(__import__('sys').__dict__)")
        return f"{count} % {number} == 0" if operator == "%" else f"{count} {operator} {number}"

    def counted_condition(self, condition: str, counter: str) -> str:
        """``(condition) and (counter)``; the condition's own line ends inside its parentheses,
        so that a ``# comment`` in it ends there."""
        return f"({condition}\n) and ({counter})"

    def terminal_command(self, argv: list[str], launch: dict[str, Any]) -> str | None:
        """debugpy's launcher: the launch's Python running a ``debugpy/launcher`` folder."""
        launcher = os.path.normpath(argv[1]) if len(argv) > 1 else ""
        if os.path.basename(launcher) == "launcher" and os.path.basename(os.path.dirname(launcher)) == "debugpy" \
                and os.path.isfile(os.path.join(launcher, "__main__.py")):
            return super().terminal_command(argv[:1], launch)
        return (f"the adapter asked dapcli to run {' '.join(argv[:2]) or 'nothing'!r}, which is not debugpy's "
                "launcher (PYTHON …/debugpy/launcher)")

    def find(self) -> str | None:
        import importlib.util

        spec = importlib.util.find_spec("debugpy")
        return os.path.dirname(spec.origin) if spec and spec.origin else None

    def version(self) -> str | None:
        """debugpy's version, read from the name of its ``debugpy-X.dist-info`` folder beside the
        package (importlib.metadata costs ~20 ms of imports), else from its metadata."""
        package = self.find()
        if package:
            with contextlib.suppress(OSError):
                for entry in os.listdir(os.path.dirname(package)):
                    if entry.startswith("debugpy-") and entry.endswith(".dist-info"):
                        return entry[len("debugpy-"):-len(".dist-info")]
        try:
            from importlib.metadata import version

            return version("debugpy")
        except Exception:
            return None

    async def start(self) -> tuple[Transport, int]:
        if self.find() is None:
            raise AdapterError(
                f"debugpy is not installed for {self.adapter_python}", f"run: {self.install_hint}"
            )
        from dapcli.adapters.early import launch as early_launch
        from dapcli.adapters.early import process as early_process
        from dapcli.protocol.transport import StdioTransport

        # -P (Python ≥ 3.11, as ours): the user's directory, where the adapter runs, is not on its sys.path
        safe = ["-P"] if self.adapter_python == sys.executable else []
        argv = [self.adapter_python, *safe, "-m", "debugpy.adapter"]
        if (launched := early_launch.take("debugpy", argv)) is not None:  # launched while the host imported
            from dapcli.adapters.early.launch_transport import EarlyLaunchTransport

            return EarlyLaunchTransport(launched), launched.pid
        # NODELAY_DIR's sitecustomize also spares the adapter and its launcher debugpy's
        # description of the environment (see there): ~0.1-0.2 s each before the first stop
        env = adapter_env()
        early = early_process.take(argv, env)  # started while the session host was importing
        transport = await (StdioTransport.adopt(early) if early else StdioTransport.spawn(argv, env=env))
        return transport, transport.pid

    def _env(self, env: dict[str, str], nodelay: bool) -> dict[str, str]:
        merged = dict(env)
        for name, value in EVALUATION_TIMEOUTS.items():  # the user's own value (--env or inherited) wins
            if name not in merged and name not in os.environ:
                merged[name] = value
        existing = merged.get("PYTHONPATH", os.environ.get("PYTHONPATH", ""))
        # always set: the launcher's own PYTHONPATH (the adapter's, with NODELAY_DIR) is not the program's
        merged["PYTHONPATH"] = NODELAY_DIR + (os.pathsep + existing if existing else "") if nodelay else existing
        return merged

    def resolve_function(self, name: str, roots: list[str]) -> tuple[str, int] | str | None:
        """debugpy's own function breakpoints (``setFunctionBreakpoints``) answer "verified" for
        any name: a name that the program's files do not define is listed pending, with why."""
        from dapcli.adapters.debugpy.pyfunctions import find_function

        if find_function(name, roots) is not None:
            return None
        if "." in name:
            return f"no function {name} in the program's files (debugpy matches bare function names only)"
        return (f"no function {name} in the program's files; debugpy stops in any function of that name "
                "if one is called")

    def condition_error(self, condition: str) -> str | None:
        """Python's own verdict: a condition that does not compile (debugpy would print its
        SyntaxError at every pass and never stop)."""
        if not condition.strip():
            return None
        try:
            compile(condition.lstrip(" \t"), "<condition>", "eval")  # as pydevd evals it (a str: lstripped)
        except SyntaxError as exc:
            return f"{exc.msg} (Python cannot compile it)"
        except (ValueError, OverflowError, RecursionError, MemoryError) as exc:
            return str(exc) or type(exc).__name__
        return None

    def condition_test(self, condition: str) -> str:
        """Python's truth value of the condition, as debugpy tests it (an empty list is false)."""
        return f"bool({condition}\n)"

    def log_value(self, expression: str) -> str:
        """debugpy writes a log point's values with ``str`` (``name=pen``, not ``name='pen'``)."""
        return f"str({expression}\n)"

    def log_text(self, result: str) -> str:
        """The string that the evaluated ``str(…)`` shows as its repr; a cut one as shown."""
        from ast import literal_eval

        try:
            text = literal_eval(result)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return result
        return text if isinstance(text, str) else result

    def function_breakpoint(self, function: str, condition: str | None) -> tuple[str, str | None]:
        """debugpy matches a function breakpoint by the code's bare name (``co_name``): a dotted
        name (``Cart.total``, ``cart.helper``) is sent as its last part with a condition that
        checks the frame's qualified name (Python ≥ 3.11; older ones stop in any ``total``)."""
        if "." not in function:
            return function, condition
        from dapcli.adapters.debugpy.pyfunctions import qualified_name_condition

        return function.rsplit(".", 1)[-1], qualified_name_condition(function, condition)

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        python = options.python or sys.executable
        self.runtime = python
        arguments: dict[str, Any] = {
            "type": "python",
            "request": "launch",
            "name": "dapcli",
            "program": options.program,
            "args": options.args,
            "cwd": options.cwd,
            "console": "internalConsole",
            "stopOnEntry": options.stop_on_entry,
            "justMyCode": True,
            "showReturnValue": True,  # `(return) square` among the caller's locals after a step
            "redirectOutput": True,
            # sys.exit(N) is a deliberate exit, not a crash: never stop on SystemExit (pdb agrees)
            "breakOnSystemExit": [],
            "python": [python],
            "env": self._env(options.env, options.nodelay),
        }
        if options.module:  # `python -m MODULE`: debugpy's module launch
            del arguments["program"]
            arguments["module"] = options.module
        if options.terminal or options.stdin:  # stdin from dapcli: the launcher starts in our pty
            arguments["console"] = "integratedTerminal"
            arguments["redirectOutput"] = False  # the pty brings it back (else each line comes twice)
        arguments.update(options.extra)
        # the sitecustomize runs inside the program (socket connects, debugpy's log): never the user's code
        arguments["rules"] = [{"path": os.path.join(NODELAY_DIR, "sitecustomize.py"), "include": False},
                              *arguments.get("rules", [])]
        return arguments

    def settle(self, arguments: dict[str, Any], settings: dict[str, Any]) -> None:
        """A program in a terminal (``--set console=integratedTerminal``) writes its output there:
        debugpy's ``redirectOutput`` would send every line a second time (unless the user set it)."""
        if arguments.get("console") in ("integratedTerminal", "externalTerminal") and "redirectOutput" not in settings:
            arguments["redirectOutput"] = False

    def map_paths(self, arguments: dict[str, Any], mappings: list[tuple[str, str]]) -> None:
        """debugpy's ``pathMappings``: ``[{localRoot, remoteRoot}]``."""
        if mappings and "pathMappings" not in arguments:
            arguments["pathMappings"] = [{"localRoot": local, "remoteRoot": remote} for remote, local in mappings]

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        arguments: dict[str, Any] = {"type": "python", "request": "attach", "name": "dapcli", "justMyCode": True,
                                     "showReturnValue": True}
        if options.process_id is not None:
            from dapcli.adapters.native.common import check_ptrace
            check_ptrace(options.process_id)  # debugpy injects with gdb/lldb: ptrace
            arguments["processId"] = options.process_id
            if options.python:
                arguments["python"] = [options.python]
        # with connect: the client already talks to the listening adapter (see start_attach)
        arguments.update(options.extra)
        return arguments

    def start_failure(self, text: str) -> tuple[str, str] | None:
        """debugpy's attach by pid injects its code with gdb; when that fails it logs so (as
        ``output``) and never answers the ``attach``: the log's telling line is the reason."""
        if "Code injection into PID=" not in text or "failed" not in text:
            return None
        pid = text.split("Code injection into PID=", 1)[1].split()[0].rstrip(":")
        lines = [line.strip() for line in text.splitlines()]
        telling = next((line for mark in _INJECTION_ERRORS for line in lines if mark in line), None)
        why = f" (gdb: {telling})" if telling else ""
        return (f"debugpy could not inject its code into process {pid}{why}",
                "start the program as `python -m debugpy --listen 127.0.0.1:5678 PROGRAM` and "
                "`dapcli attach 127.0.0.1:5678`, or check that ptrace is allowed (`dapcli doctor`)")
