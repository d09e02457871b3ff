"""C and C++ (lldb-dap, gdb): pthread mutexes and joins, read in the stopped program.

A thread blocked in ``pthread_mutex_lock`` waits on the mutex its own line passes
(``pthread_mutex_lock(&lock_b)``: the argument is evaluated in the user's frame, where the debug
information is the program's). glibc's ``pthread_mutex_t.__data.__owner`` is the kernel thread id
(LWP) of the holder; it names a thread through the adapter's thread ids (lldb-dap's are the
kernel's; cdt-gdb-adapter lists them with MI ``-thread-info``). Only names and member reads are
evaluated: an argument that calls a function is not."""

from __future__ import annotations

import re

from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.files import is_number
from dapcli.protocol import types as t
from dapcli.verbs.inspection.hang.stacks import Stack

__all__ = ["pthread_waits"]

_MUTEX_CALLS = frozenset({"pthread_mutex_lock", "pthread_mutex_timedlock", "pthread_mutex_clocklock"})
_JOIN_CALLS = frozenset({"pthread_join", "pthread_timedjoin_np", "pthread_clockjoin_np"})
#: An argument that only names and reads memory: identifiers, & * . -> [] casts; no call.
_SAFE = re.compile(r"[\w\s&*.\->\[\]()]+")
_CALL = re.compile(r"\w\s*\(")
_LWP = re.compile(r"\(LWP (\d+)\)")
_HANDLE = re.compile(r"Thread (0x[0-9a-fA-F]+)")
_NUMBER = re.compile(r"-?(?:0x[0-9a-fA-F]+|\d+)")


def first_argument(text: str, call: str) -> str | None:
    """The first argument of ``call(...)`` in a line of source (balanced parentheses), when it
    is safe to evaluate (no call in it); else None."""
    at = text.find(call + "(")
    if at < 0 or any(text.find(other + "(", at + 1) >= 0 for other in _MUTEX_CALLS | {call}):
        return None  # none, or several on the line: which one blocks is not known
    depth, start = 0, at + len(call) + 1
    for index in range(start, len(text)):
        char = text[index]
        if char == "(":
            depth += 1
        elif char == ")" and depth > 0:
            depth -= 1
        elif char in ",)" and depth == 0:
            argument = text[start:index].strip()
            safe = _SAFE.fullmatch(argument) and not _CALL.search(argument.replace("sizeof", ""))
            return argument if argument and safe else None
    return None


async def _number(session: Session, expression: str, frame_id: int) -> int | None:
    try:
        body = await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame_id,
                                                                     context="watch"), t.EvaluateResponse)
    except DapcliError:
        return None
    found = _NUMBER.match((body.result or "").strip())
    return int(found.group(0), 0) if found else None


async def thread_tids(session: Session) -> tuple[dict[int, int], dict[int, int]]:
    """Kernel thread id → DAP thread id, and ``pthread_t`` → DAP thread id, as the adapter tells
    them (empty when it cannot)."""
    request, command = session.adapter.log_point_request, session.adapter.thread_tids_command
    if request is None or command is None:
        return {}, {}
    try:
        body = await session.request(request, {"command": command})
    except DapcliError:
        return {}, {}
    by_tid: dict[int, int] = {}
    by_handle: dict[int, int] = {}
    for thread in (body or {}).get("result", {}).get("threads", []) if isinstance(body, dict) else []:
        target, number = str(thread.get("target-id", "")), str(thread.get("id", ""))
        lwp, handle = _LWP.search(target), _HANDLE.match(target)
        if is_number(number) and lwp:
            by_tid[int(lwp.group(1))] = int(number)
        if is_number(number) and handle:
            by_handle[int(handle.group(1), 16)] = int(number)
    return by_tid, by_handle


async def pthread_waits(session: Session, stacks: list[Stack]) -> None:
    """Fill in what each thread blocked in a pthread call waits on, and the holders its mutex's
    owner field proves (DAP ``evaluate`` in the user's frame)."""
    ids = {s.wait.thread.id for s in stacks}
    tids, handles = ({tid: tid for tid in ids}, {}) if session.adapter.thread_ids_are_tids else \
        await thread_tids(session)
    owned: dict[int, list[tuple[str, str]]] = {}
    for stack in stacks:
        thread, frame_id = stack.wait.thread, stack.frame_id_of(stack.user)
        if thread.state != "blocked" or frame_id is None or not thread.text:
            continue
        if thread.blocked_in in _MUTEX_CALLS:
            argument = first_argument(thread.text, thread.blocked_in)
            if argument is None:
                continue
            address = await _number(session, f"(unsigned long)({argument})", frame_id)
            owner = await _number(session, f"((pthread_mutex_t *)({argument}))->__data.__owner", frame_id)
            if address is None:
                continue
            thread.waits_on = f"mutex {argument} at {address:#x}"
            stack.wait.key = f"{address:#x}"
            if owner is None or owner == 0:
                stack.wait.no_owner_reason = None if owner is None else "(none: the mutex is free now)"
                continue
            holder = tids.get(owner)
            if holder is None:
                stack.wait.no_owner_reason = f"LWP {owner}" + (
                    " (not a thread listed here)" if tids else " (the adapter does not say which thread that is)")
            stack.wait.owner = holder
            if holder is not None:
                owned.setdefault(holder, []).append((stack.wait.key, thread.waits_on))
        elif thread.blocked_in in _JOIN_CALLS:
            argument = first_argument(thread.text, thread.blocked_in)
            if argument is None:
                continue
            thread.waits_on = f"thread {argument}"
            handle = await _number(session, f"(unsigned long)({argument})", frame_id)
            joined = handles.get(handle) if handle is not None else None
            if joined is None and session.adapter.thread_ids_are_tids:  # glibc's own debug information
                joined = tids.get(await _number(session, f"((struct pthread *)({argument}))->tid", frame_id) or 0)
            stack.wait.joins = joined
    for stack in stacks:  # what the owner fields prove each thread holds
        stack.wait.holds += owned.get(stack.wait.thread.id, [])
