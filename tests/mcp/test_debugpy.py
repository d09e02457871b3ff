"""The MCP tools on real debugpy sessions, through the in-memory client."""

from __future__ import annotations

import json
import os
from typing import Any

import anyio
import pytest
from mcp_helpers import BUGGY, LOOP, assert_gone, call, call_error, connected, marker_line, run, text_of

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

RUNNING = marker_line(BUGGY, "running")  # 17: running += line


async def launch_buggy(client: Any) -> dict[str, Any]:
    return await call(client, "launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{RUNNING}"]})


def test_debug_buggy_end_to_end() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await launch_buggy(client)
            assert stop["status"] == "stopped" and stop["reason"] == "breakpoint"
            assert stop["location"]["line"] == RUNNING and stop["location"]["function"] == "total"
            assert {v["name"] for v in stop["locals"]} >= {"amount", "percent", "running"}

            value = await call(client, "evaluate", {"expression": "amount * percent"})
            assert value["result"] == "299.84999999999997" and value["type"] == "float"

            stop = await call(client, "next")
            assert stop["reason"] == "step" and stop["location"]["line"] == RUNNING - 3  # the for line

            found = await call(client, "variables", {"filter": "running"})
            assert [v["value"] for v in found["variables"]] == ["17.99"]

            listed = await call(client, "more", {"verb": "listBreakpoints"})
            first_id = listed["breakpoints"][0]["id"]
            added = await call(client, "setBreakpoint", {"location": f"{BUGGY}:{RUNNING - 1}", "condition": "i == 3"})
            assert added["verified"] is True and added["condition"] == "i == 3"
            removed = await call(client, "more", {"verb": "removeBreakpoint", "arguments": {"ids": [first_id]}})
            assert removed["removed"] == [first_id]

            stop = await call(client, "continue")
            assert stop["location"]["line"] == RUNNING - 1
            assert (await call(client, "evaluate", {"expression": "name"}))["result"] == "'tape'"

            stop = await call(client, "stepIn")
            assert stop["status"] == "stopped" and stop["location"]["line"] == RUNNING

            stop = await call(client, "continue")
            assert stop["status"] in ("exited", "terminated") and stop["exitCode"] == 0
            assert "total=26.73" in "".join(chunk["output"] for chunk in stop["output"])

            status = await call(client, "status")
            ended = await call(client, "stop")
            assert ended["session"] == "default"
        assert_gone({pid for pid in (status.get("adapterPid"), status.get("debuggeePid")) if pid})

    run(body)


def _as_given(path: Any) -> str:
    """A path as the server shows it: relative to its working directory when below it."""
    here = os.path.join(os.getcwd(), "")
    return str(path)[len(here):] if str(path).startswith(here) else str(path)


def test_text_rendering_of_a_stop_is_compact() -> None:
    async def body() -> None:
        async with connected() as client:
            result = await client.call_tool(
                "launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{RUNNING}"]}
            )
            text = text_of(result)
            assert len(text.encode()) <= 600, text
            assert text.startswith(f"stopped (breakpoint 1) at {_as_given(BUGGY)}:{RUNNING} in total")
            assert f"→ {RUNNING:>4}  " in text
            assert "frames: total:17 ← receipt:25" in text
            assert "percent=15.0" in text
            structured = json.dumps(result.structured_content, separators=(",", ":"))
            assert len(structured) <= 1800, structured  # 8 locals, 4 frames, 4 output chunks
            assert result.structured_content["location"]["path"] == _as_given(BUGGY)
            assert {"name": "percent", "value": "15.0", "type": "float"} in result.structured_content["locals"]
            evaluated = await client.call_tool("evaluate", {"expression": "amount * percent"})
            assert text_of(evaluated) == "amount * percent = 299.84999999999997 (float)"

    run(body)


