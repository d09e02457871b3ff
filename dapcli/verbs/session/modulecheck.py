"""``launch -m MODULE`` of a module that Python cannot find: one line that says so.

Python's ``-m`` (and debugpy's, which does the same) prints ``…: No module named X`` or ``…:
Error while finding module specification for 'X' (…)`` and exits 1 before running anything; that
is a usage error of the launch (as a missing program file is), with a hint that names a ``src/``
layout when the package is there.
"""

from __future__ import annotations

import os
import re

from dapcli.engine.session import Session
from dapcli.errors import UsageError

__all__ = ["missing_module"]

#: runpy's two messages (``sys.executable: MESSAGE``), for the module asked for.
_RUNPY = re.compile(r"^.*?: (?:No module named (?P<plain>\S+?)(?P<rest>[;:].*)?|Error while finding module "
                    r"specification for (?P<spec>'[^']+') \((?P<error>\w+): (?P<detail>.*)\))\s*$")


def missing_module(session: Session, module: str, work_dir: str) -> UsageError | None:
    """The error for a ``-m module`` run that ended at once because Python found no such module
    (or a package without ``__main__``) in ``work_dir``; None for any other end."""
    if not session.ended or session.exit_code != 1 or session.last_stop is not None:
        return None
    text = "".join(c.output for c in session.output.since(0) if c.category in ("stderr", "stdout", "console"))
    for line in reversed(text.splitlines()):
        found = _RUNPY.match(line.strip())
        if found is None:
            continue
        named = found.group("plain") or found.group("spec").strip("'")
        if named.split(".")[0] != module.split(".")[0]:
            continue  # not runpy's word on this module
        said = f"No module named {found.group('plain')}{found.group('rest') or ''}" if found.group("plain") \
            else found.group("detail")
        return UsageError(f"-m {module}: {said.strip()} (in {work_dir})", _hint(module, work_dir))
    return None


def _hint(module: str, work_dir: str) -> str:
    top = module.split(".")[0]
    for folder in ("src", "lib", "python"):
        base = os.path.join(work_dir, folder)
        if os.path.isdir(os.path.join(base, top)) or os.path.isfile(os.path.join(base, f"{top}.py")):
            return (f"{top} is in {folder}/: add --cwd {folder}, or --env PYTHONPATH={folder}, or install the project "
                    "(pip install -e .) in the interpreter dapcli uses (--python)")
    return "check the module's name, the working directory (--cwd) and the interpreter (--python)"
