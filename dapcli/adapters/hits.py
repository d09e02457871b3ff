"""dapcli's hit-condition grammar, read for the adapters that translate it (see
``engine/hitcount.py`` for what each adapter means and what dapcli counts itself)."""

from __future__ import annotations

import re

__all__ = ["SPENT_REMOVED", "parse_hit"]

#: What :meth:`~dapcli.adapters.base.AdapterSpec.hit_spent` returns for an adapter whose breakpoint
#: is taken out of the adapter's set once its one stop (``==N``) is made, until the next run
#: (lldb-dap: an ignore count no run reaches made a later step onto that line run on).
SPENT_REMOVED = "<removed until the next run>"

_HIT = re.compile(r"^\s*(>=|<=|==|>|<|%)?\s*(\d+)\s*$")


def parse_hit(condition: str) -> tuple[str, int] | None:
    """``(operator, N)`` of a hit condition (``"=="`` for a bare N), or None outside the grammar."""
    found = _HIT.match(condition)
    if found is None:
        return None
    return found.group(1) or "==", int(found.group(2))
