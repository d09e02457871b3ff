"""What kind of executable a file is, from its bytes: ELF or Mach-O (what lldb and gdb debug),
and whether Go built it (Delve's). Standard library only: the one-shot client reads it to tell
which adapter a session host may start early (:mod:`dapcli.adapters.native.early`)."""

from __future__ import annotations

__all__ = ["ELF_MAGIC", "go_build_flags", "is_native_executable"]

ELF_MAGIC = b"\x7fELF"
MACHO_MAGICS = frozenset({
    b"\xfe\xed\xfa\xce", b"\xce\xfa\xed\xfe", b"\xfe\xed\xfa\xcf", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe",
})
_BUILDINFO_MAGIC = b"\xff Go buildinf:"


def _magic(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(4)
    except OSError:
        return b""


def is_native_executable(path: str) -> bool:
    """True for an ELF or Mach-O file (what lldb and gdb debug)."""
    magic = _magic(path)
    return magic == ELF_MAGIC or magic in MACHO_MAGICS


def go_build_flags(path: str) -> str | None:
    """The ``-gcflags`` a Go executable was built with (``""`` when none), or None when
    ``path`` is not a Go executable (no Go build info in it)."""
    try:
        with open(path, "rb") as handle:
            if handle.read(4) not in (ELF_MAGIC, b"\xcf\xfa\xed\xfe", b"MZ\x90\x00"):
                return None
            import mmap

            with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
                if data.find(_BUILDINFO_MAGIC) < 0:
                    return None
                at = data.find(b"build\t-gcflags=")
                if at < 0:
                    return ""
                end = data.find(b"\n", at)
                return data[at + len(b"build\t-gcflags="): end].decode("utf-8", "replace").strip('"')
    except (OSError, ValueError):
        return None
