"""The result of ``explainHang`` (``dapcli hang``): every thread, where it waits, and a deadlock
cycle when one is proven."""

from __future__ import annotations

from collections.abc import Callable

from dapcli.verbs.models.base import Model, Result

__all__ = ["DeadlockEdge", "HangResult", "HangThread", "hang_lines"]


class HangThread(Model):
    """One thread (goroutine) of the program.

    ``state``: ``blocked`` (waiting in a call named by ``blocked_in``), ``running``, ``stopped``
    (the debugger holds it, nothing says it waits), or ``unknown`` (its stack could not be read).
    ``path``/``line``/``function``/``text``: its innermost frame of the user's own code (not
    the standard library, libc or the Go runtime) and that line's source text.
    ``waits_on``: what it waits for (a lock as the program names it, a mutex address, a thread);
    ``held_by``: the thread id that holds it, when that is proven; ``holder``: what is known of
    the holder when it is not a thread listed here (``(unknown)``: nothing tells who holds it).
    ``joins``: the thread whose end it waits for (a join); ``holds``: locks it is proven to hold."""

    id: int
    name: str
    state: str
    path: str | None = None
    line: int | None = None
    function: str | None = None
    text: str | None = None
    blocked_in: str | None = None
    waits_on: str | None = None
    held_by: int | None = None
    holder: str | None = None
    joins: int | None = None
    holds: list[str] | None = None


class DeadlockEdge(Model):
    """One step of a cycle: thread ``thread_id`` waits on ``waits_on``, held by ``held_by`` (or
    for thread ``held_by`` to end: a join)."""

    thread_id: int
    thread_name: str
    waits_on: str
    held_by: int


class HangResult(Result):
    """What each thread waits on, and the deadlock cycle when one is proven (else None).

    ``paused``: the program is stopped now (a pause landed, or it was stopped already);
    False: the pause did not land in time (``note`` says what could still be read).
    ``runtime_report``: the language runtime's own verdict (Go: ``all goroutines are asleep -
    deadlock!``). ``notes``: what could not be read and why; ``how``: how the waits were read
    (e.g. an evaluation in the program by the adapter)."""

    status: str
    paused: bool
    threads: list[HangThread]
    deadlock: list[DeadlockEdge] | None = None
    runtime_report: str | None = None
    notes: list[str] | None = None
    how: str | None = None
    #: How many threads the program has, when ``threads`` shows only some (a note says which
    #: and how to see the others).
    total_threads: int | None = None


def hang_lines(result: HangResult, short: Callable[[str | None], str] = lambda p: p or "?") -> list[str]:
    """The text every frontend shows for ``result`` (``short`` shortens a path): the verdict,
    then each thread, its line of code, what it waits on and who holds it, then the notes."""
    names = {th.id: th.name for th in result.threads}

    def who(thread_id: int) -> str:
        return f"thread {thread_id} {names[thread_id]}" if thread_id in names else f"thread {thread_id}"

    lines: list[str] = []
    if result.runtime_report:
        lines.append(f"the runtime says: {result.runtime_report}")
    if result.deadlock:
        joins = {th.id for th in result.threads if th.joins is not None}
        steps = [f"{who(e.thread_id)} waits for {who(e.held_by)} to end" if e.thread_id in joins else
                 f"{who(e.thread_id)} waits on {e.waits_on}, held by {who(e.held_by)}" for e in result.deadlock]
        lines.append("DEADLOCK: " + "; ".join(steps))
    elif not result.runtime_report:
        lines.append("no deadlock proven")
    for th in result.threads:
        head = f"{who(th.id)}: {th.state}" + (f" in {th.blocked_in}" if th.blocked_in else "")
        if th.line is not None:
            head += f" at {short(th.path)}:{th.line}" + (f" ({th.function})" if th.function else "")
        lines.append(head)
        if th.text:
            lines.append(f"    {th.line} | {th.text}")
        if th.joins is not None:
            lines.append(f"    waits for {who(th.joins)} to end")
        elif th.waits_on:
            holder = f", held by {who(th.held_by)}" if th.held_by is not None and th.held_by != th.id else \
                ", held by itself" if th.held_by == th.id else f", held by {th.holder}" if th.holder else ""
            lines.append(f"    waits on {th.waits_on}{holder}")
        for held in th.holds or []:
            lines.append(f"    holds {held}")
    state = "stopped" if result.paused else result.status
    lines.append(f"program {state}" + (f"; {result.how}" if result.how else ""))
    lines += [f"note: {note}" for note in result.notes or []]
    return lines
