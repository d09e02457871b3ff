"""What ``dapcli adapters``, ``doctor`` and a failed start say about gdb: its version, and what to
install, naming only what is missing here (gdb; or, for a gdb < 14 without a DAP interpreter of
its own, cdt-gdb-adapter or node)."""

from __future__ import annotations

import re
import sys

from dapcli.adapters.native.common import npm_install, tool_output

__all__ = ["gdb_version", "install_hint", "missing_text", "older_gdb_hint", "read_text"]


def gdb_version(path: str) -> tuple[int, int] | None:
    """(major, minor) of the gdb at ``path`` (``GNU gdb (Debian 13.1-3) 13.1`` → (13, 1))."""
    first = (tool_output(path, "--version").splitlines() or [""])[0]
    found = re.findall(r"(\d+)\.(\d+)", first)
    return (int(found[-1][0]), int(found[-1][1])) if found else None


def install_hint() -> str:
    """How to install gdb (and, for a gdb < 14, cdt-gdb-adapter) on this platform."""
    if sys.platform == "darwin":
        return "brew install gdb (gdb ≥ 14 has DAP built in); or use --adapter lldb"
    return ("apt-get install gdb (gdb ≥ 14 speaks DAP itself); with an older gdb also: "
            f"{npm_install('cdt-gdb-adapter')} (needs node)")


def older_gdb_hint(have_script: bool) -> str:
    """What to install when gdb is here but older than 14: what it lacks, not gdb again."""
    if have_script:
        return "install Node.js (apt-get install nodejs), or a gdb ≥ 14"
    return f"{npm_install('cdt-gdb-adapter')} (needs node), or install a gdb ≥ 14"


def missing_text(gdb: str, have_script: bool) -> str:
    """The hint when the gdb at ``gdb`` is here but no adapter for it is: a gdb < 14 (no DAP of
    its own) lacks cdt-gdb-adapter (``have_script`` False) or node; never "install gdb" again."""
    have = ".".join(map(str, gdb_version(gdb) or ()))
    return f"gdb {have} is here (no DAP before gdb 14): {older_gdb_hint(have_script)}"


def read_text(path: str) -> str:
    """The text of the file at ``path`` (a package.json), or "" when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        return ""
