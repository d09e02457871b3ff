"""Record a session driven through the LocalDispatcher, write it as YAML, replay it: same stops."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import jsonschema
import yaml
from conftest import LOOP, PROGRAMS, SpyDispatcher, marker, run

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import DapcliError
from dapcli.frontends.recipe import Recorder, recipe_schema


def _stop(result: dict[str, Any]) -> tuple[Any, ...]:
    where = result.get("location") or {}
    return result.get("status"), result.get("reason"), where.get("line"), where.get("function"), result.get("exitCode")


async def _drive(recorder: Recorder) -> list[dict[str, Any]]:
    dispatcher = LocalDispatcher()
    stops = []

    async def call(verb: str, args: dict[str, Any]) -> dict[str, Any]:
        result = await dispatcher.call(verb, args, "rec", str(PROGRAMS))
        recorder.add(verb, args, result)
        return result.to_json()

    try:
        stops.append(await call("launch", {"program": "loop.py", "args": ["3"],
                                           "breakpoints": [f"loop.py:{marker('scale')}"]}))
        await call("evaluate", {"expression": "value * factor"})
        stops.append(await call("continue", {}))
        stops.append(await call("stepOut", {}))
        stops.append(await call("next", {}))
        await call("setBreakpoint", {"location": f"loop.py:{marker('print')}", "condition": "total > 0"})
        await call("removeBreakpoint", {"ids": [1]})
        await call("variables", {"filter": "total"})
        stops.append(await call("continue", {}))
        stops.append(await call("continue", {}))
    finally:
        with contextlib.suppress(DapcliError):
            await call("stop", {})
    return stops


def test_record_then_replay_reaches_the_same_stops(tmp_path):
    recorder = Recorder(cwd=str(PROGRAMS), name="round trip")
    stops = asyncio.run(_drive(recorder))
    assert [s[0] for s in map(_stop, stops)] == ["stopped"] * 5 + ["exited"]

    path = tmp_path / "recipes" / "recorded.yaml"
    path.parent.mkdir()
    text = recorder.save(str(path))
    data = yaml.safe_load(text)
    assert (path.parent / data["target"]["program"]).resolve() == LOOP
    assert data["breakpoints"] == [f"{data['target']['program']}:{marker('scale')}"]
    assert data["steps"][0] == {"continue": {}, "expect": {"reason": "breakpoint", "line": marker("scale"),
                                                           "function": "scale"}}
    assert data["steps"][-1]["expect"] == {"exitCode": 0}
    assert list(jsonschema.Draft202012Validator(recipe_schema()).iter_errors(data)) == []

    spy = SpyDispatcher()
    code, out = run(path, json_lines=True, dispatcher=spy)
    assert code == 0, out
    events = [json.loads(line) for line in out.splitlines()]
    replayed = [e["result"] for e in events if e["event"] == "step" and e["verb"] in ("continue", "stepOut", "next")]
    assert list(map(_stop, replayed)) == list(map(_stop, stops))
    checks = [c for e in events if e["event"] == "step" for c in e["checks"]]
    assert len(checks) == 5 * 3 + 1 and all(c["passed"] for c in checks)
    assert spy.left_running() == []


def test_recorder_without_launch_says_so():
    recorder = Recorder()
    try:
        recorder.to_yaml()
    except DapcliError as exc:
        assert "no program was launched" in exc.message
    else:
        raise AssertionError("expected an error")


def test_stop_on_entry_launch_needs_no_first_continue(tmp_path):
    from dapcli.verbs.models import EvaluateResult, StopState

    recorder = Recorder(cwd=str(PROGRAMS))
    entry = StopState(session="s", status="stopped", reason="entry")
    recorder.add("launch", {"program": "loop.py", "stop_on_entry": True, "env": ["A=1"]}, entry)
    two = EvaluateResult(expression="1 + 1", result="2")
    recorder.add("evaluate", {"expression": "1 + 1", "context": "watch"}, two)
    recorder.add("status", {}, StopState(session="s", status="stopped"))
    data = yaml.safe_load(recorder.to_yaml(str(tmp_path / "r.yaml")))
    assert data["target"]["env"] == {"A": "1"}
    assert data["steps"] == [{"evaluate": {"expression": "1 + 1"}}]  # defaults dropped, status skipped


def test_recorded_paths_are_relative_to_the_recipe(tmp_path):
    from dapcli.verbs.models import StopState

    work = tmp_path / "project"
    (work / "src").mkdir(parents=True)
    (work / "src" / "app.py").write_text("x = 1\n")
    recorder = Recorder(cwd=str(work))
    recorder.add("launch", {"program": "src/app.py", "breakpoints": ["src/app.py:1", "main"]},
                 StopState(session="s", status="stopped", reason="breakpoint"))
    recorder.add("source", {"location": "src/app.py"}, StopState(session="s", status="stopped"))
    data = yaml.safe_load(recorder.to_yaml(str(work / "recipes" / "app.yaml")))
    assert data["target"] == {"program": "../src/app.py", "cwd": ".."}
    assert data["breakpoints"] == ["../src/app.py:1", "main"]
    assert data["steps"][1] == {"source": {"location": "../src/app.py"}}
