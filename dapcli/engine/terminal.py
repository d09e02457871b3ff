"""The program's terminal: DAP ``runInTerminal`` answered with a pseudo-terminal dapcli owns.

The adapter asks the client to start a command (debugpy's launcher, ``lldb-dap
--launch-target``) "in a terminal". dapcli starts it in a new session whose controlling
terminal is a pty it holds the master side of: what the program writes there comes back as
``stdout`` output (control and escape sequences shown escaped, never passed raw to anyone's
terminal), and :meth:`Terminal.write` types to the program. With a stdin file the command
reads that file instead of the pty. :meth:`Terminal.close` kills the whole process group:
no pty child outlives its session.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import time
from collections.abc import Callable
from typing import Any

from dapcli.engine.processes import descendants, kill_tree
from dapcli.engine.ttywait import reading_terminal
from dapcli.errors import PreconditionError

__all__ = ["Terminal", "escape_controls"]

Sink = Callable[[str, str], None]
#: C0/C1 control characters other than newline and tab (ESC starts every escape sequence).
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: Window size of the pty (rows, columns): what a program that asks its terminal sees.
SIZE = (24, 120)


def escape_controls(text: str) -> str:
    """``text`` with ``\\r\\n`` made ``\\n`` and every other control character written as
    ``\\xNN`` (a program's window title, clipboard or cursor sequences stay visible text)."""
    text = text.replace("\r\n", "\n")
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


class Terminal:
    """The pty (or stdin file) one session's ``runInTerminal`` command runs with.

    ``sink(category, text)`` receives what the program writes to the terminal;
    ``on_start(pid)`` is told the pid of the command (to watch it); ``stdin_file`` replaces
    the pty as the command's stdin.
    """

    def __init__(self, sink: Sink, *, stdin_file: str | None = None,
                 on_start: Callable[[int], None] | None = None) -> None:
        self.sink = sink
        self.stdin_file = stdin_file
        self.on_start = on_start
        self.process: subprocess.Popen[bytes] | None = None
        self._master: int | None = None
        self._slave: int | None = None  # kept open only for open_tty
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._last_written = "\n"
        self.stdin_closed = False
        #: The pty's slave path (``/dev/pts/N``), once started.
        self.tty: str | None = None
        #: True when the last wait ended because the program waits for input on its terminal.
        self.waiting_for_input = False

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    @property
    def has_stdin(self) -> bool:
        """True when :meth:`write` reaches the program (a pty, still open, no stdin file)."""
        return self._master is not None and self.stdin_file is None and not self.stdin_closed

    async def run_in_terminal(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Answer DAP ``runInTerminal``: start ``args`` in ``cwd`` with ``env`` (a ``None``
        value unsets a variable) on the pty; return ``{"processId": pid}``.

        Raises:
            OSError: the command cannot start (the adapter gets a failed response).
        """
        argv = [str(a) for a in arguments.get("args") or []]
        if not argv:
            raise ValueError("runInTerminal without args")
        env = dict(os.environ)
        for key, value in (arguments.get("env") or {}).items():
            if value is None:
                env.pop(key, None)
            else:
                env[str(key)] = str(value)
        env.setdefault("TERM", "dumb")
        self._start(argv, arguments.get("cwd") or None, env)
        assert self.process is not None
        if self.on_start is not None:
            self.on_start(self.process.pid)
        return {"processId": self.process.pid}

    def open_tty(self) -> str:
        """Open a pty for a program an adapter starts itself (gdb's ``set inferior-tty``) and
        return the path of its terminal side (``/dev/pts/N``, mode 0620: the user's own).
        dapcli keeps that side open until :meth:`close`, so reading never ends early."""
        master, slave = os.openpty()
        try:
            _configure(slave)
        except BaseException:
            os.close(master)
            os.close(slave)
            raise
        self._slave = slave
        os.set_blocking(master, False)
        self._master = master
        asyncio.get_running_loop().add_reader(master, self._read)
        self.tty = os.ttyname(slave)
        return self.tty

    def _start(self, argv: list[str], cwd: str | None, env: dict[str, str]) -> None:
        master, slave = os.openpty()
        try:
            self.tty = os.ttyname(slave)
            _configure(slave)
            stdin: Any = open(self.stdin_file, "rb") if self.stdin_file else slave  # noqa: SIM115
            try:
                self.process = subprocess.Popen(
                    argv, cwd=cwd, env=env, stdin=stdin, stdout=slave, stderr=slave, start_new_session=True,
                    preexec_fn=_take_terminal, close_fds=True,
                )
            finally:
                if stdin is not slave:
                    stdin.close()
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        asyncio.get_running_loop().add_reader(master, self._read)

    def _read(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process holding the pty's other side has gone
            data = b""
        if not data:
            self._stop_reading()
            return
        text = self._decoder.decode(data)
        if text:
            self.sink("stdout", escape_controls(text))

    def drain(self, quiet: float = 0.02, bound: float = 0.5) -> None:
        """Read what the program wrote that the event loop has not read yet, until the pty has
        been quiet for ``quiet`` seconds (at most ``bound`` s): at the program's exit its last
        output must come before the end is reported (the kernel hands a pty's data over a moment
        after the write). Never raises."""
        if self._master is None:
            return
        deadline = time.monotonic() + bound
        while time.monotonic() < deadline:
            try:
                ready, _, _ = select.select([self._master], [], [], quiet)
                if not ready:
                    return
                data = os.read(self._master, 65536)
            except (BlockingIOError, InterruptedError):
                continue
            except (OSError, ValueError):
                return
            if not data:
                return
            text = self._decoder.decode(data)
            if text:
                self.sink("stdout", escape_controls(text))

    def _stop_reading(self) -> None:
        if self._master is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._master)

    def write(self, text: str, *, eof: bool = False) -> int:
        """Type ``text`` to the program (then end its input when ``eof``); return the bytes of
        ``text`` sent (the end-of-input control bytes are not counted).

        Raises:
            PreconditionError: the program has no terminal of dapcli's, reads a stdin file, or
                its input was already closed.
        """
        if not self.has_stdin:
            raise PreconditionError(*self.no_stdin_reason())
        assert self._master is not None
        data = text.encode("utf-8")
        if eof:
            # ^D ends a read at once; on an empty line it is end-of-file (a second one makes sure)
            data += b"\x04" if (text or self._last_written).endswith("\n") else b"\x04\x04"
        sent = 0
        while sent < len(data):
            try:
                sent += os.write(self._master, data[sent:])
            except BlockingIOError:
                with contextlib.suppress(OSError):
                    termios.tcdrain(self._master)
        if text:
            self._last_written = text
        self.stdin_closed = eof
        self.waiting_for_input = False
        return len(text.encode("utf-8"))

    def reading(self) -> bool | None:
        """True when the program sleeps reading this terminal (see :mod:`ttywait`); None when
        that cannot be told (a stdin file, no ``/proc``)."""
        if not self.has_stdin or self.tty is None:
            return None
        if self.process is None:  # a pty the adapter's program uses (open_tty): its foreground group
            assert self._master is not None
            try:
                group = os.tcgetpgrp(self._master)
            except OSError:
                return None  # no process has it as its terminal: cannot tell
            return reading_terminal(group, self.tty) if group > 0 else None
        if self.process.poll() is not None:
            return None
        return reading_terminal(self.process.pid, self.tty)

    def no_stdin_reason(self) -> tuple[str, str]:
        if self.stdin_file is not None:
            return (f"the program reads its stdin from {self.stdin_file}", "launch without --stdin to type to it")
        if self.stdin_closed:
            return ("the program's stdin was closed (--eof)", "restart the program to give it input again")
        return ("the program has not started in dapcli's terminal", "wait for it to start")

    async def close(self, grace: float = 1.0) -> None:
        """End the command's process group and close the pty. Safe to call twice; never raises."""
        self._stop_reading()
        process = self.process
        if process is not None:  # the debuggee may have left the group (debugpy's setpgrp)
            tree = descendants(process.pid)
            kill_tree(process.pid if process.poll() is None else None, [], tree)
        if process is not None:
            loop = asyncio.get_running_loop()
            with contextlib.suppress(asyncio.TimeoutError, OSError):
                await asyncio.wait_for(loop.run_in_executor(None, process.wait), grace)
        if self._master is not None:
            with contextlib.suppress(OSError):
                os.close(self._master)
            self._master = None
        if self._slave is not None:
            with contextlib.suppress(OSError):
                os.close(self._slave)
            self._slave = None


def _configure(slave: int) -> None:
    """No echo (what dapcli types is input, not output of the program) and a window size."""
    attributes = termios.tcgetattr(slave)
    attributes[3] &= ~termios.ECHO
    termios.tcsetattr(slave, termios.TCSANOW, attributes)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZE, 0, 0))


def _take_terminal() -> None:
    """In the child: make the pty (its stdout) the controlling terminal of its new session."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(1, termios.TIOCSCTTY, 0)
