"""A debugpy subprocess session that runs to its end: the child exits by itself, with its own
exit code (dapcli must not kill it when debugpy says ``terminated`` on its way out)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from dapcli.dispatch.local import LocalDispatcher

PROGRAMS = Path(__file__).parent / "programs"
PARENT = PROGRAMS / "sub_parent.py"
CHILD = PROGRAMS / "sub_child.py"
CHILD_LINE = next(i for i, t in enumerate(CHILD.read_text().splitlines(), 1) if "@child" in t)


def test_a_subprocess_continued_to_its_end_keeps_its_exit_code() -> None:
    async def scenario() -> None:
        dispatcher = LocalDispatcher()
        try:
            first = await dispatcher.call("launch", {"program": str(PARENT), "breakpoints": [f"{CHILD}:{CHILD_LINE}"],
                                                     "timeout": 60})
            stopped = [s.name for s in first.subprocesses or [] if s.state == "stopped"]
            if not stopped:  # the child's stop may come after the parent's launch answered
                await dispatcher.call("wait", {"timeout": 60})
                stopped = [n for n in dispatcher.manager.sessions if n != "default"]
            assert stopped, "the child stopped in a session of its own"
            await dispatcher.call("continue", {"timeout": 60}, stopped[0])
            end = await dispatcher.call("wait", {"timeout": 60})
            assert end.status in ("exited", "terminated")
            text = "".join(chunk.output for chunk in end.output or [])
            full = await dispatcher.call("output", {})
            text += "".join(chunk.output for chunk in full.chunks)
            assert "rc=3" in text, text  # not rc=-9: the child was not killed on its way out
        finally:
            await dispatcher.call("stop", {})

    asyncio.run(asyncio.wait_for(scenario(), 150))
