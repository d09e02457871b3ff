"""Hints for the adapter's own refusals of an expression, which come without one: an
``evaluate`` that fails ("could not find symbol value for nosuch", ``NameError``, "index out of
bounds") and a ``setVariable`` that fails ("can not convert "s" constant to int"). The message
stays the adapter's; the hint says what to do next."""

from __future__ import annotations

import re

from dapcli.engine.diagnosis import diagnosis
from dapcli.errors import RequestError

__all__ = ["one_line_error", "with_evaluate_hint", "with_set_hint"]

#: A name the frame does not see, as each adapter says it (Delve, debugpy, js-debug, lldb, gdb).
_UNKNOWN = re.compile(r"could not find symbol|NameError|is not defined|undeclared identifier|No symbol", re.I)


def with_evaluate_hint(error: RequestError) -> RequestError:
    """``error`` (a failed DAP ``evaluate``) with a hint when it has none."""
    if error.hint:
        return error
    if error.message.startswith("KeyboardInterrupt"):  # debugpy's own evaluation timeout interrupted it
        from dapcli.adapters.debugpy.command import EVAL_INTERRUPT_SECONDS

        hint = (f"the expression did not return: debugpy interrupts an evaluation after "
                f"{EVAL_INTERRUPT_SECONDS} s; the stop answers again (to let it run longer, launch with "
                f"PYDEVD_INTERRUPT_THREAD_TIMEOUT=SECONDS, or 0 for never, in the program's environment)")
    elif _UNKNOWN.search(error.message):
        hint = "`dapcli vars` lists the names this frame sees; `dapcli frame N` picks another frame"
    else:
        hint = "the expression fails in this frame; `dapcli vars` shows the values it uses"
    return RequestError(error.message, hint, error.command)


def with_set_hint(error: RequestError, name: str) -> RequestError:
    """``error`` (a failed DAP ``setVariable``) with a hint when it has none."""
    if error.hint:
        return error
    return RequestError(error.message, f"give {name} a value of its own type, as an expression of the program's "
                        f"language (`dapcli eval VALUE` tries it)", error.command)




def one_line_error(exc: RequestError) -> RequestError:
    """The adapter's error reduced to its diagnosis, on one line (see :func:`diagnosis`)."""
    text = diagnosis(exc.message)
    return exc if text == exc.message else RequestError(text, exc.hint, exc.command)
