"""The native families' early start (their starter, see :mod:`dapcli.adapters.early.runner`):
lldb-dap for a native executable not built by Go (gdb when lldb-dap is missing, the registry's
order), or the family ``--adapter`` names; a plain launch is said early to lldb-dap only.
Standard library only at import (the families are imported when asked about)."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from dapcli.adapters.native.lldb import LldbAdapter

__all__ = ["KEYS", "command", "family", "launches", "named", "runs"]

KEYS = ("lldb", "gdb", "native")


def named(chosen: str) -> str | None:
    """``"lldb"`` or ``"gdb"`` when ``--adapter CHOSEN`` names that family (by name or alias)."""
    from dapcli.adapters.native.gdb import GdbAdapter
    from dapcli.adapters.native.lldb import LldbAdapter

    for family_class in (LldbAdapter, GdbAdapter):
        if chosen == family_class.name or chosen in family_class.aliases:
            return family_class.name
    return None


def runs(program: str) -> str | None:
    """``"native"`` for an ELF or Mach-O executable that Delve would not take (not built by Go)."""
    return "native" if _native(program) else None


def _native(path: str) -> bool:
    from dapcli.adapters.filekind import go_build_flags, is_native_executable

    return is_native_executable(path) and go_build_flags(path) is None


def command(name: str) -> tuple[list[str], dict[str, str] | None] | None:
    """The argv and environment (None: this process's) the family ``name`` starts its adapter
    with (``native``: lldb-dap, else gdb), or None when it is not installed."""
    if name in ("lldb", "native"):
        from dapcli.adapters.native.lldb import LldbAdapter

        path = LldbAdapter().find()
        if path or name == "lldb":
            return ([path], None) if path else None
        name = "gdb"  # the registry's order for a native program: lldb-dap, else gdb
    if name == "gdb":
        from dapcli.adapters.native.gdb import GdbAdapter

        gdb = GdbAdapter()
        return (gdb.adapter_argv(), None) if gdb.find() else None
    return None


def launches(program: str) -> str | None:
    """``"lldb"`` when a plain launch of ``program`` can be said early: a native executable, and
    lldb-dap installed."""
    return "lldb" if _native(program) and command("lldb") is not None else None


def family(key: str) -> LldbAdapter | None:
    """The family that speaks for an early launch."""
    from dapcli.adapters.native.lldb import LldbAdapter

    return LldbAdapter() if key == "lldb" else None
