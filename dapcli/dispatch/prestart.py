"""What the one-shot client and the session host use of :mod:`dapcli.adapters.prestart` (the
adapter a host starts while it imports) and :mod:`dapcli.adapters.earlytest` (the test run it
starts meanwhile); standard library only.

The host's last argument names what to start: an adapter (``debugpy``), ``test:`` followed by
the JSON run of :func:`dapcli.dispatch.testhint.hint` (debugpy's adapter and that run), or
``launch:`` followed by the JSON of :func:`dapcli.adapters.earlylaunch.plan` (lldb-dap, driven
to the first stop).
"""

from __future__ import annotations

import json

from dapcli.adapters import earlylaunch, earlytest
from dapcli.adapters import prestart as _adapters
from dapcli.adapters.prestart import hint

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["LAUNCH_PREFIX", "TEST_PREFIX", "discard", "hint", "launch_plan", "start"]

TEST_PREFIX = "test:"
LAUNCH_PREFIX = earlylaunch.PREFIX
launch_plan = earlylaunch.plan


def start(what: str, process: Any = None) -> None:
    """Start what the one-shot client's hint ``what`` names; never raises. ``process``: the
    adapter of an early launch, started already (:mod:`dapcli.dispatch.hostboot`)."""
    if what.startswith(earlylaunch.PREFIX):
        try:
            plan = json.loads(what[len(earlylaunch.PREFIX):])
        except ValueError:
            plan = None
        if isinstance(plan, dict):
            from dapcli.engine.processes import shared_watchdog

            earlylaunch.start(plan, process, shared_watchdog())  # the host's: its sessions use the same one
        elif process is not None:
            _adapters.kill(process)
        return
    if not what.startswith(TEST_PREFIX):
        _adapters.start(what)
        return
    try:
        spec = json.loads(what[len(TEST_PREFIX):])
    except ValueError:
        spec = None
    if isinstance(spec, dict):
        earlytest.start(spec)  # the run first (its start is the longer), then the adapter it attaches with
    else:
        _adapters.start("debugpy")


def discard() -> None:
    """Kill whatever was started early and not taken."""
    earlytest.discard()
    earlylaunch.discard()
    _adapters.discard()
