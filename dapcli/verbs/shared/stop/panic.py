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

from dapcli.adapters.native.rust import PANIC_FUNCTIONS, panic_text

if TYPE_CHECKING:
    from dapcli.engine.session import Session

__all__ = ["is_panic_stop", "panic_message"]


def is_panic_stop(reason: str | None, top_name: str | None, user_ids: list[int] | None) -> bool:
    """Whether a stop is dapcli's ``rust_panic`` breakpoint: reason ``breakpoint``, the top
    frame in ``rust_panic``, and no breakpoint of the user's hit."""
    return reason == "breakpoint" and not user_ids and (top_name or "").strip() in PANIC_FUNCTIONS


def panic_message(session: Session) -> str | None:
    """The newest panic message of the program's output (:func:`~dapcli.adapters.native.rust.panic_text`)."""
    return panic_text(session.output)
