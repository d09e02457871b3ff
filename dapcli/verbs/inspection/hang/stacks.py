"""Every thread's stack, its user frame and the call it waits in, from DAP ``stackTrace``: what
any adapter answers once the program is stopped."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from dapcli.engine.session import Session, SessionState
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.inspection.hang.common import Wait, place
from dapcli.verbs.models.hang import HangThread
from dapcli.verbs.shared.framenames import shown_frame_name

__all__ = ["Stack", "call_name", "read_stacks"]

#: Frames read per thread: the user's frame is rarely deeper below a wait.
LEVELS = 30
#: Threads whose stacks are read at once (the adapter answers them one by one anyway).
AT_ONCE = 8


@dataclass
class Stack:
    """One thread's frames (top first), the index of its user frame (None: none), and its wait."""

    frames: list[t.StackFrame]
    user: int | None
    wait: Wait

    def frame_id_of(self, index: int | None) -> int | None:
        return self.frames[index].id if index is not None and 0 <= index < len(self.frames) else None


#: What a library frame's name is called in the text: glibc's internal spellings as the user wrote them.
_PREFIXES = re.compile(r"^(?:__GI_|__libc_|___?)+")


#: glibc functions by the name of the call the user made.
_CALLED_AS = {"pthread_clockjoin_ex": "pthread_join", "pthread_timedjoin_ex": "pthread_join",
              "clock_nanosleep": "nanosleep", "nanosleep64": "nanosleep"}


def call_name(name: str) -> str:
    """A frame's function as the user would write the call: glibc's ``___pthread_mutex_lock``
    and ``__GI___pthread_mutex_lock`` → ``pthread_mutex_lock``; arguments and offsets dropped."""
    if "(*" in name or ".(" in name:  # a Go method, sync.(*Mutex).Lock: named by the Go analysis
        return name
    bare = name.split("(")[0].strip() if not name.startswith("(") else name
    bare = bare.split(" + ")[0].split("@")[0]
    bare = _PREFIXES.sub("", bare) or bare
    return _CALLED_AS.get(bare, bare)


async def read_stacks(session: Session, listed: list[t.Thread]) -> tuple[list[Stack], list[str]]:
    """The stack of every thread in ``listed`` (DAP ``stackTrace``, :data:`LEVELS` frames), with
    its user frame placed and ``blocked_in`` the call that frame made (the frame just above
    it), and notes for the threads whose stacks could not be read."""
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(thread: t.Thread) -> Stack | str:
        async with gate:
            try:
                body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread.id, levels=LEVELS),
                                             t.StackTraceResponse)
            except DapcliError as exc:
                return f"thread {thread.id}: {exc.message}"
        return _stack(session, thread, list(body.stackFrames))

    found = await asyncio.gather(*(one(thread) for thread in listed))
    stacks = [s for s in found if isinstance(s, Stack)]
    notes = [s for s in found if isinstance(s, str)]
    for thread, item in zip(listed, found, strict=True):
        if isinstance(item, str):
            stacks.append(Stack([], None, Wait(HangThread(id=thread.id, name=thread.name, state="unknown"))))
    return stacks, notes


def _stack(session: Session, thread: t.Thread, frames: list[t.StackFrame]) -> Stack:
    view = HangThread(id=thread.id, name=thread.name, state="stopped" if session.state is SessionState.STOPPED
                      else "running")
    located = [(session.adapter.frame_path(f.source.path) if f.source and f.source.path else None, f.line,
                shown_frame_name(f.name)) for f in frames]
    user = place(view, located)
    if user is not None and user > 0:
        view.blocked_in = call_name(shown_frame_name(frames[user - 1].name))
        view.state = "blocked"
    return Stack(frames, user, Wait(view))