def test_bad_input_leaves_the_session_usable() -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "launch", {"program": str(BUGGY), "breakpoints": f"{BUGGY}:{RUNNING}"})
            assert "breakpoints" in text and "list" in text
            # a list sent as JSON text (a habit of some clients) is read as the list
            stop = await call(client, "launch", {"program": str(BUGGY), "breakpoints": f'["{BUGGY}:{RUNNING}"]'})
            assert stop["location"]["line"] == RUNNING
            text = await call_error(client, "next", {"bogus": 1})
            assert "bogus: unknown parameter" in text and "threadId" in text
            text = await call_error(client, "stackTrace", {"levels": True})
            assert "levels" in text and "boolean" in text
            stack = await call(client, "stackTrace", {"levels": 2})
            assert len(stack["frames"]) == 2
            text = await call_error(client, "evaluate", {"expression": "amount", "session": "nope"})
            assert "no session named 'nope'" in text and "session=NAME" in text
            text = await call_error(client, "evaluate", {"expression": "undefined_name + 1"})
            assert "NameError" in text and "undefined_name" in text
            text = await call_error(client, "launch", {"program": str(BUGGY)})
            assert "already running" in text
            assert (await call(client, "evaluate", {"expression": "amount"}))["result"] == "19.99"
            stop = await call(client, "next")
            assert stop["status"] == "stopped"

    run(body)


def test_wrong_state_after_exit() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(BUGGY)})
            assert stop["status"] in ("exited", "terminated") and stop["exitCode"] == 0
            text = await call_error(client, "next")
            assert "has ended" in text
            output = await call(client, "output")
            assert "total=26.73" in "".join(c["output"] for c in output["chunks"])

    run(body)


def test_pause_while_continue_is_blocked() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            assert stop["status"] == "stopped"
            results: dict[str, Any] = {}

            async def resume() -> None:
                results["continue"] = await call(client, "continue", {"timeout": 30})

            async with anyio.create_task_group() as group:
                group.start_soon(resume)
                with anyio.fail_after(60):
                    while (await call(client, "status"))["state"] != "running":
                        await anyio.sleep(0.01)
                results["pause"] = await call(client, "pause")
            assert results["pause"]["status"] == "stopped" and results["pause"]["reason"] == "pause"
            assert results["continue"]["status"] == "stopped"
            assert results["pause"]["location"]["path"] == _as_given(LOOP)

    run(body)


def test_timeout_is_not_an_error_and_the_stop_is_not_lost() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            result = await client.call_tool("continue", {"timeout": 0.2})
            assert not result.is_error and result.structured_content["status"] == "running"
            assert "not an error" in text_of(result)
            await call(client, "setBreakpoint", {"location": f"{LOOP}:{marker_line(LOOP, 'loop')}"})
            stop = await call(client, "wait", {"timeout": 10})
            assert stop["status"] == "stopped" and stop["location"]["line"] == marker_line(LOOP, "loop")

    run(body)


def test_two_sessions_need_a_name() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True, "session": "first"})
            status = await call(client, "status")  # the only session
            assert status["session"] == "first"
            await call(client, "launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{RUNNING}"]})
            assert (await call(client, "status"))["session"] == "default"
            value = await call(client, "evaluate", {"expression": "__file__", "session": "first"})
            assert value["result"] == repr(str(LOOP))
            listed = await client.read_resource("dapcli://sessions")
            assert '"first"' in listed.contents[0].text and '"default"' in listed.contents[0].text

    run(body)


def test_session_resource_and_disconnect_ends_sessions() -> None:
    pids: set[int] = set()

    async def body() -> None:
        async with connected() as client:
            await launch_buggy(client)
            resource = await client.read_resource("dapcli://session/default")
            text = resource.contents[0].text
            assert '"state": "stopped"' in text and "notebook" in text
            status = await call(client, "status")
            pids.update(p for p in (status.get("adapterPid"), status.get("debuggeePid")) if p)
            with pytest.raises(Exception, match="no session named 'gone'"):
                await client.read_resource("dapcli://session/gone")
        assert len(pids) == 2
        assert_gone(pids)

    run(body)


def test_subscribers_hear_when_a_session_changes() -> None:
    async def body() -> None:
        async with connected() as client:
            uris = ["dapcli://session/default", "dapcli://sessions"]
            async with client.listen(resources_list_changed=True, resource_subscriptions=uris) as events:
                await launch_buggy(client)
                seen: set[str] = set()
                async for event in events:
                    seen.add(getattr(event, "uri", type(event).__name__))
                    if seen >= {*uris, "ResourcesListChanged"}:
                        break
                await call(client, "next")
                async for event in events:
                    assert getattr(event, "uri", None) in uris
                    break

    run(body)
