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


def test_a_new_session_is_announced_with_its_own_resource() -> None:
    """A launch's first stop comes before the session joins the manager (no ``stopped`` reaches
    the notifier then): the call that made it must still announce ``dapcli://session/NAME``."""

    async def body() -> None:
        bus = InMemorySubscriptionBus()
        sessions: dict[str, object] = {}
        notifier = Notifier(bus, SimpleNamespace(manager=SimpleNamespace(sessions=sessions)))  # type: ignore[arg-type]
        heard: list[object] = []
        bus.subscribe(heard.append)
        sessions["default"] = object()
        await notifier.after_call("launch", "default")
        uris = [getattr(event, "uri", type(event).__name__) for event in heard]
        assert uris == ["ResourcesListChanged", "dapcli://sessions", "dapcli://session/default"]
        heard.clear()
        await notifier.after_call("next", "default")  # nothing came or went
        assert heard == []

    asyncio.run(body())
