"""Reading the small text files a user hands to dapcli (recipes, ``launch.json``, adapters
files) with bounds: only regular files (a FIFO or a device such as ``/dev/zero`` would block or
never end), at most a given size, UTF-8 without NUL bytes; and the lock of a file dapcli
writes (:func:`locked`). Stdlib only."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections.abc import Iterator

from dapcli.errors import UsageError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the CLI's hot path imports this module)
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["MAX_CONFIG_BYTES", "MAX_RECIPE_BYTES", "MAX_STDIN_BYTES", "is_number", "locked", "read_regular",
           "read_regular_text", "read_text_file", "save_stdin", "split_lines", "split_out", "split_source_lines",
           "split_words", "write_text_file"]

#: Largest recipe file (bytes): checked with ``fstat`` before reading (a 10,000-step recipe is
#: ~0.6 MiB).
MAX_RECIPE_BYTES = 4 * 1024 * 1024
#: Largest ``launch.json`` or adapters file (bytes).
MAX_CONFIG_BYTES = 1024 * 1024
#: Most bytes ``--stdin -`` keeps of this command's stdin for the program.
MAX_STDIN_BYTES = 256 * 1024 * 1024


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


def is_number(text: str) -> bool:
    """True when ``text`` is a whole number of ASCII digits (``12``), what :func:`int` reads as the
    user meant it. ``str.isdigit`` also says yes to ``²`` (which :func:`int` refuses) and to
    ``١٢`` (which it reads as 12): neither is a line, an id or a port anyone typed on purpose."""
    return text.isascii() and text.isdigit()


def read_regular(path: str, limit: int, *, whole: bool = True) -> bytes | None:
    """The bytes of ``path`` when it is a regular file: at most ``limit`` of them, or (``whole``)
    None when it holds more. None too when it is missing, unreadable, or not a regular file: a
    FIFO found by a scan of the user's folders (or named as a source file) would block the
    reader for good, a device such as ``/dev/zero`` never ends. Opened without blocking and
    checked on the open file (no race with a file swapped after a ``stat``). Never raises."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or (whole and info.st_size > limit):
            return None
        chunks, left = [], limit + 1 if whole else limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        return None if whole and len(data) > limit else data
    except OSError:
        return None
    finally:
        os.close(fd)


def read_regular_text(path: str, limit: int, *, whole: bool = True) -> str | None:
    """:func:`read_regular` decoded as UTF-8, an undecodable byte replaced (U+FFFD)."""
    data = read_regular(path, limit, whole=whole)
    return None if data is None else data.decode("utf-8", errors="replace")


def save_stdin(path: str, source: BinaryIO, limit: int = MAX_STDIN_BYTES) -> None:
    """``--stdin -``: copy ``source`` (this command's stdin) into the private file ``path`` (0600,
    never through a symbolic link), a MiB at a time, never holding it all in memory.

    Raises:
        UsageError: more than ``limit`` bytes came (an endless source such as ``/dev/zero`` or
            ``yes``; nothing is kept), or ``path`` cannot be written.
    """
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    except OSError as exc:
        raise UsageError(f"--stdin -: cannot keep the input in {path}: {exc.strerror}") from None
    total = 0
    with os.fdopen(descriptor, "wb") as handle:
        while chunk := source.read(1 << 20):
            total += len(chunk)
            if total > limit:
                break
            handle.write(chunk)
    if total > limit:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise UsageError(f"--stdin -: more than {limit // (1024 * 1024)} MiB came on stdin (an endless source "
                         "such as /dev/zero?)", "write the input to a file and give --stdin FILE")


