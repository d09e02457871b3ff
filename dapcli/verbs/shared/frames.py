"""Frames, threads and scopes from DAP answers: the current thread and frame, a frame's
scopes, source lines around a line."""

from __future__ import annotations

from dapcli.engine.scopes import locals_scope
from dapcli.engine.session import Session, SessionState
from dapcli.engine.sourcefiles import read_lines
from dapcli.errors import DapcliError, PreconditionError, RequestError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.models import Frame, SourceLine
from dapcli.verbs.shared import frameindex
from dapcli.verbs.shared.framenames import shown_frame_name
from dapcli.verbs.shared.threadcount import capped, thread_exists

__all__ = [
    "MAX_SOURCE_LINE", "breakpoint_lines", "check_frame", "check_thread", "current_frame_id", "current_thread_id",
    "depth_below",
    "frame_count", "frames", "read_source", "scopes", "user_frame_name",
]

#: Longest source line shown in a stop or a listing (characters; the rest is counted).
MAX_SOURCE_LINE = 1000


async def frames(session: Session, thread_id: int, start: int = 0, levels: int = 20) -> tuple[list[Frame], int | None]:
    """Stack frames ``start`` … ``start + levels - 1`` of ``thread_id`` as views, plus the
    adapter's ``totalFrames`` (see :func:`frame_count` for what it means). A page within the top
    of the stack already answered at this stop is not asked again (DAP ``stackTrace``: debugpy
    walks the whole stack for every answer, ~0.4 s at 10,000 frames)."""
    stopped = session.state is SessionState.STOPPED and levels > 0  # a running thread's stack changes
    known = session.at_stop.stacks.get(thread_id) if stopped else None
    if known is not None and (start + levels <= len(known[0]) or len(known[0]) < known[2]):
        await session.abandoned.check("stackTrace")  # refused as the request would be (a wedged thread)
        found, total = known[0][start:start + levels], known[1]
    else:
        try:
            body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread_id, startFrame=start,
                                                                              levels=levels), t.StackTraceResponse)
        except RequestError:
            if start == 0:
                raise
            # cdt-gdb-adapter refuses a page below the outermost frame ("-stack-list-frames: Not
            # enough frames in stack.") where the others answer an empty one
            await session.request("stackTrace", t.StackTraceArguments(threadId=thread_id, startFrame=0, levels=1),
                                  t.StackTraceResponse)  # the thread's stack itself answers (else its error)
            return [], None
        found, total = list(body.stackFrames), body.totalFrames
        if stopped and start == 0 and (known is None or len(found) > len(known[0])):
            session.at_stop.stacks[thread_id] = (found, total, levels)
    views = [
        Frame(
            id=f.id, index=start + i, name=shown_frame_name(f.name.removesuffix(" (Current frame)")),  # debugpy
            adapter_name=f.name if "::h" in f.name and shown_frame_name(f.name) != f.name else None,
            path=session.adapter.frame_path(f.source.path) if f.source and f.source.path else None,
            source_name=f.source.name if f.source else None, line=f.line, column=f.column or None,
            presentation_hint=f.presentationHint,
            source_reference=(f.source.sourceReference or None) if f.source else None,
        )
        for i, f in enumerate(found)
    ]
    frameindex.record(session, thread_id, views)
    return views, total


def frame_count(session: Session, start: int, levels: int, shown: int,
                total: int | None) -> tuple[int | None, bool]:
    """How many frames the stack has, from an answer of ``shown`` of ``levels`` frames asked from
    ``start``, whose ``totalFrames`` was ``total``: ``(count, False)`` when that is the count,
    ``(n, True)`` when the stack has at least ``n`` (an adapter that counts only so far, or
    guesses until it reaches the bottom), ``(None, False)`` when nothing is known."""
    adapter = session.adapter
    read = start + shown
    if 0 < shown < levels:  # the answer reached the bottom
        return read, False
    if total is None:  # not counted (CodeLLDB): a full page says at least that many
        return (read, True) if shown else (None, False)
    if adapter.total_frames_estimated and total > read:
        return read + 1, True  # Delve: more exist, not how many
    cap = adapter.total_frames_cap
    if cap is not None and total >= cap:
        return max(total, read), True
    return max(total, read), False


def depth_below(session: Session, total: int | None, index: int) -> int | None:
    """How many frames the stack has, when ``index`` is past its outermost frame and the adapter's
    ``totalFrames`` (``total``) is a count: not Delve's guess nor cdt's cap of 100. None when unknown."""
    adapter = session.adapter
    if total is None or not 0 < total <= index or adapter.total_frames_estimated \
            or (adapter.total_frames_cap is not None and total >= adapter.total_frames_cap):
        return None
    return total


