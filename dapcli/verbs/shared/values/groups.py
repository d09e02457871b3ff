"""debugpy's groups of children: ``special variables`` (dunder names such as ``__name__``),
``function variables`` (the functions of a module, the methods of an object), ``class
variables`` and ``protected variables``.

debugpy lists each group as one row with an empty value whose children are the members, so a
program stopped at module level shows ``sys`` but not its own ``main``, ``fact`` or ``Node``.
``vars`` lists the program's variables and says which groups it left out, with their members'
names (one ``variables`` request per group); ``vars --all`` lists the members, and a NAME or
``--filter`` finds them.
"""

from __future__ import annotations

from dapcli.engine.session import Session
from dapcli.protocol import types as t
from dapcli.verbs.models import HiddenGroup
from dapcli.verbs.shared.values.paging import remember
from dapcli.verbs.shared.values.snapshot import fresh

__all__ = ["GROUP_NAMES", "NAMES_KEPT", "group_members", "hidden_groups", "is_group"]

#: debugpy's grouping rows, not program variables.
GROUP_NAMES = frozenset({"special variables", "function variables", "class variables", "protected variables"})
#: How many member names a hidden group keeps (its count says how many there are).
NAMES_KEPT = 12


def is_group(variable: t.Variable) -> bool:
    """True for one of debugpy's grouping rows (its name, an empty value)."""
    return variable.name in GROUP_NAMES and not variable.value


async def group_members(session: Session, groups: list[t.Variable],
                        timeout: float) -> list[tuple[str, list[t.Variable]]]:
    """``(group name, its members)`` of each group, in the adapter's order
    (DAP ``variables`` of each group's ``variablesReference``). Raises RequestError or
    DapTimeoutError as the request does."""
    found = []
    for group in groups:
        if group.variablesReference <= 0:
            continue
        body = await session.request("variables", t.VariablesArguments(variablesReference=group.variablesReference),
                                     t.VariablesResponse, timeout=timeout)
        members = await fresh(session, group.variablesReference, list(body.variables))
        remember(session, members, group.variablesReference)
        found.append((group.name, [m for m in members if not is_group(m)]))
    return found


def hidden_groups(members: list[tuple[str, list[t.Variable]]]) -> list[HiddenGroup] | None:
    """What a listing without the groups left out: each group's name, and when its members were
    read, how many it has and the first :data:`NAMES_KEPT` names; None when nothing was left out."""
    hidden = [HiddenGroup(name=name, count=len(listed), names=[v.name for v in listed[:NAMES_KEPT]])
              if listed else HiddenGroup(name=name) for name, listed in members]
    return hidden or None
