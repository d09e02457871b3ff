"""Breakpoint, watch and exception-filter persistence: saved after every change, restored by
``launch --restore``, breakpoints re-anchored by their line's text after an edit."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from depth_helpers import PYTHON, Cli, InProcess, line_of

from dapcli.adapters.base import LaunchOptions
from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.engine import persist
from dapcli.engine.session import Session
from dapcli.verbs.models import BreakpointsResult, ExceptionFiltersResult, StopState

INSERTED = "# two lines inserted above everything\n# (the breakpoints must follow their lines)\n"


def _session(program: Path) -> Session:
    session = Session("t", DebugpyAdapter())
    session.launch_options = LaunchOptions(program=str(program))
    return session


# -- re-anchoring (the algorithm itself: tests/unit/test_anchors.py) ---------------------------
def test_save_and_restore_without_an_adapter(workspace: Path, state_dir: Path) -> None:
    program = workspace / "buggy.py"
    helper = workspace / "helper.py"
    helper.write_text("x = 1\n")
    call, add, printed = line_of(program, "call"), line_of(program, "add"), line_of(program, "print")
    session = _session(program)
    session.book.new_entry(path=str(program), line=call, condition="values")
    session.book.new_entry(path=str(program), line=add, hit_condition="2", log_message="item={item}")
    session.book.new_entry(function="total")
    session.book.new_entry(path=str(helper), line=1)
    session.book.new_entry(path=str(program), line=printed)
    session.watches.add("values")
    session.watches.add("len(values)")
    session.watches.remove([1])
    session.exception_filters = [("raised", "True"), ("uncaught", None)]
    assert persist.save(session) is None

    saved = Path(persist.state_path(str(program)))
    assert saved.parent == state_dir and saved.name.startswith("buggy.py-")
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    data = json.loads(saved.read_text())
    assert data["program"] == str(program)
    assert data["breakpoints"][0] == {
        "id": 1, "path": str(program), "line": call, "function": None, "condition": "values", "hitCondition": None,
        "logMessage": None, "lineText": "answer = total(values)  # @call",
        "anchor": {"line": call, "before": "values = [1, 2, 3]", "after": data["breakpoints"][0]["anchor"]["after"],
                   "stamp": data["breakpoints"][0]["anchor"]["stamp"]},
    }
    assert data["breakpoints"][0]["anchor"]["stamp"]["size"] == program.stat().st_size
    assert data["watches"] == [{"id": 2, "expression": "len(values)"}]

    program.write_text(INSERTED + program.read_text().replace(f"{program.read_text().splitlines()[printed - 1]}\n",
                                                               ""))
    helper.unlink()
    fresh = _session(program)
    warnings = persist.restore(fresh, str(program))
    now = program.read_text().splitlines()[printed - 1].strip()
    assert sorted(warnings) == sorted([
        f"breakpoint 4 at helper.py:1 not restored: the file is gone ({helper})",
        f"breakpoint 1 moved {call} → {call + 2} (file changed): answer = total(values)  # @call",
        f"breakpoint 2 moved {add} → {add + 2} (file changed): result += item  # @add",
        f"breakpoint 5 at buggy.py:{printed} is stale: its statement "
        f"'print(f\"{{greeting}} {{name}}: {{answer}}\")  # @print' is no longer in the file (file changed); "
        f"line {printed} now reads {now!r}",
    ])
    entries = fresh.book.entries
    assert sorted(entries) == [1, 2, 3, 5]
    assert entries[5].stale and entries[5].line == printed  # kept its line, marked
    assert (entries[1].line, entries[1].condition) == (call + 2, "values")
    assert (entries[2].line, entries[2].hit_condition, entries[2].log_message) == (add + 2, "2", "item={item}")
    assert entries[3].function == "total" and entries[3].path is None
    assert entries[1].line_text == "answer = total(values)  # @call"
    assert fresh.book.new_entry(function="main").id == 6  # ids never reused
    assert [(w.id, w.expression) for w in fresh.watches.items.values()] == [(2, "len(values)")]
    assert fresh.watches.add("x").id == 3
    assert fresh.exception_filters == [("raised", "True"), ("uncaught", None)]
    assert persist.has_breakpoint(fresh, {"path": str(program), "line": call + 2})
    assert not persist.has_breakpoint(fresh, {"path": str(program), "line": call})


def test_nothing_saved_and_attach_sessions(workspace: Path, state_dir: Path) -> None:
    program = workspace / "buggy.py"
    assert persist.restore(_session(program), str(program)) == ["--restore: nothing saved for buggy.py yet"]
    attached = Session("a", DebugpyAdapter())
    attached.request_kind = "attach"
    attached.book.new_entry(path=str(program), line=1)
    assert persist.save(attached) is None
    assert not state_dir.exists()


def test_state_dir_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DAPCLI_STATE_DIR")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert persist.state_dir() == str(tmp_path / "xdg" / "dapcli")
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert persist.state_dir() == str(tmp_path / "home" / ".local" / "state" / "dapcli")


def test_a_failed_save_does_not_break_debugging(workspace: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(blocker / "state"))
    session = _session(workspace / "buggy.py")
    session.watches.add("x")
    problem = persist.save(session)
    assert problem is not None and problem.startswith("could not save")


# -- end to end ---------------------------------------------------------------------------------
def test_restore_re_anchors_in_process(workspace: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    program = workspace / "buggy.py"
    call, printed = line_of(program, "call"), line_of(program, "print")
    base = {"program": "buggy.py", "python": PYTHON, "timeout": 20.0}

    async def body(run: InProcess) -> None:
        first = await run.call("launch", {**base, "stopOnEntry": True}, cwd=workspace)
        assert isinstance(first, StopState) and first.status == "stopped"
        await run.call("setBreakpoint", {"location": f"buggy.py:{call}"}, cwd=workspace)
        await run.call("setBreakpoint", {"location": f"buggy.py:{printed}", "condition": "answer == 6"},
                       cwd=workspace)
        await run.call("addWatch", {"expression": "values"}, cwd=workspace)
        await run.call("setExceptionBreakpoints", {"filters": ["raised", "uncaught"]}, cwd=workspace)
        await run.call("stop", {}, cwd=workspace)

        program.write_text(INSERTED + program.read_text())
        state = await run.call("launch", {**base, "restore": True}, cwd=workspace)
        assert isinstance(state, StopState)
        assert state.warnings == [
            f"breakpoint 1 moved {call} → {call + 2} (file changed): answer = total(values)  # @call",
            f"breakpoint 2 moved {printed} → {printed + 2} (file changed): "
            "print(f\"{greeting} {name}: {answer}\")  # @print",
        ]
        assert state.status == "stopped" and state.location is not None
        assert state.location.line == call + 2  # the program stops at the moved line
        assert [(w.expression, w.value) for w in state.watches or []] == [("values", "[1, 2, 3]")]
        filters = await run.call("exceptionFilters", {}, cwd=workspace)
        assert isinstance(filters, ExceptionFiltersResult)
        assert {f.filter for f in filters.filters if f.enabled} == {"raised", "uncaught"}
        listed = await run.call("listBreakpoints", {}, cwd=workspace)
        assert isinstance(listed, BreakpointsResult)
        assert [(b.id, b.line, b.condition, b.verified) for b in listed.breakpoints] == [
            (1, call + 2, None, True), (2, printed + 2, "answer == 6", True)]
        second = await run.call("continue", {}, cwd=workspace)
        assert second.location is not None and second.location.line == printed + 2  # type: ignore[attr-defined]
        await run.call("removeWatch", {"ids": [1]}, cwd=workspace)
        await run.call("stop", {}, cwd=workspace)
        saved = persist.load(str(program))
        assert saved is not None and saved["watches"] == []
        assert [b["line"] for b in saved["breakpoints"]] == [call + 2, printed + 2]

        lines = program.read_text().splitlines(keepends=True)
        del lines[printed + 2 - 1]
        program.write_text("".join(lines))
        third = await run.call("launch", {**base, "restore": True, "breakpoints": [f"buggy.py:{call + 2}"]},
                               cwd=workspace)
        now = program.read_text().splitlines()[printed + 2 - 1].strip()
        assert third.warnings == [  # type: ignore[attr-defined]
            f"breakpoint 2 at buggy.py:{printed + 2} is stale: its statement "
            f"'print(f\"{{greeting}} {{name}}: {{answer}}\")  # @print' is no longer in the file (file changed); "
            f"line {printed + 2} now reads {now!r}"
        ]
        listed = await run.call("listBreakpoints", {}, cwd=workspace)
        assert [(b.id, b.line, b.stale) for b in listed.breakpoints] == [  # type: ignore[attr-defined]
            (1, call + 2, None), (2, printed + 2, True)]
        assert third.watches is None  # type: ignore[attr-defined]

    in_process(body)


def test_restore_through_the_cli(workspace: Path, cli: Cli, state_dir: Path) -> None:
    program = workspace / "buggy.py"
    call = line_of(program, "call")
    cli.run("launch", "buggy.py", "--python", PYTHON, "--stop-on-entry", cwd=workspace)
    cli.run("break", "add", f"buggy.py:{call}", cwd=workspace)
    cli.run("watch", "add", "values", cwd=workspace)
    cli.run("stop", cwd=workspace)
    assert len(list(state_dir.glob("buggy.py-*.json"))) == 1

    program.write_text(INSERTED + program.read_text())
    shown = cli.run("launch", "buggy.py", "--python", PYTHON, "--restore", cwd=workspace)
    assert f"warning: breakpoint 1 moved {call} → {call + 2} (file changed): answer = total(values)" in shown.out, \
        shown.out
    assert f"buggy.py:{call + 2}" in shown.out
    assert "watch 1: values = [1, 2, 3]" in shown.out
    status = cli.run("--json", "status", cwd=workspace).json()
    assert status["stop"]["location"]["line"] == call + 2
    cli.run("stop", cwd=workspace)
    os.remove(program)
    gone = cli.run("--json", "launch", str(workspace / "buggy.py"), "--restore", cwd=workspace, check=2)
    assert "program not found" in gone.err


def test_a_corrupt_or_hand_edited_state_file(workspace: Path, state_dir: Path) -> None:
    program = workspace / "buggy.py"
    target = Path(persist.state_path(str(program)))
    target.parent.mkdir(parents=True)
    target.write_text("{not json")
    assert persist.restore(_session(program), str(program)) == ["--restore: nothing saved for buggy.py yet"]
    call = line_of(program, "call")
    target.write_text(json.dumps({"format": 1, "breakpoints": [
        {"path": str(program), "line": call},  # no id
        {"id": "x", "path": str(program), "line": call},
        {"id": 4, "path": str(program), "line": call, "lineText": "    answer = total(values)  # @call"},
        "nonsense",
    ], "watches": [{"expression": "values"}, {"id": "bad", "expression": "name"}, {"id": 3}]}))
    session = _session(program)
    assert persist.restore(session, str(program)) == []
    assert [(e.id, e.line) for e in session.book.entries.values()] == [(4, call)]
    assert [(w.id, w.expression) for w in session.watches.items.values()] == [(1, "values"), (2, "name")]
