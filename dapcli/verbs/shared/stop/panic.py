"""A Rust panic as a stop of its own: ``panic`` with the panic's message, at the user's frame.

For a binary rustc built, the native families set a breakpoint on ``rust_panic`` (the function
the Rust runtime calls for every panic, after its hook printed the message; what CodeLLDB's
"on panic" filter does): its stop is the adapter's ``breakpoint`` at no breakpoint of the
user's. This module names it: reason ``panic``, the description is the message the hook wrote
to stderr (``value too big: 3 (panicked at src/main.rs:3:9)``), and the stop is shown at the
innermost frame of the user's code, below the runtime's ``core::panicking`` frames.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dapcli.adapters.native.rust import PANIC_FUNCTIONS

if TYPE_CHECKING:
    from dapcli.engine.session import Session

__all__ = ["is_panic_stop", "panic_message"]

#: How far back the panic message is looked for in the program's stderr (characters).
_MESSAGE_WINDOW = 64 * 1024
#: Longest message kept (characters); a longer one is cut with a marker.
_MESSAGE_MAX = 1000


def is_panic_stop(reason: str | None, top_name: str | None, user_ids: list[int] | None) -> bool:
    """Whether a stop is dapcli's ``rust_panic`` breakpoint: reason ``breakpoint``, the top
    frame in ``rust_panic``, and no breakpoint of the user's hit."""
    return reason == "breakpoint" and not user_ids and (top_name or "").strip() in PANIC_FUNCTIONS


def panic_message(session: Session) -> str | None:
    """The newest panic message of the program's output (stderr; lldb-dap sends it as stdout) as
    ``MESSAGE (panicked at FILE:LINE:COL)``, from ``thread 'main' panicked at FILE:LINE:COL:`` and
    the message up to the backtrace or its note; None when there is none. Linear in the text read."""
    chunks = session.output.since(0, {"stderr", "stdout"})  # lldb-dap reads both from one terminal
    text, size = [], 0
    for chunk in reversed(chunks):
        text.append(chunk.output)
        size += len(chunk.output)
        if size >= _MESSAGE_WINDOW:
            break
    tail = "".join(reversed(text))[-_MESSAGE_WINDOW:]
    start = tail.rfind("panicked at ")
    if start < 0:
        return None
    line_end = tail.find("\n", start)
    where = tail[start + len("panicked at "):line_end if line_end >= 0 else len(tail)].rstrip(":").strip()
    if line_end < 0:
        return f"panicked at {where}"
    body = tail[line_end + 1:]
    ends = [i for i in (body.find("\nnote: "), body.find("\nstack backtrace:")) if i >= 0]
    if body.startswith(("note: ", "stack backtrace:")):
        ends.append(0)
    message = body[:min(ends)] if ends else body
    message = message.strip()
    if len(message) > _MESSAGE_MAX:
        message = message[:_MESSAGE_MAX] + f"… [{len(message) - _MESSAGE_MAX} more characters]"
    return f"{message} (panicked at {where})" if message else f"panicked at {where}"