def current_thread_id(session: Session, thread_id: int | None) -> int:
    """``thread_id``, else the selected (last stopped) thread."""
    if thread_id is not None:
        return thread_id
    if session.selected_thread_id is not None:
        return session.selected_thread_id
    raise PreconditionError("no thread is selected", "pass --thread-id (see `dapcli threads`)")


async def check_thread(session: Session, thread_id: int | None) -> None:
    """Raise UsageError when an explicit ``thread_id`` is not one of the program's threads
    (adapters answer such ids with cryptic errors, e.g. debugpy's "Wrong ID sent")."""
    if thread_id is None:
        return
    body = await session.request("threads", None, t.ThreadsResponse)
    ids = [th.id for th in body.threads]
    if thread_id in ids or (capped(session, len(ids)) and await thread_exists(session, thread_id)):
        return  # a list the adapter cut (Delve: 1,024 goroutines) does not hold them all
    shown = ", ".join(map(str, ids[:50])) + (f", … ({len(ids) - 50} more)" if len(ids) > 50 else "")
    raise UsageError(f"no thread {thread_id} (threads: {shown or 'none'})", "see `dapcli threads`")


def check_frame(session: Session, frame_id: int) -> None:
    """Raise UsageError when ``frame_id`` was not given out at this stop (frame ids are valid
    only until the program resumes; :class:`~dapcli.engine.refs.HandleTable` knows which stop
    each is of)."""
    session.handles.check_frame(session.generation, frame_id)


async def current_frame_id(session: Session, frame_id: int | None) -> int:
    """``frame_id`` (checked), else the selected frame (the top frame of the stopped thread)."""
    if frame_id is not None:
        check_frame(session, frame_id)
        return frame_id
    if session.selected_frame_id is None:
        top, _ = await frames(session, current_thread_id(session, None), levels=1)
        if not top:
            raise PreconditionError("the stopped thread has no stack frames")
        session.selected_frame_id = top[0].id
    return session.selected_frame_id


async def scopes(session: Session, frame_id: int) -> list[t.Scope]:
    body = await session.request("scopes", t.ScopesArguments(frameId=frame_id), t.ScopesResponse)
    remember_scopes(session, frame_id, body.scopes)
    return list(body.scopes)


def remember_scopes(session: Session, frame_id: int, found: list[t.Scope]) -> None:
    """Note, for this stop, which frame each scope of ``found`` belongs to, which one holds its
    locals, and how many variables each holds when the adapter says."""
    stop = session.at_stop
    stop.scope_frames.update({s.variablesReference: frame_id for s in found if s.variablesReference > 0})
    # a scope that says how many it holds (lldb-dap: a frame's 5,000 locals) is paged by the adapter
    stop.sizes.update({s.variablesReference: (s.namedVariables or 0, s.indexedVariables or 0) for s in found
                       if s.variablesReference > 0 and (s.namedVariables or s.indexedVariables)})
    try:
        stop.locals_scopes.add(locals_scope(found).variablesReference)
    except DapcliError:
        return


def read_source(path: str, center: int, context: int, *, current: int | None = None,
                breakpoints: set[int] | None = None, lines: list[str] | None = None,
                until: int | None = None) -> list[SourceLine]:
    """Lines ``center - context`` … ``center + context`` of a local file (1-based), or of
    ``lines`` when given (source text from the adapter); with ``until``, lines ``center`` …
    ``until`` instead. Raises UsageError when the file cannot be read."""
    text = lines if lines is not None else read_lines(path)
    first, last = max(1, center - context), min(len(text), center + context)
    if until is not None:
        first, last = center, min(len(text), until)
    marks = breakpoints or set()
    return [
        SourceLine(line=n, text=_cut_line(text[n - 1]), current=(n == current), breakpoint=(n in marks))
        for n in range(first, last + 1)
    ]


def _cut_line(text: str) -> str:
    """A source line of at most :data:`MAX_SOURCE_LINE` characters (a minified bundle's one line
    of megabytes would flood every view and stall the terminal renderer)."""
    if len(text) <= MAX_SOURCE_LINE:
        return text
    return f"{text[:MAX_SOURCE_LINE]}… (+{len(text) - MAX_SOURCE_LINE} chars)"


def breakpoint_lines(session: Session, path: str) -> set[int]:
    return {e.actual_line or e.line or 0 for e in session.book.entries.values() if e.path == path}


def user_frame_name(session: Session, frame_id: int | None) -> str | None:
    """The name of ``frame_id`` when it is the user's frame chosen below library frames at this
    stop (so ``vars``/``eval`` say which frame they use); else None."""
    chosen = session.user_frame
    if chosen is None or frame_id is None or chosen[:2] != (session.generation, frame_id):
        return None
    return chosen[2]
