"""A handle of one session of a tree (a program and its debugpy subprocess sessions) is refused
by another: each session used to number its frames and references from 1, so the parent's
``frameId`` 1 evaluated silently in the child's frame 1."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import UsageError

PROGRAM = Path(__file__).parent / "programs" / "stoptree.py"
LINES = {m: next(i for i, t in enumerate(PROGRAM.read_text().splitlines(), 1) if f"@{m}" in t)
         for m in ("child", "parent")}


def test_a_frame_id_of_the_parent_is_refused_by_its_subprocess_session_and_back() -> None:
    async def scenario() -> None:
        dispatcher = LocalDispatcher()
        try:
            first = await dispatcher.call("launch", {"program": str(PROGRAM), "timeout": 60, "breakpoints": [
                f"{PROGRAM}:{LINES['child']}", f"{PROGRAM}:{LINES['parent']}"]})
            if first.status != "stopped" or first.location is None or first.location.line != LINES["parent"]:
                first = await dispatcher.call("wait", {"timeout": 60})
            assert first.location is not None and first.location.line == LINES["parent"], first
            parent = dispatcher.manager.sessions["default"]
            child = None
            for _ in range(5):  # a subprocess's stop wakes its parent's waiters (each wait bounded)
                stopped = [n for n, s in dispatcher.manager.sessions.items()
                           if n != "default" and s.state.value == "stopped"]
                if stopped:
                    child = stopped[0]
                    break
                await parent.wait_for_change(parent.generation, 30)
            assert child is not None, "the child stopped in a session of its own"
            parent_frame = (await dispatcher.call("stackTrace", {})).frames[0].id
            child_frame = (await dispatcher.call("stackTrace", {}, child)).frames[0].id
            assert parent_frame != child_frame
            assert (await dispatcher.call("evaluate", {"expression": "n", "frameId": child_frame}, child)).result == "7"
            assert (await dispatcher.call("evaluate", {"expression": "parent_value", "frameId": parent_frame})
                    ).result == "11"
            with pytest.raises(UsageError, match=f"frameId {parent_frame} is of session 'default', not of "
                                                 f"'{child}'; list this session's frames with"):
                await dispatcher.call("evaluate", {"expression": "n", "frameId": parent_frame}, child)
            with pytest.raises(UsageError, match=f"frameId {child_frame} is of session '{child}', not of "
                                                 "'default'"):
                await dispatcher.call("evaluate", {"expression": "parent_value", "frameId": child_frame})
        finally:
            await dispatcher.call("stop", {})

    asyncio.run(asyncio.wait_for(scenario(), 150))
