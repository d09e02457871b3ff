"""Hit conditions that an adapter does not mean as dapcli does, counted by dapcli.

dapcli's grammar (``verbs/breakpoints/args.py``): ``N`` and ``==N`` stop on the Nth hit only, ``>N``,
``>=N``, ``<N``, ``<=N`` compare the hit count, ``%N`` stops on every Nth hit. Adapters differ
(measured with lldb-dap 19, CodeLLDB 1.11, cdt-gdb-adapter 1.7, over a 6-pass loop):

* lldb-dap takes only a number N, as "from the Nth hit on"; any other text stops at every hit;
* CodeLLDB takes the whole grammar, but a bare N is "from the Nth hit on" too;
* cdt-gdb-adapter takes ``N`` (the Nth hit, then deletes gdb's breakpoint) and ``>N``; any
  other text drops the breakpoint (it never stops, and the answer leaves it out).

Native first (each adapter says what it is sent:
:meth:`~dapcli.adapters.base.AdapterSpec.hit_condition`): ``>N`` and ``>=N`` as the adapter's
own; ``==N`` on lldb-dap and cdt as an ignore count of N-1, whose first stop is the Nth hit;
after that stop the breakpoint is sent with an ignore count no run reaches
(:meth:`~dapcli.adapters.base.AdapterSpec.hit_spent`, ``BreakpointBook.spend``), until the next
run. What an adapter has no ``hitCondition`` for, the debugger may count itself in a condition
(:meth:`~dapcli.adapters.base.AdapterSpec.hit_counter`: gdb's ``%N``, ``<N``, ``<=N`` on a
convenience variable; lldb's on a persistent variable, declared first by :func:`declare_counters`,
for its log points' hit conditions too). Only what is left (lldb's when it refuses the declaration;
a hit condition outside the grammar) is counted here: dapcli sends no ``hitCondition``,
counts the stops of that breakpoint itself, and resumes (DAP ``continue``) those that do not
meet the condition. Only the stops of a ``continue`` (or of the launch) count: a step that lands
on the line ends there.

Log points the same way: cdt-gdb-adapter prints a log point's message as written (``i={i}``),
so dapcli sets it as gdb's own ``dprintf`` (``engine/dprintf.py``); where it cannot (a hit
condition, a quote or backslash in the text, gdb without Python), dapcli sends a plain
breakpoint, and at its stop evaluates each ``{expression}`` in the top frame (DAP
``evaluate``), writes the line to the program's output and resumes.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from dapcli.adapters.hits import parse_hit
from dapcli.errors import DapcliError
from dapcli.files import split_lines
from dapcli.protocol import types as t

__all__ = ["HitCounts", "adopt_counters", "declare_counters", "hit_met", "log_line", "write_log_points"]


def hit_met(condition: str, count: int) -> bool:
    """Whether the ``count``-th hit (from 1) meets ``condition``; an unknown one always does."""
    parsed = parse_hit(condition)
    if parsed is None:
        return True
    operator, number = parsed
    return {
        "==": count == number, ">": count > number, ">=": count >= number, "<": count < number,
        "<=": count <= number, "%": number > 0 and count % number == 0,
    }[operator]


class HitCounts:
    """The hits of the breakpoints whose hit condition dapcli keeps (by dapcli's id)."""

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        #: The last execution request (``launch`` until the first one): only a ``continue``'s
        #: stops count.
        self.command = "launch"
        #: The next stop stands whatever it hit (dapcli could not resume it).
        self.release = False

    def reset(self) -> None:
        """A new run of the program: every count starts again."""
        self.counts.clear()
        self.command = "launch"

    def resumed(self, command: str) -> None:
        """The program was resumed by the DAP request ``command`` (continue, next, stepIn…)."""
        self.command = command

    def decide(self, hit: Iterable[tuple[int, str | None, str | None]]) -> tuple[bool, list[str]]:
        """Count one stop at the breakpoints ``hit`` (``(id, hit condition dapcli counts, log
        message dapcli writes)``): ``(stands, messages)``. The stop stands at a breakpoint without
        such a condition or whose condition is met, unless it is a log point of dapcli's: then
        its message is to be written (``messages``) and the program resumed. No breakpoint at
        all, or the end of a step: the stop stands."""
        if self.release or self.command not in ("launch", "continue"):
            self.release = False
            return True, []
        stands, any_hit, messages = False, False, []
        for number, condition, message in hit:
            any_hit = True
            if condition is not None:
                self.counts[number] = self.counts.get(number, 0) + 1
                if not hit_met(condition, self.counts[number]):
                    continue
            if message is not None:
                messages.append(message)
            else:
                stands = True
        return stands or not any_hit, [] if stands else messages

    def stands(self, hit: Iterable[tuple[int, str | None]]) -> bool:
        """:meth:`decide` for breakpoints without log messages."""
        return self.decide((number, condition, None) for number, condition in hit)[0]


_EXPRESSION = re.compile(r"\{([^{}]+)\}")


async def log_line(message: str, evaluate: Callable[[str], Awaitable[str]]) -> str:
    """``message`` with each ``{expression}`` replaced by ``await evaluate(expression)``."""
    parts, last = [], 0
    for found in _EXPRESSION.finditer(message):
        parts += [message[last:found.start()], await evaluate(found.group(1).strip())]
        last = found.end()
    return "".join([*parts, message[last:]])


async def write_log_points(conn: Any, thread_id: int | None, messages: list[str],
                           write: Callable[[str, str], None], failed: str | None = None, *,
                           spell: Callable[[str], str] = str, read: Callable[[str], str] = str) -> None:
    """Each of ``messages`` with its ``{expression}`` values from the top frame of ``thread_id``
    (DAP ``stackTrace``, then ``evaluate`` of ``spell(expression)`` in context ``watch``, its
    result as ``read(result)``; a failing one shows its error in ``<…>``, as does a result that
    is the adapter's ``failed`` text), written as program output with ``write(category, text)``.
    Raises what the stackTrace raises."""
    stack = await conn.request("stackTrace", t.StackTraceArguments(threadId=thread_id or 0, startFrame=0, levels=1),
                               t.StackTraceResponse)
    frame = stack.stackFrames[0].id if stack.stackFrames else None

    async def value(expression: str) -> str:
        try:
            answer = await conn.request("evaluate", t.EvaluateArguments(expression=spell(expression), frameId=frame,
                                                                        context="watch"), t.EvaluateResponse)
        except DapcliError as exc:
            said = exc.message.strip().splitlines()[0] if exc.message.strip() else "cannot evaluate"
            return f"<{said}>"
        return f"<{answer.result}>" if failed is not None and answer.result == failed else read(str(answer.result))

    for message in messages:
        write("stdout", await log_line(message, value) + "\n")


async def declare_counters(book: Any, entries: list[Any], request: Callable[..., Awaitable[Any]]) -> None:
    """Declare, once a run, the debugger's variables that count the hits of ``entries`` in their
    condition (``book``: the ``BreakpointBook``, whose ``declare_counter`` gives the DAP ``evaluate``
    expression, context ``repl``; lldb: ``expr long $NAME = 0``). One the debugger refuses (an
    error, or a result with a line starting with its console's error prefix) is recorded in
    ``book.undeclared``: dapcli counts that breakpoint's hits itself. Never raises a DapcliError."""
    for entry in book.counted(entries):
        name = book.counter_name(entry)
        if name not in book.declared:
            (book.declared if await _declare(book, name, 0, request) else book.undeclared).add(name)


async def _declare(book: Any, name: str, count: int, request: Callable[..., Awaitable[Any]]) -> bool:
    """Whether the debugger took the declaration of ``name`` holding ``count`` (none needed: True)."""
    expression = book.declare_counter(name, count)
    if expression is None:
        return True
    try:
        answer = await request("evaluate", t.EvaluateArguments(expression=expression, context="repl"),
                               t.EvaluateResponse)
    except DapcliError:
        return False
    prefix = book.console_error
    return not (prefix is not None and any(line.startswith(prefix) for line in split_lines(answer.result or "")))


async def adopt_counters(book: Any, counts: dict[int, int], adapter_ids: list[int],
                         request: Callable[..., Awaitable[Any]]) -> None:
    """At a stop that dapcli counted for a breakpoint whose counter the debugger refused to
    declare (it ran: see :func:`declare_counters`), declare it now holding dapcli's ``counts``
    and send the breakpoint's source again: from then on the debugger counts, without a stop per
    hit. ``adapter_ids``: the stop's breakpoints. Never raises a DapcliError (the count stays dapcli's)."""
    keys = []
    for number, counted, _ in book.hit_by(adapter_ids):
        entry = book.entries.get(number)
        name = book.counter_name(entry) if entry is not None else None
        if counted is None or name not in book.undeclared or not await _declare(book, name, counts.get(number, 0),
                                                                                 request):
            continue
        book.undeclared.discard(name)
        book.declared.add(name)
        keys.append(entry.key)
    for key in sorted(set(keys)):
        with contextlib.suppress(DapcliError):
            await book.sync(key, request)