def write_text_file(path: str, text: str, *, display: str | None = None, private: bool = False) -> None:
    """Write ``text`` (UTF-8) to the regular file ``path``, replacing what it held — never
    through a symbolic link (another user's link in a shared folder would aim the write at a
    file of ours), never into a FIFO or device (it would block or go nowhere). A new file gets
    the umask's mode; ``private`` (the text holds secrets such as ``env`` values) makes it 0600,
    an existing file too.

    Raises:
        UsageError: ``path`` is a symbolic link, a directory or not a regular file, or cannot
            be written (``display: problem``, one line).
    """
    import errno

    name = display or path
    if "\x00" in path:
        raise UsageError(f"{name!r}: a path cannot contain a NUL byte")
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY
    try:
        fd = os.open(path, flags, 0o600 if private else 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UsageError(f"{name}: is a symbolic link; dapcli does not write through one",
                             "give the path of a regular file (or remove the link)") from None
        if exc.errno == errno.ENXIO:  # a FIFO nobody reads
            raise UsageError(f"{name}: is a FIFO, not a regular file", "give the path of a regular file") from None
        raise UsageError(f"{name}: cannot write: {exc.strerror}", "choose a path you can write") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device" \
                if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "a special file"
            raise UsageError(f"{name}: is {kind}, not a regular file", "give the path of a regular file")
        if private and info.st_mode & 0o077:
            os.fchmod(fd, 0o600)
        os.ftruncate(fd, 0)
        data = text.encode("utf-8")
        while data:
            data = data[os.write(fd, data):]
    except OSError as exc:
        raise UsageError(f"{name}: cannot write: {exc.strerror}", "choose a path you can write") from None
    finally:
        os.close(fd)


@contextlib.contextmanager
def locked(path: str, timeout: float) -> Iterator[None]:
    """An exclusive ``flock`` on ``path`` (created 0600): the lock filelock takes on Unix, so the
    two exclude each other (a session host tests a launch's lock with filelock), without
    filelock's import (~35 ms of CPU, in a launch's client and in its session host). A file
    unlinked while we waited (a host removes its launch lock) is opened again. Raises
    TimeoutError after ``timeout`` seconds."""
    import fcntl

    deadline = time.monotonic() + timeout
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path} is locked") from None
            time.sleep(0.05)  # filelock's poll interval
            continue
        except BaseException:
            os.close(fd)
            raise
        try:
            current = os.stat(path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            current = False
        if current:
            break
        os.close(fd)
    try:
        yield
    finally:
        os.close(fd)  # closing the file releases the lock


#: What ends a line of source or program text: ``\n``, ``\r\n`` or ``\r`` — and nothing else.
_LINE_END = re.compile(r"\r\n|\r|\n")


#: Line ends of languages whose compiler counts lines otherwise (by a source file's suffix): Go,
#: Rust and Ruby end a line only at ``\n`` (a lone ``\r`` is inside its line); JavaScript and
#: TypeScript also at U+2028 and U+2029 (ECMAScript's LineTerminator).
_LANGUAGE_LINE_ENDS = {
    **dict.fromkeys((".go", ".rs", ".rb"), re.compile(r"\r?\n")),
    **dict.fromkeys((".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"), re.compile("\r\n|\r|\n|\u2028|\u2029")),
}


def split_source_lines(text: str, path: str) -> list[str]:
    """``text``, the source file ``path``, cut into lines where its language's compiler counts
    them (so that line N is the line the adapter means by N): :func:`split_lines`, except for the
    suffixes of :data:`_LANGUAGE_LINE_ENDS`. One linear pass."""
    ends = _LANGUAGE_LINE_ENDS.get(os.path.splitext(path)[1].lower())
    if ends is None:
        return split_lines(text)
    lines = ends.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


def split_lines(text: str, *, keepends: bool = False) -> list[str]:
    """``text`` cut into lines where an adapter, a compiler and an editor see them: only at
    ``\n``, ``\r\n`` and ``\r``. Unlike :meth:`str.splitlines`, a form feed, ``\x1c``–``\x1e``,
    ``\x85``, U+2028 or U+2029 stays inside its line (splitting there shifts every later line
    number). Like it, a final line end adds no empty line; ``keepends`` keeps each line's end.
    One linear pass."""
    if not keepends:
        lines = _LINE_END.split(text)
        if lines[-1] == "":
            lines.pop()
        return lines
    found, start = [], 0
    for end in _LINE_END.finditer(text):
        found.append(text[start:end.end()])
        start = end.end()
    if start < len(text):
        found.append(text[start:])
    return found


def split_out(text: str, ours: re.Pattern[str]) -> tuple[str, str]:
    """``text`` in two: its lines that ``ours`` does not match, then those it matches (each
    keeping its line ending; lines split as :func:`split_lines`). An adapter whose stderr is also
    the program's (Delve, rdbg) files its own lines as ``console`` and the rest as ``stderr``."""
    lines = split_lines(text, keepends=True)
    return "".join(line for line in lines if not ours.match(line)), "".join(line for line in lines if ours.match(line))


#: One piece of a shell line: a run of plain characters, a backslash and what it escapes (or a
#: backslash at the end), a quoted string (or a quote never closed), a run of blanks.
_WORD_PART = re.compile(r"""(?P<plain>[^ \t\r\n'"\\]+)|\\(?P<escaped>[\s\S])|(?P<dangling>\\)"""
                        r"""|'(?P<single>[^']*)'|"(?P<double>(?:[^"\\]++|\\[\s\S])*+)"|(?P<open>['"])"""
                        r"""|(?P<blank>[ \t\r\n]+)""")  # possessive: an unclosed quote fails at once
_DOUBLE_ESCAPE = re.compile(r'\\(["\\])')


def split_words(text: str) -> list[str]:
    """Shell words of ``text``, as ``shlex.split(text)`` (POSIX) reads them: blanks (space, tab,
    ``\r``, ``\n``) separate words, ``'…'`` is literal, ``"…"`` takes ``\"`` and ``\\``, a
    backslash outside quotes escapes the next character, ``''`` is an empty word. One linear pass
    (:mod:`shlex` adds a word one character at a time: a 1 MB word took 40 s).

    Raises:
        ValueError: a quote is never closed ("No closing quotation"), or the text ends in a
            backslash ("No escaped character"), as :mod:`shlex` says.
    """
    words: list[str] = []
    parts: list[str] = []
    started = False
    for found in _WORD_PART.finditer(text):
        kind = found.lastgroup
        if kind == "blank":
            if started:
                words.append("".join(parts))
            parts, started = [], False
            continue
        if kind == "open":
            raise ValueError("No closing quotation")
        if kind == "dangling":
            raise ValueError("No escaped character")
        value = found.group(kind or "plain")
        parts.append(_DOUBLE_ESCAPE.sub(r"\1", value) if kind == "double" else value)
        started = True
    if started:
        words.append("".join(parts))
    return words
