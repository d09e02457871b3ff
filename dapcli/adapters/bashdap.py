"""bash-dap (bash scripts): ``bash-dap`` from PyPI speaks DAP on its stdin/stdout and runs the
script as ``bash -c '. "$BASH_DAP_HARNESS"' SCRIPT ARGS…``, a bash harness that stops it with the
``DEBUG`` trap (in ``$(…)`` and pipeline subshells too).

What bash-dap 0.3 does (``shared/adapter-facts.md``):

* ``initialized`` comes after the ``launch`` response, once the script is at its first line
  (:attr:`~dapcli.adapters.base.AdapterSpec.initialized_after_launch`);
* one thread (``bash``); one scope, ``Variables`` (bash's scope is dynamic: a frame sees the
  variables of the frames under it); arrays and associative arrays expand as trees;
* ``evaluate`` prints a word (``$t``, ``${prices[1]}``, ``$((sum + 1))``) or a variable's name;
* a breakpoint's condition is a bash **command** whose status decides (``[[ $p -gt 4 ]]``,
  ``(( sum > 3 ))``), run in a subshell; it has no hit conditions: dapcli counts the hits in that
  command (:meth:`BashAdapter.hit_counter`, no stop per hit). It has no log points either, and its
  stops name no breakpoint (no ``hitBreakpointIds``), so dapcli cannot write them in its place: a
  log point would stop like a plain breakpoint, and is refused (:attr:`stops_at_log_points`);
* ``console: internalConsole`` runs the script with its output as ``output`` events and stdin
  ``/dev/null``; ``--stdin``/``--terminal`` ask for ``integratedTerminal``, which has dapcli run
  the same bash command line in its pty (``runInTerminal``);
* ``exited`` carries the script's status; no attach.

Where bash-dap is looked for: ``$DAPCLI_BASH_DAP`` (its command), then beside the Python that runs
dapcli (a virtualenv's ``bin``), then ``PATH`` (``pipx``/``pip install --user`` put it there).
"""

from __future__ import annotations

import os
import shutil
import sys

from dapcli.adapters.base import AdapterSpec
from dapcli.errors import AdapterError, UsageError
from dapcli.files import read_regular

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["HARNESS_COMMAND", "BashAdapter", "find_bash_dap", "is_bash_script"]

#: The command line bash-dap runs the script with (``bash -c HARNESS_COMMAND SCRIPT ARGS…``).
HARNESS_COMMAND = '. "$BASH_DAP_HARNESS"'
_SHEBANGS = (b"#!/bin/bash", b"#!/usr/bin/bash", b"#!/usr/bin/env bash", b"#!/bin/sh", b"#!/usr/bin/env sh")


def find_bash_dap() -> str | None:
    """The ``bash-dap`` command, or None (see the module doc for the search order)."""
    explicit = os.environ.get("DAPCLI_BASH_DAP")
    if explicit:
        explicit = os.path.expanduser(explicit)
        return shutil.which(explicit) or (os.path.abspath(explicit) if os.access(explicit, os.X_OK) else None)
    beside = os.path.join(os.path.dirname(sys.executable), "bash-dap")
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which("bash-dap")


def is_bash_script(path: str) -> bool:
    """True for a file without an extension whose first line runs bash or sh (``#!/bin/bash``,
    ``#!/usr/bin/env bash``, ``#!/bin/sh``)."""
    head = read_regular(path, 64, whole=False)  # never a FIFO: it would block
    if head is None:
        return False
    first = head.split(b"\n", 1)[0]
    words = b" ".join(first.split())
    return any(words == shebang or words.startswith(shebang + b" ") for shebang in _SHEBANGS)


