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

import mmap
import os
import shutil
import subprocess

__all__ = ["PANIC_BREAKPOINT", "PANIC_FUNCTIONS", "gdb_printer_commands", "is_rust_binary", "lldb_formatter_commands",
           "rust_sysroot"]

#: What rustc writes in every binary's ``.comment`` section (``rustc version 1.83.0 …``).
_RUSTC_MARK = b"rustc version "
_SYSROOT: dict[str, str | None] = {}
#: The function the Rust runtime calls for every panic, after its hook printed the message
#: (``__rustc::rust_panic`` since Rust 1.9x). A stop there is a panic (``verbs/shared/stop/panic.py``).
PANIC_FUNCTIONS = frozenset({"rust_panic", "__rustc::rust_panic"})
#: lldb's breakpoint on it, set for a Rust binary (CodeLLDB's "on panic" does the same).
PANIC_BREAKPOINT = "breakpoint set --name rust_panic --name __rustc::rust_panic"


def is_rust_binary(program: str) -> bool:
    """Whether ``program`` (a path) is an executable rustc built: its ``.comment`` names rustc
    (one linear scan of the file, mapped; False for anything unreadable)."""
    try:
        with open(program, "rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return data[:4] == b"\x7fELF" and data.find(_RUSTC_MARK) != -1
    except (OSError, ValueError):
        return False


def rust_sysroot() -> str | None:
    """``rustc --print sysroot`` (``DAPCLI_RUSTC`` names another rustc), or None without rustc;
    asked once per process."""
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
    return [f"command script import {quote(os.path.join(etc, 'lldb_lookup.py'))}",
            f"command source -s 1 {quote(os.path.join(etc, 'lldb_commands'))}"]
