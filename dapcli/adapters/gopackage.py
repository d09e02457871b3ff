"""What to do when Delve cannot launch a Go package because it is not a program: the package
clause of its files (``package golib`` is a library) and whether ``package main`` has
``func main``. Read from the source, only after Delve refused (no guess refuses a launch)."""

from __future__ import annotations

import os
import re

from dapcli.files import read_regular_text

__all__ = ["program_hint"]

_PACKAGE = re.compile(r"^package\s+(\w+)", re.MULTILINE)
_MAIN_FUNC = re.compile(r"^func\s+main\s*\(\s*\)", re.MULTILINE)
_NOT_A_PROGRAM = ("not an executable file", "function main is undeclared in the main package",
                  "is not a main package", "cannot run non-main package")


def program_hint(program: str, message: str) -> str | None:
    """One line that says what to do, when ``message`` (Delve's launch error) says that
    ``program`` (a .go file or a package folder) builds no executable; else None."""
    if not any(said in message for said in _NOT_A_PROGRAM):
        return None
    files = _go_files(program)
    packages = {name for name in (_package(f) for f in files) if name}
    relative = os.path.relpath(program) if os.path.isabs(program) else program
    where = program if relative.startswith("..") else relative.rstrip(os.sep) or program  # examples/go, not go
    tests = "or debug its tests with `dapcli test --adapter go` in its folder"
    if packages and "main" not in packages:
        return (f"{where} is package {', '.join(sorted(packages))}, a library, not a program: launch a package main "
                f"that has func main(), {tests}")
    if "main" in packages and not any(_MAIN_FUNC.search(_text(f)) for f in files):
        return f"package main in {where} has no func main(): add one, {tests}"
    return None


def _go_files(program: str) -> list[str]:
    if os.path.isdir(program):
        try:
            names = sorted(os.listdir(program))
        except OSError:
            return []
        return [os.path.join(program, n) for n in names if n.endswith(".go") and not n.endswith("_test.go")]
    return [program] if program.endswith(".go") else []


def _text(path: str) -> str:
    return read_regular_text(path, 200_000, whole=False) or ""  # never a FIFO: it would block


def _package(path: str) -> str | None:
    found = _PACKAGE.search(_text(path))
    return found.group(1) if found else None
