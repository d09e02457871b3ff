"""debugpy's own text in the program's stderr.

* Every traceback of an uncaught exception starts with ~8 frames of ``runpy`` and debugpy (the
  code that runs the program): :class:`TracebackTrimmer` drops those leading frames, so the
  traceback starts at the user's code, as it does without a debugger.
* pydevd logs its own failures (``1.81s - division by zero`` and a traceback through
  ``pydevd_vars.py``, e.g. for a rejected ``setVariable``) to the program's stderr:
  :class:`PydevdLog` recognises them as ``console`` text.

Both work line by line across ``output`` events, which cut a traceback anywhere.
"""

from __future__ import annotations

import re

from dapcli.files import split_lines

__all__ = ["PydevdLog", "TracebackTrimmer", "is_debugger_frame"]

_TRACEBACK = "Traceback (most recent call last):"
_FRAME = re.compile(r'^  File "([^"]*)", line \d+')
_LOG = re.compile(r"^\d+\.\d\ds - ")
_RUNPY = re.compile(r"[/\\]lib[/\\]python[\d.]*[/\\]runpy\.py$")


def is_debugger_frame(path: str) -> bool:
    """A traceback frame of the code that runs the program under debugpy (runpy, debugpy)."""
    normal = path.replace("\\", "/")
    return "/debugpy/" in normal or bool(_RUNPY.search(path))


class TracebackTrimmer:
    """Drops the debugger's frames at the top of each traceback in a stream of stderr text."""

    def __init__(self) -> None:
        self._in_traceback = False
        self._user_seen = False
        self._skipping = False
        #: The start of a line cut by the end of an event, held until its end arrives.
        self._partial = ""

    def feed(self, text: str) -> str:
        """``text`` without the leading debugger frames of a traceback it belongs to (a line
        that an event cuts in two is judged, and shown, once it is whole)."""
        if not self._in_traceback and not self._partial and _TRACEBACK not in text:
            return text
        lines = split_lines(self._partial + text, keepends=True)
        self._partial = ""
        if lines and not lines[-1].endswith(("\n", "\r")) and (self._in_traceback or _TRACEBACK in text):
            self._partial = lines.pop()
        return "".join(line for line in lines if self._keep(line))

    def _keep(self, line: str) -> bool:
        if line.startswith(_TRACEBACK):
            self._in_traceback, self._user_seen, self._skipping = True, False, False
            return True
        if not self._in_traceback:
            return True
        frame = _FRAME.match(line)
        if frame:
            self._skipping = not self._user_seen and is_debugger_frame(frame.group(1))
            self._user_seen = self._user_seen or not self._skipping
            return not self._skipping
        if line.startswith("    "):
            return not self._skipping  # the frame's source line and its ^^^ markers
        self._in_traceback = False  # the exception line ends the traceback
        return True


class PydevdLog:
    """Recognises pydevd's log lines and the traceback that follows each."""

    def __init__(self) -> None:
        self._after_log = False
        self._in_traceback = False

    def is_log(self, text: str) -> bool:
        """True when this chunk of stderr is pydevd's text, not the program's."""
        if _LOG.match(text):
            self._after_log, self._in_traceback = True, False
            return self._consume(text.split("\n", 1)[1] if "\n" in text else "")
        if self._in_traceback or (self._after_log and text.startswith(_TRACEBACK)):
            return self._consume(text) or True
        self._after_log = False
        return False

    def _consume(self, rest: str) -> bool:
        for line in split_lines(rest):
            if line.startswith(_TRACEBACK) or line.startswith(" "):
                self._in_traceback = True
            elif self._in_traceback:
                self._in_traceback = self._after_log = False  # the exception line: its end
        return True
