"""Resource notifications cost nothing while no client listens (a ``next`` changes the state
twice), and reach a listener as soon as there is one."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from mcp.server.subscriptions import InMemorySubscriptionBus

from dapcli.frontends.mcp.resources import Notifier


def test_no_task_without_listener_and_events_with_one() -> None:
    async def body() -> None:
        bus = InMemorySubscriptionBus()
        notifier = Notifier(bus, SimpleNamespace(manager=SimpleNamespace(sessions={})))  # type: ignore[arg-type]
        session = SimpleNamespace(name="default")
        notifier.on_session_event("stopped", session)
        assert not notifier._tasks
        heard: list[object] = []
        bus.subscribe(heard.append)
        notifier.on_session_event("running", session)
        await asyncio.gather(*notifier._tasks)
        assert [getattr(event, "uri", None) for event in heard] == ["dapcli://session/default", "dapcli://sessions"]

    asyncio.run(body())
