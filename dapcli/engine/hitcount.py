"""Hit conditions that an adapter does not mean as dapcli does, counted by dapcli.

dapcli's grammar (``verbs/bpargs.py``): ``N`` and ``==N`` stop on the Nth hit only, ``>N``,
``>=N``, ``<N``, ``<=N`` compare the hit count, ``%N`` stops on every Nth hit. Adapters differ
(measured with lldb-dap 19, CodeLLDB 1.11, cdt-gdb-adapter 1.7, over a 6-pass loop):

* lldb-dap takes only a number N, as "from the Nth hit on"; any other text stops at every hit;
* CodeLLDB takes the whole grammar, but a bare N is "from the Nth hit on" too;
* cdt-gdb-adapter takes ``N`` (the Nth hit, then deletes gdb's breakpoint) and ``>N``; any
  other text drops the breakpoint (it never stops, and the answer leaves it out).

Each adapter says what it is sent instead (:meth:`~dapcli.adapters.base.AdapterSpec.hit_condition`);
where it can say nothing right, dapcli sends no ``hitCondition``, counts the stops of that
breakpoint itself, and resumes (DAP ``continue``) those that do not meet the condition. Only the
stops of a ``continue`` (or of the launch) count: a step that lands on the line ends there.
"""

from __future__ import annotations

from collections.abc import Iterable

from dapcli.adapters.hits import parse_hit

__all__ = ["HitCounts", "hit_met"]


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

    def stands(self, hit: Iterable[tuple[int, str | None]]) -> bool:
        """Count one stop at the breakpoints ``hit`` (``(id, condition dapcli keeps or None)``);
        True when the stop stands (a breakpoint without such a condition, or one whose condition
        is met, or the end of a step), False when dapcli should resume it."""
        if self.release or self.command not in ("launch", "continue"):
            self.release = False
            return True
        stands, any_hit = False, False
        for number, condition in hit:
            any_hit = True
            if condition is None:
                stands = True
                continue
            self.counts[number] = self.counts.get(number, 0) + 1
            stands = hit_met(condition, self.counts[number]) or stands
        return stands or not any_hit
