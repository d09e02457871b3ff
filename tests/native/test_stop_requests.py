"""What a stop asks of the adapter, and requests that must not overlap.

Each stop's state needs the top frame's ``scopes`` and its locals' ``variables``. The engine
prefetches both on ``stopped``; the stop state used to send its own beside them whenever the
adapter's ``stackTrace`` answer came in the same loop turn as the stop, so two ``variables`` of
one frame overlapped. On cdt-gdb-adapter that creates gdb's variable objects twice: from then on
every local was listed twice, the second one shown as ``<not available: hidden by an inner …>``
(and the fidelity check of ``point``'s children failed on a loaded machine).
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, PROGRAMS, Driver, each_adapter, marker_line, run

from dapcli.protocol import types as t

NESTED_C = PROGRAMS / "nested.c"
INNER = marker_line(NESTED_C, "inner-body")
LOOP = marker_line(PROGRAMS / "sample.c", "loop-body")


@pytest.fixture(scope="module")
def nested(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    folder = tmp_path_factory.mktemp("nested")
    shutil.copy(NESTED_C, folder / "nested.c")
    done = subprocess.run([CC, "-g", "-O0", "-o", "nested", "nested.c"], cwd=folder, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return folder / "nested"


def _requests(trace: Path) -> list[dict]:
    sent = []
    for line in trace.read_text(encoding="utf-8").splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] == "->":
            sent.append(json.loads(parts[2]))
    return sent


@pytest.mark.parametrize("adapter", each_adapter())
def test_each_stop_asks_for_scopes_and_locals_once(adapter: str, sample: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    trace = tmp_path / "trace"
    monkeypatch.setenv("DAPCLI_TRACE", str(trace))

    async def body() -> None:
        d = Driver(sample.parent)
        try:
            stop = await d("launch", program=str(sample), adapter=adapter, breakpoints=[f"sample.c:{LOOP}"])
            stops = [stop]
            for _ in range(3):
                stops.append(await d("continue"))
            assert [s["location"]["line"] for s in stops] == [LOOP] * 4, stops
            assert all(s.get("locals") for s in stops), stops
        finally:
            await d.close()

    run(body)
    sent = _requests(trace)
    scopes = [m for m in sent if m["command"] == "scopes"]
    assert len(scopes) == 4, [m["arguments"] for m in scopes]  # one per stop
    answered = {}
    for line in trace.read_text(encoding="utf-8").splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[1] == "<-":
            message = json.loads(parts[2])
            if message.get("command") == "scopes" and message.get("success"):
                answered[message["request_seq"]] = [s["variablesReference"] for s in message["body"]["scopes"]]
    scope_refs = {ref for m in scopes for ref in answered.get(m["seq"], [])[:1]}
    listings = [m for m in sent if m["command"] == "variables" and m["arguments"]["variablesReference"] in scope_refs]
    assert len(listings) == 4, [m["arguments"] for m in listings]  # the locals, once per stop


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_overlapping_listings_of_a_frame_not_listed_yet_show_each_local_once(adapter: str, nested: Path) -> None:
    async def body() -> None:
        d = Driver(nested.parent)
        try:
            stop = await d("launch", program=str(nested), adapter=adapter, breakpoints=[f"nested.c:{INNER}"])
            assert stop["location"]["line"] == INNER, stop
            frames = (await d("stackTrace"))["frames"]
            assert [f["name"] for f in frames[:3]] == ["inner", "outer", "main"], frames
            outer = frames[1]["id"]
            session = d.session
            found = await asyncio.gather(*[
                session.request("scopes", t.ScopesArguments(frameId=outer), t.ScopesResponse) for _ in range(3)])
            lists = await asyncio.gather(*[
                session.request("variables", t.VariablesArguments(variablesReference=s.scopes[0].variablesReference),
                                t.VariablesResponse)
                for s in found])
            for listed in lists:
                assert [v.name for v in listed.variables] == ["a", "b", "both", "sum", "got"], listed
            shown = await d("variables", frameId=outer, depth=1)
            values = [(v["name"], v["value"]) for v in shown["variables"]]
            assert values == [("a", "3"), ("b", "4"), ("both", "{left = 3, right = 4}"), ("sum", "7"),
                              ("got", values[4][1])], shown
            both = shown["variables"][2]
            assert both["variablesReference"] > 0
            assert [(c["name"], c["value"]) for c in both["children"]] == [("left", "3"), ("right", "4")], both
        finally:
            await d.close()

    run(body)
