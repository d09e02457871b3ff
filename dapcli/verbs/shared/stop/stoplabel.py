"""What a stop's label says beyond its reason and breakpoint ids: the adapter's own
``description`` and ``text`` (``stopped`` event), shown where they tell more than the reason
(lldb-dap's ``breakpoint 1.1`` and js-debug's ``Paused on breakpoint`` do not), and the
breakpoint ids a stop hit when an adapter gave one id to two breakpoints."""

from __future__ import annotations

import re

from dapcli.verbs.models import Location, StopState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dapcli.engine.session import Session

__all__ = ["exception_headline", "hits_here", "stop_detail", "without_paused_note"]

#: Descriptions that only repeat the reason (the ids are shown beside it).
_SAYS_NOTHING = re.compile(
    r"^(paused(?: on (?:a |an )?[\w ]+)?|(?:breakpoint|watchpoint) [\d.]+|step|entry|pause|breakpoint)$", re.IGNORECASE)


#: debugpy's aside on an exception's id when the stop is not in the raising frame; said where
#: the exception is shown, kept in the JSON's ``exception`` (the adapter's fields).
_PAUSED_NOTE = re.compile(r"\s*\(note: full exception trace is shown but execution is paused at: [^)]*\)")


def without_paused_note(text: str | None) -> str:
    """``text`` without debugpy's ``(note: full exception trace is shown but execution is paused
    at: …)`` ("" for None)."""
    return _PAUSED_NOTE.sub("", text or "").strip()


def exception_headline(name: str | None, said: str | None) -> str:
    """``ValueError: bad value``; said once when the text already starts with the name (lldb-dap:
    ``signal`` + ``signal SIGSEGV: …`` → ``signal SIGSEGV: …``); debugpy's paused-at note dropped."""
    name, said = without_paused_note(name), without_paused_note(said)
    if not said or said == name:
        return name
    if not name or said.lower().startswith(name.lower() + " "):
        return said
    return f"{name}: {said}"


def stop_detail(state: StopState) -> str | None:
    """The adapter's ``description`` and ``text`` of a stop, when they say more than its reason
    and ids and more than its exception line; None when they do not."""
    shown: list[str] = []
    exception = state.exception
    known = {x for x in (exception.exception_id, exception.description, exception.message, exception.type_name)
             if x} if exception else set()
    for said in (state.description, state.text):
        text = without_paused_note(said)
        if (not text or text.lower() in {state.reason, state.raw_reason} or _SAYS_NOTHING.match(text)
                or text in shown or any(text in k or k in text for k in known)):
            continue
        shown.append(text)
    return "; ".join(shown) or None


def hits_here(session: Session, ours: list[int] | None, location: Location | None) -> list[int] | None:
    """``ours`` (dapcli's ids of the breakpoints a stop hit), keeping of the breakpoints that
    share one adapter id only those at the stop's ``location``: js-debug can answer a later
    ``setBreakpoints`` with an id it gave before, and its stop then names both."""
    if not ours or location is None:
        return ours
    entries = session.book.entries
    groups: dict[int | None, list[int]] = {}
    for number in ours:
        entry = entries.get(number)
        groups.setdefault(entry.adapter_id if entry else None, []).append(number)
    kept: list[int] = []
    for adapter_id, numbers in groups.items():
        here = [n for n in numbers if _at(entries[n], location)] if adapter_id is not None else []
        kept += here if len(numbers) > 1 and here else numbers
    return sorted(kept)


def _at(entry: object, location: Location) -> bool:
    path = getattr(entry, "actual_path", None) or getattr(entry, "path", None)
    lines = {getattr(entry, "line", None), getattr(entry, "actual_line", None)}
    return path == location.path and location.line in lines
