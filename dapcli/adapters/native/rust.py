"""Rust values as Rust shows them on the native adapters: the Rust toolchain's own formatters.

rustc ships its lldb formatters (``lldb_lookup.py`` and the ``lldb_commands`` that register them:
``String`` as ``"ferris"``, ``Vec`` and slices by their elements, ``Option``/``Result`` as
``Some(7)``/``Err("bad")``, ``HashMap``, enums with data) in its sysroot, under
``lib/rustlib/etc`` (what ``rust-lldb`` loads). For a binary rustc built, lldb-dap gets them as
``initCommands``; CodeLLDB has its own Rust support, switched on with ``sourceLanguages``; gdb gets
the toolchain's pretty-printers (``gdb_lookup.py``, what ``rust-gdb`` loads) registered for every
object file.
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the early-launch path imports this)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "MIN_FORMATTERS", "PANIC_BREAKPOINT", "PANIC_FUNCTIONS", "gdb_printer_commands", "is_rust_binary",
    "lldb_formatter_commands", "panic_text", "rust_sysroot", "rust_version",
]

#: What rustc writes in every binary's ``.comment`` section (``rustc version 1.83.0 …``).
_RUSTC_MARK = b"rustc version "
_SYSROOT: dict[str, str | None] = {}
#: The function the Rust runtime calls for every panic, after its hook printed the message
#: (``__rustc::rust_panic`` since Rust 1.9x). A stop there is a panic (``verbs/shared/stop/panic.py``).
PANIC_FUNCTIONS = frozenset({"rust_panic", "__rustc::rust_panic"})
#: The toolchain's formatter registration for every type, and what dapcli narrows it to.
_CATCH_ALL = '-x ".*"'
_STD_ENUMS = '-x "^(core::([a-z_]+::)+)(Option|Result)<.+>$"'
#: lldb's breakpoint on it, set for a Rust binary (CodeLLDB's "on panic" does the same).
PANIC_BREAKPOINT = "breakpoint set --name rust_panic --name __rustc::rust_panic"


def is_rust_binary(program: str) -> bool:
    """Whether ``program`` (a path) is an executable rustc built: its ``.comment`` names rustc
    (one linear scan of the file, mapped; False for anything unreadable)."""
    import mmap

    try:
        with open(program, "rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return data[:4] == b"\x7fELF" and data.find(_RUSTC_MARK) != -1
    except (OSError, ValueError):
        return False


def attached_program(program: str | None, process_id: int | None) -> str:
    """The executable of an attach: ``program`` when given, else the local process's own
    (``/proc/PID/exe``); "" when neither can be read (another user's process, a remote one)."""
    if program:
        return program
    if process_id is None:
        return ""
    import os

    try:
        return os.readlink(f"/proc/{process_id}/exe")
    except OSError:
        return ""


#: The oldest toolchain whose lldb formatters read values right on lldb 19 (1.63's show a String
#: as ``"``): an older one's are not loaded, and values are shown as the compiler's structs.
MIN_FORMATTERS = (1, 75)
_VERSION: dict[str, tuple[int, int] | None] = {}


def rust_version() -> tuple[int, int] | None:
    """(major, minor) of ``rustc --version`` (``DAPCLI_RUSTC`` names another rustc), or None."""
    import shutil
    import subprocess

    rustc = os.environ.get("DAPCLI_RUSTC") or shutil.which("rustc")
    if not rustc:
        return None
    if rustc not in _VERSION:
        try:
            said = subprocess.run([rustc, "--version"], capture_output=True, text=True, timeout=20, check=False,
                                  stdin=subprocess.DEVNULL).stdout
        except (OSError, subprocess.SubprocessError):
            said = ""
        found = re.match(r"rustc (\d+)\.(\d+)", said)
        _VERSION[rustc] = (int(found.group(1)), int(found.group(2))) if found else None
    return _VERSION[rustc]


def rust_sysroot() -> str | None:
    """``rustc --print sysroot`` (``DAPCLI_RUSTC`` names another rustc), or None without rustc;
    asked once per process."""
    import shutil
    import subprocess

    rustc = os.environ.get("DAPCLI_RUSTC") or shutil.which("rustc")
    if not rustc:
        return None
    if rustc not in _SYSROOT:
        try:
            done = subprocess.run([rustc, "--print", "sysroot"], capture_output=True, text=True, timeout=20,
                                  check=False, stdin=subprocess.DEVNULL)
            _SYSROOT[rustc] = done.stdout.strip() or None if done.returncode == 0 else None
        except (OSError, subprocess.SubprocessError):
            _SYSROOT[rustc] = None
    return _SYSROOT[rustc]


def _etc(program: str, script: str) -> str | None:
    """The sysroot's ``lib/rustlib/etc`` when ``program`` is a Rust binary and it holds ``script``."""
    if not is_rust_binary(program):
        return None
    version = rust_version()
    if version is None or version < MIN_FORMATTERS:
        return None
    sysroot = rust_sysroot()
    etc = os.path.join(sysroot, "lib", "rustlib", "etc") if sysroot else None
    return etc if etc is not None and os.path.isfile(os.path.join(etc, script)) else None


def gdb_printer_commands(program: str) -> list[str]:
    """The gdb command that registers the Rust pretty-printers for ``program`` (a one-line
    ``python``: gdb's global printer list), or ``[]``."""
    etc = _etc(program, "gdb_lookup.py")
    if etc is None:
        return []
    return [f"python import sys; sys.path.insert(0, {etc!r}); import gdb_lookup; gdb_lookup.register_printers(gdb)"]


def lldb_formatter_commands(program: str, quote: object) -> list[str]:
    """The lldb commands that load the Rust formatters for ``program`` (``quote``: how an lldb
    command argument is quoted), or ``[]`` when it is not a Rust binary or no rustc is found."""
    etc = _etc(program, "lldb_lookup.py")
    if etc is None:
        return []
    assert callable(quote)
    try:
        with open(os.path.join(etc, "lldb_commands"), encoding="utf-8") as handle:
            lines = [line.strip() for line in handle if line.strip() and not line.lstrip().startswith("#")]
    except OSError:
        return []
    # the toolchain's catch-all (every type through its classifier) misreads the user's enums with
    # data on older lldb (19 with Rust 1.9x: a garbage String length, minutes in one `variables`
    # request): it is narrowed to the standard library's Option and Result
    return [f"command script import {quote(os.path.join(etc, 'lldb_lookup.py'))}",
            *(line.replace(_CATCH_ALL, _STD_ENUMS) for line in lines)]


#: How far back the panic message is looked for in the program's stderr (characters).
_MESSAGE_WINDOW = 64 * 1024
#: Longest message kept (characters); a longer one is cut with a marker.
_MESSAGE_MAX = 1000


def panic_text(output: Any) -> str | None:
    """The newest panic message in ``output`` (an ``OutputBuffer``; the program's stderr, which
    lldb-dap sends as stdout) as ``MESSAGE (panicked at FILE:LINE:COL)``, from ``thread 'main'
    panicked at FILE:LINE:COL:`` and the message up to the backtrace or its note; None when there
    is none. Linear in the text read."""
    chunks = output.since(0, {"stderr", "stdout"})  # lldb-dap reads both from one terminal
    text, size = [], 0
    for chunk in reversed(chunks):
        text.append(chunk.output)
        size += len(chunk.output)
        if size >= _MESSAGE_WINDOW:
            break
    tail = "".join(reversed(text))[-_MESSAGE_WINDOW:]
    start = tail.rfind("panicked at ")
    if start < 0:
        return None
    if tail.startswith("'", start + len("panicked at ")):  # Rust before 1.73: at 'MESSAGE', FILE:LINE:COL
        place = _OLD_PLACE.search(tail, start)
        if place is not None:
            return _said(tail[start + len("panicked at '"):place.start()].strip(), place.group(1))
    line_end = tail.find("\n", start)
    where = tail[start + len("panicked at "):line_end if line_end >= 0 else len(tail)].rstrip(":").strip()
    if line_end < 0:
        return f"panicked at {where}"
    body = tail[line_end + 1:]
    ends = [i for i in (body.find("\nnote: "), body.find("\nstack backtrace:")) if i >= 0]
    if body.startswith(("note: ", "stack backtrace:")):
        ends.append(0)
    message = body[:min(ends)] if ends else body
    return _said(message.strip(), where)


#: Where an old-style panic message ends: ``', FILE:LINE:COL`` at a line's end.
_OLD_PLACE = re.compile(r"', ([^'\n]+:\d+:\d+)$", re.MULTILINE)


def _said(message: str, where: str) -> str:
    if len(message) > _MESSAGE_MAX:
        message = message[:_MESSAGE_MAX] + f"… [{len(message) - _MESSAGE_MAX} more characters]"
    return f"{message} (panicked at {where})" if message else f"panicked at {where}"
