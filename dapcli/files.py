"""Reading the small text files a user hands to dapcli (recipes, ``launch.json``, adapters
files) with bounds: only regular files (a FIFO or a device such as ``/dev/zero`` would block or
never end), at most a given size, UTF-8 without NUL bytes. Stdlib only."""

from __future__ import annotations

import os
import stat

from dapcli.errors import UsageError

__all__ = ["MAX_CONFIG_BYTES", "MAX_RECIPE_BYTES", "read_text_file"]

#: Largest recipe file (bytes).
MAX_RECIPE_BYTES = 16 * 1024 * 1024
#: Largest ``launch.json`` or adapters file (bytes).
MAX_CONFIG_BYTES = 1024 * 1024


def read_text_file(path: str, *, max_bytes: int, display: str | None = None, encoding: str = "utf-8") -> str:
    """The text of the regular file ``path``.

    Raises:
        FileNotFoundError: there is no such file (callers word it for their kind of file).
        UsageError: not a regular file, over ``max_bytes``, not text in ``encoding``, holds a
            NUL byte, or unreadable (``display: problem``, one line).
    """
    name = display or path
    if "\x00" in path:
        raise UsageError(f"{name!r}: a path cannot contain a NUL byte")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UsageError(f"{name}: cannot read: {exc.strerror}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "a FIFO" if stat.S_ISFIFO(info.st_mode) \
            else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "a special file"
        raise UsageError(f"{name}: is {kind}, not a regular file", "give the path of a regular file")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > max_bytes:
            raise UsageError(f"{name}: too large ({info.st_size} bytes; at most {max_bytes})")
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise UsageError(f"{name}: cannot read: {exc.strerror}") from None
    if len(data) > max_bytes:
        raise UsageError(f"{name}: too large (more than {max_bytes} bytes)")
    if b"\x00" in data:
        raise UsageError(f"{name}: contains a NUL byte (not a text file?)")
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        raise UsageError(f"{name}: not {encoding.upper().removesuffix('-SIG')} text") from None