class BashAdapter(AdapterSpec):
    name = "bash"
    aliases = ("bash-dap", "sh", "shell")
    adapter_id = "bash"
    description = "bash scripts (bash-dap)"
    extensions = (".sh", ".bash")
    install_hint = "pip install bash-dap (into dapcli's environment, or pipx install bash-dap)"
    runtime = "bash"
    initialized_after_launch = True
    stops_at_log_points = True
    condition_example = "(( i == 3 ))"

    def handles(self, program: str) -> bool:
        """A ``.sh``/``.bash`` file, or one without an extension that starts ``#!/bin/bash``."""
        if self.of_kind(program):
            return True
        return os.path.splitext(program)[1] == "" and os.path.isfile(program) and is_bash_script(program)

    def find(self) -> str | None:
        return find_bash_dap()

    def version(self) -> str | None:
        """``bash-dap --version``'s version (``bash-dap 0.3`` → ``0.3``), or None."""
        path = self.find()
        if path is None:
            return None
        import subprocess

        try:
            out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            return None
        words = out.split()
        return words[-1] if words else None

    async def start(self) -> tuple[Transport, int]:
        path = self.find()
        if path is None:
            raise AdapterError("bash-dap is not installed", f"install it: {self.install_hint}")
        from dapcli.protocol.transport import StdioTransport

        transport = await StdioTransport.spawn([path])
        return transport, transport.pid

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        """The script must exist, and bash must be on PATH."""
        if not os.path.isfile(options.program):
            raise UsageError(f"no such script: {options.program}", "give the path of a bash script")
        if shutil.which(str(options.settings.get("bash") or "bash")) is None:
            raise AdapterError("bash is not on PATH", "install bash, or pass --set bash=/path/to/bash")
        return []

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        in_terminal = options.terminal or bool(options.stdin)
        arguments: dict[str, Any] = {
            "type": "bashdap", "request": "launch", "name": "dapcli",
            "program": options.program, "args": list(options.args), "cwd": options.cwd,
            "env": dict(options.env), "stopOnEntry": options.stop_on_entry,
            "console": "integratedTerminal" if in_terminal else "internalConsole",
        }
        arguments.update(options.extra)
        return arguments

    def terminal_command(self, argv: list[str], launch: dict[str, Any]) -> str | None:
        """bash-dap's own command line only: the launch's bash running the harness."""
        from dapcli.adapters.launcher import same_program

        bash = str(launch.get("bash") or "bash")
        if len(argv) >= 3 and same_program(argv[0], bash) and argv[1:3] == ["-c", HARNESS_COMMAND]:
            return None
        return (f"the adapter asked dapcli to run {argv[0] if argv else 'nothing'!r}, which is not "
                f"bash-dap's own command line ({bash} -c {HARNESS_COMMAND!r} SCRIPT)")

    def hit_condition(self, condition: str) -> str | None:
        """bash-dap has no hit conditions: they are counted in the condition (:meth:`hit_counter`)."""
        return None

    def evaluate_error(self, result: str, type_name: str | None) -> str | None:
        """bash-dap answers an expression bash refused with bash's error as its value
        (``…/bash_dap/harness.sh: eval: line 132: unexpected EOF while looking for …``): that error."""
        import re

        found = re.match(r"\S*harness\.sh: (?:eval: )?line \d+: ([^\n]*)", result)
        return found.group(1) if found else None

    def condition_error(self, condition: str) -> str | None:
        """A bash command that does not parse (``bash -n``), or one that reads the positional
        parameters: bash-dap runs it in a function of its own, where ``$1``, ``$@``, ``$#`` are
        its arguments, not the script's (it would hold, or not, silently wrong)."""
        import re
        import subprocess

        if re.search(r"\$\{?[1-9@#*]", condition):
            return ("bash-dap runs it in a function of its own: $1…$9, $@, $* and $# there are not the script's "
                    "(copy them into a variable the script sets, and test that)")
        try:
            done = subprocess.run(["bash", "-n", "-c", condition], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if done.returncode == 0:
            return None
        said = [line for line in done.stderr.splitlines() if line.strip()]
        return re.sub(r"^bash: (-c: )?(line \d+: )?", "", said[0]) if said else "bash cannot read it"

    def hit_counter(self, condition: str, name: str) -> str | None:
        """A bash command that counts the hits in a file of bash-dap's own folder
        (``$__bdap_dir``, removed with the session; the condition runs in a subshell, so a
        variable would not keep the count) and whose status says whether dapcli's hit
        ``condition`` is met: bash-dap decides at each hit, without a stop."""
        from dapcli.adapters.hits import parse_hit

        parsed = parse_hit(condition)
        if parsed is None:
            return None
        operator, number = parsed
        counter = f'"$__bdap_dir/dapcli-{name}"'
        test = f"n % {number} == 0" if operator == "%" else f"n {operator} {number}"
        return (f"n=$(( $(cat {counter} 2>/dev/null || echo 0) + 1 )); echo $n > {counter}; "
                f"(( {test} ))")

    def counted_condition(self, condition: str, counter: str) -> str:
        """``{ CONDITION; } && { COUNTER; }``: the hits count where the user's command succeeds."""
        return f"{{ {condition}; }} && {{ {counter}; }}"

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        raise UsageError("bash-dap cannot attach to a running script",
                         "launch the script under the debugger: dapcli launch SCRIPT.sh")
