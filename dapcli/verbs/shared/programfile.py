"""Refuse a launch target that is not a program file (a device, a FIFO, a socket, a directory)
before any adapter starts: ``/dev/zero`` would be read forever, a FIFO would hang the launch."""

from __future__ import annotations

import os
import stat

from dapcli.adapters.filekind import is_native_executable
from dapcli.calls import call
from dapcli.errors import UsageError, echo

__all__ = ["check_program_file", "check_rerun", "file_kind", "program_source"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dapcli.engine.session import Session
    from dapcli.verbs.context import VerbContext

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"))


def file_kind(path: str) -> str | None:
    """None for a regular file (or a path that cannot be stat'ed), else what it is: "a directory",
    "a character device", "a block device", "a FIFO" or "a socket". Never opens ``path``."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return next((kind for test, kind in _KINDS if test(mode)), None)


def check_program_file(program: str, path: str, adapter: str) -> None:
    """Raise UsageError (exit 2) unless ``path`` (``program`` as typed, resolved) is a regular file;
    a directory passes for the ``go`` adapter (Delve builds a package directory)."""
    kind = file_kind(path)
    if kind is None or (kind == "a directory" and adapter == "go"):
        return
    hint = ("give the path of a Go file, package directory or executable" if adapter == "go"
            else "give the path of a program file (a script or an executable)")
    raise UsageError(f"{program} is {kind}, not a program file", hint)


def check_rerun(program: str, module: str | None, cwd: str, stdin: str | None, adapter: str) -> None:
    """Before ``restart`` ends the running session: raise UsageError (exit 2, the session left as
    it was) when what the launch checked is gone since — the program file (deleted, or now a
    directory or a FIFO the interpreter would wait on), the working directory, the ``--stdin`` file."""
    hint = f"put it back, or {call('launch')} another; the session is as it was"
    if module is None and not os.path.exists(program):
        raise UsageError(f"the program is not there any more: {echo(program)}", hint)
    if module is None:
        check_program_file(program, program, adapter)
    if not os.path.isdir(cwd):
        raise UsageError(f"the working directory is not there any more: {echo(cwd)}", hint)
    if stdin is not None and (not os.path.exists(stdin) or file_kind(stdin)):
        raise UsageError(f"the --stdin file is not a regular file any more: {echo(stdin)}", hint)


def program_source(ctx: VerbContext, session: Session) -> str | None:
    """The launched program when it is a source file (``cart.py``, ``app.js``, ``main.go``): what
    a bare ``-b LINE`` means before the first stop. None for an executable, a folder, ``-m``, a test run."""
    options = session.launch_options
    program = options.program if options is not None and session.test_run is None else None  # not a runner's
    if not program:
        return None
    program = ctx.resolve(program)
    return None if not os.path.isfile(program) or is_native_executable(program) else program
