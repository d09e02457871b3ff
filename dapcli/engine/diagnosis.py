"""The line of an adapter's error text that says what is wrong.

Adapters answer a failed ``evaluate``/``setVariable`` with several lines, in two layouts:

- clang (lldb-dap, CodeLLDB) puts the diagnosis first, then the source echoed with a caret::

      error: <user expression 0>:1:1: use of undeclared identifier 'nosuch'
          1 | nosuch
            | ^

- JavaScript (js-debug) sends the error, then its stack (``    at eval (repl:1:1)``).
- Python (debugpy) sends a traceback whose diagnosis is its exception, after the frames
  (``NameError: …``; a message of several lines is kept whole).

:func:`diagnosis` keeps the diagnosis, whole, on one line; a one-line text is returned as it is.
"""

from __future__ import annotations

import re

__all__ = ["diagnosis"]

#: A line of a JavaScript stack: ``    at eval (repl:1:1)``.
_JS_FRAME = re.compile(r"^\s+at \S")
#: The first line of a Python exception: ``ValueError: …``, ``pkg.CustomError: …``.
_PY_EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Warning|Exit|Interrupt): ")

#: A clang source echo or caret line: ``    1 | nosuch``, ``      | ^~~~``, or a bare ``^~~``.
_ECHO = re.compile(r"^\s*(\d+\s*)?\|.*$|^\s*[\^~]+\s*$")
#: clang's ``error:`` word and position prefix (``error: <user expression 0>:1:1: ``): every
#: frontend says "error" itself.
_POSITION = re.compile(r"^(error:\s*)?(<user expression \d+>:\d+:\d+:\s*)?")


#: Where lldb's notes about its own wrapper code start: not about the user's expression.
_LLDB_WRAPPER = ("<lldb wrapper prefix>", "<lldb wrapper suffix>")


def diagnosis(text: str) -> str:
    """The diagnosis of an adapter error ``text``, on one line (see the module docstring)."""
    lines = [line.rstrip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) <= 1:
        return _POSITION.sub("", lines[0].strip(), count=1) or lines[0].strip() if lines else text
    if lines[0].startswith("Traceback (most recent call last)"):
        return _exception_lines(lines)
    if all(_JS_FRAME.match(line) for line in lines[1:]):  # js-debug: "Uncaught X: …" then "    at …"
        return lines[0].strip()
    if _PY_EXCEPTION.match(lines[0]):  # debugpy: "ValueError: a\nb", a message of several lines
        return " ".join(line.strip() for line in lines)
    if not any(_ECHO.match(line) for line in lines):
        return lines[-1].strip()
    kept = [_POSITION.sub("", line.strip(), count=1) for line in lines if not _ECHO.match(line)]
    # lldb's notes about the code it wraps an expression in (``<lldb wrapper suffix>:1:32: expected '}'``)
    kept = [line for line in kept if not line.startswith(_LLDB_WRAPPER)] or kept
    return "; ".join(kept) if kept else lines[0].strip()


def _exception_lines(lines: list[str]) -> str:
    """A Python traceback's exception (all its lines: ``ValueError: a`` and ``b``), after the
    last indented frame line."""
    last_frame = max((i for i, line in enumerate(lines) if line[:1].isspace()), default=0)
    return " ".join(line.strip() for line in lines[last_frame + 1:] or lines[-1:])
