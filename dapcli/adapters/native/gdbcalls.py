"""A function that an evaluated expression called, and that stopped, under cdt-gdb-adapter.

gdb runs ``crash()`` or ``add(1, 2)`` in the program. When the function receives a signal,
gdb's ``set unwindonsignal on`` (:data:`UNWIND_COMMANDS`, sent at the start) has gdb itself
return the program to where it was. When a breakpoint stops it, gdb stays in the function,
above its own frame ``<function called from gdb>``, and cdt-gdb-adapter answers the
``evaluate`` with an empty value and no ``stopped`` event: dapcli pops the call
(:func:`called_frame` finds the frame, MI ``-exec-return`` pops it and gdb's frame with it) and
says what stopped it (``engine/calls.py``)."""

from __future__ import annotations

__all__ = ["CALL_FRAMES", "CALL_RETURN", "DUMMY_FRAME", "UNWIND_COMMANDS", "called_frame"]

#: gdb's settings that return the program to its state before a call that faults (a signal)
#: or ends by a C++ exception nothing catches (gdb's default, said anyway).
UNWIND_COMMANDS = ("set unwindonsignal on", "set unwind-on-terminating-exception on")
#: MI: a thread's frames (``{thread}``: gdb's thread number, cdt's DAP thread id).
CALL_FRAMES = "-stack-list-frames --thread {thread}"
#: MI: pop the frames up to level ``{frame}``, and gdb's call frame below it.
CALL_RETURN = "-exec-return --thread {thread} --frame {frame}"
#: The frame gdb puts below a function it calls.
DUMMY_FRAME = "<function called from gdb>"


def called_frame(result: object) -> tuple[int, str] | None:
    """(level, function) of the function gdb called last — the frame just above the innermost
    ``<function called from gdb>`` — in cdt-gdb-adapter's answer to :data:`CALL_FRAMES`
    (``{"result": {"stack": [{"level": "0", "func": "add", …}, …]}}``); None when there is none."""
    stack = ((result.get("result") or {}).get("stack") if isinstance(result, dict) else None) or []
    frames = [f for f in stack if isinstance(f, dict)]
    for index, frame in enumerate(frames):
        if frame.get("func") == DUMMY_FRAME and index > 0:
            above = frames[index - 1]
            try:
                return int(above.get("level", index - 1)), str(above.get("func") or "?")
            except (TypeError, ValueError):
                return None
    return None
