"""Fault injection with ``hostile_adapter.py``: messages off the spec in their details, events of
the wrong shape, huge texts, an adapter that ends between a stop and its stack. Each gives the
right result or one line within its bound, never wedges the session, and leaves nothing running.
The same faults through every frontend: ``test_hostile_frontends.py``."""

from __future__ import annotations

import asyncio
import io
import json
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from rich.console import Console

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import DapcliError, DapTimeoutError, ProtocolError
from dapcli.render import render

ADAPTER = Path(__file__).resolve().parent / "hostile_adapter.py"
BOUND = 120.0
#: Terminal control sequences an adapter or a program may send: a window title, a screen clear,
#: a clipboard write, a bidi override, a colour.
ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;aGk=\x07\u202eX\x1b[31m"


@pytest.fixture(autouse=True)
def hostile_configured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``hostile_adapter.py`` as the user's adapter ``fake`` for ``*.fake``; a private runtime dir."""
    config = tmp_path / "config" / "dapcli"
    config.mkdir(parents=True)
    (config / "adapters.yaml").write_text(
        f"fake:\n  command: [{json.dumps(sys.executable)}, {json.dumps(str(ADAPTER))}]\n  extensions: [.fake]\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(runtime))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text("int main(void) {\n    return 0;\n}\n")
    yield tmp_path


def script_file(tmp_path: Path, script: dict[str, Any]) -> Path:
    program = tmp_path / "scenario.fake"
    program.write_text(json.dumps({"source": str(tmp_path / "prog.c"), **script}))
    return program


class Harness:
    def __init__(self, program: Path) -> None:
        self.program = program
        self.dispatcher = LocalDispatcher()
        self.pids: set[int] = set()

    async def call(self, verb: str, args: dict[str, Any] | None = None) -> Any:
        return await self.dispatcher.call(verb, args or {}, cwd=str(self.program.parent))

    async def launch(self, **extra: Any) -> Any:
        result = await self.call("launch", {"program": str(self.program), **extra})
        session = self.dispatcher.manager.get("default")
        self.pids.add(session.adapter_pid)
        return result

    async def close(self) -> None:
        for session in list(self.dispatcher.manager.sessions.values()):
            if session.adapter_pid:
                self.pids.add(session.adapter_pid)
            await session.shutdown()
        deadline = time.monotonic() + 10
        while any(_running(pid) for pid in self.pids) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not [pid for pid in self.pids if _running(pid)], "the hostile adapter outlived its session"


def _running(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def scenario(tmp_path: Path, script: dict[str, Any], test: Callable[[Harness], Awaitable[None]]) -> None:
    async def body() -> None:
        harness = Harness(script_file(tmp_path, script))
        try:
            await test(harness)
        finally:
            await harness.close()

    asyncio.run(asyncio.wait_for(body(), BOUND))


def shown(result: Any) -> str:
    """What a terminal shows for ``result`` (the CLI and REPL renderer), timed."""
    console = Console(file=io.StringIO(), width=120, force_terminal=True, color_system=None)
    started = time.monotonic()
    console.print(render(result))
    assert time.monotonic() - started < 10, "rendering took more than 10 s"
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


# -- responses off the spec in their details -----------------------------------------------------
def test_frames_with_null_missing_and_string_fields_are_read_not_refused(tmp_path: Path) -> None:
    frames = [{"id": "abc", "name": None, "line": 0, "column": 0, "source": None},  # no usable id: dropped
              {"id": 2, "name": "f", "line": -5, "column": 1, "source": {"path": None}},
              {"id": 3, "line": 1, "column": 1},  # no name
              {"id": "4", "name": None, "line": "7", "column": None, "source": {"path": "/nonexistent/a b.c"}}]

    async def test(h: Harness) -> None:
        stop = (await h.launch()).to_json()
        assert stop["status"] == "stopped" and stop["location"]["function"] == "f"
        stack = (await h.call("stackTrace")).to_json()
        assert [(f["name"], f["line"]) for f in stack["frames"]] == [("f", -5), ("?", 1), ("?", 7)]
        assert len({f["id"] for f in stack["frames"]}) == 3  # dapcli's own numbers, one per frame
        assert (await h.call("evaluate", {"expression": "x"})).to_json()["result"] == "x"

    scenario(tmp_path, {"on": {"stackTrace": [{"respond": {"stackFrames": frames}}]}}, test)


def test_scopes_without_expensive_are_read(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        await h.launch()
        variables = (await h.call("variables")).to_json()["variables"]
        assert [(v["name"], v["value"]) for v in variables] == [("x", "42")]

    scenario(tmp_path, {"on": {"scopes": [{"respond": {"scopes": [{"name": "Locals", "variablesReference": 7}]}}]}},
             test)


def test_a_response_beyond_repair_is_one_line(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        await h.launch()
        with pytest.raises(ProtocolError) as caught:
            await h.call("threads")
        assert "\n" not in caught.value.message
        assert caught.value.message.startswith("the adapter sent an invalid threads response: ")
        assert (await h.call("evaluate", {"expression": "ab"})).to_json()["result"] == "ba"  # not wedged

    scenario(tmp_path, {"on": {"threads": [{"respond": "none"}]}}, test)


def test_variables_that_refer_to_themselves_are_bounded(tmp_path: Path) -> None:
    cycle = {"7": [{"name": "self", "value": "<obj>", "variablesReference": 7}]}

    async def test(h: Harness) -> None:
        await h.launch()
        result = await h.call("variables", {"depth": 32})
        depth, level = 0, result.to_json()["variables"]
        while level and level[0].get("children"):
            depth, level = depth + 1, level[0]["children"]
        assert depth <= 32
        shown(result)

    scenario(tmp_path, {"variables": cycle}, test)


# -- events of the wrong shape ---------------------------------------------------------------------
def test_events_of_the_wrong_shape_never_wedge_the_session(tmp_path: Path) -> None:
    events = [{"event": "stopped", "body": "junk"}, {"event": "output", "body": {"output": None}},
              {"event": "output", "body": [1]}, {"event": "breakpoint", "body": {"reason": "changed",
                                                                              "breakpoint": {"id": "x"}}},
              {"event": "exited", "body": {"exitCode": "x"}},
              {"event": "stopped", "body": {"reason": 5, "threadId": "abc", "hitBreakpointIds": ["q", 1]}}]

    async def test(h: Harness) -> None:
        await h.launch()
        stop = await h.call("next", {"timeout": 10})
        assert stop.to_json()["status"] == "stopped" and stop.to_json()["rawReason"] == "5"
        assert "Stopped (5)" in shown(stop)
        assert (await h.call("status")).to_json()["state"] == "stopped"
        assert (await h.call("stackTrace")).to_json()["frames"][0]["line"] == 1

    scenario(tmp_path, {"on": {"next": [{"respond": {}}, *events]}}, test)


def test_the_adapter_ending_between_the_stop_and_its_stack_is_the_end(tmp_path: Path) -> None:
    async def test(h: Harness) -> None:
        await h.launch()
        end = (await h.call("next", {"timeout": 10})).to_json()
        assert end["status"] == "terminated"
        assert end["description"] == "the adapter fake exited (code 0)"

    scenario(tmp_path, {"on": {"next": [{"respond": {}}, {"event": "stopped", "body": {"reason": "step",
                                                                                        "threadId": 1}},
                                        {"exit": 0}]}}, test)


@pytest.mark.parametrize(("events", "status", "says"), [
    ([{"event": "exited", "body": {"exitCode": 3}}], "exited", "Program exited with exit code 3"),
    ([{"event": "terminated"}], "terminated", "Program terminated (exit code unknown)"),
])
def test_an_end_with_exited_or_terminated_alone(tmp_path: Path, events: list[Any], status: str, says: str) -> None:
    async def test(h: Harness) -> None:
        await h.launch()
        end = await h.call("continue", {"timeout": 10})
        assert end.to_json()["status"] == status
        assert says in shown(end)

    scenario(tmp_path, {"on": {"continue": [{"respond": {}}, *events]}}, test)


def test_an_adapter_that_never_answers_initialize_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hang = tmp_path / "hang.json"
    hang.write_text(json.dumps({"on": {"initialize": [{"hang": True}]}}))
    monkeypatch.setenv("HOSTILE_SCRIPT", str(hang))

    async def test(h: Harness) -> None:
        started = time.monotonic()
        with pytest.raises(DapTimeoutError) as caught:
            await h.call("launch", {"program": str(h.program)})
        assert time.monotonic() - started < 60  # the start-up bound (30 s), not the verb's
        assert caught.value.message == ("the adapter fake did not answer initialize within 30 s: it does not work "
                                        "as a debug adapter")
        assert "dapcli doctor" in caught.value.hint

    scenario(tmp_path, {}, test)


# -- huge texts -------------------------------------------------------------------------------------
def test_a_source_line_of_megabytes_is_cut_and_drawn_at_once(tmp_path: Path) -> None:
    bundle = tmp_path / "bundle.js"
    bundle.write_text('var a = "' + "A" * 10_000_000 + '";\n')

    async def test(h: Harness) -> None:
        stop = await h.launch()
        line = stop.to_json()["source"][0]["text"]
        assert len(line) < 1100 and line.endswith(f"… (+{len(bundle.read_text()) - 1 - 1000} chars)")
        assert "var a = " in shown(stop)
        listing = await h.call("source")
        shown(listing)

    scenario(tmp_path, {"source": str(bundle)}, test)


def test_names_of_megabytes_are_cut_in_the_terminal_only(tmp_path: Path) -> None:
    frames = [{"id": 1, "name": "F" * 3_000_000, "line": 1, "column": 1}]

    async def test(h: Harness) -> None:
        await h.launch()
        stack = await h.call("stackTrace")
        assert len(stack.to_json()["frames"][0]["name"]) == 3_000_000  # JSON keeps it whole
        text = shown(stack)
        assert len(text) < 100_000 and "+2934464" in text

    scenario(tmp_path, {"on": {"stackTrace": [{"respond": {"stackFrames": frames}}]}}, test)


# -- terminal escapes from the adapter and the program ---------------------------------------------
def test_terminal_escapes_from_the_adapter_never_reach_the_terminal_raw(tmp_path: Path) -> None:
    e = ESCAPES
    script = {
        "variables": {"7": [{"name": "n" + e, "value": "v" + e, "type": "t" + e, "variablesReference": 0}]},
        "on": {
            "evaluate": [{"respond": {"result": "r" + e, "variablesReference": 0}}],
            "threads": [{"respond": {"threads": [{"id": 1, "name": "th" + e}]}}],
            "stackTrace": [{"respond": {"stackFrames": [{"id": 1, "name": "fn" + e, "line": 1, "column": 1,
                                                         "source": {"path": "/tmp/p" + e + ".c"}}]}}],
            "next": [{"respond": {}}, {"event": "output", "body": {"category": "stdout", "output": "out" + e + "\n"}},
                     {"event": "stopped", "body": {"reason": "step" + e, "threadId": 1, "description": "d" + e}}],
        },
    }

    async def test(h: Harness) -> None:
        results = [await h.launch(), await h.call("next", {"timeout": 10}), await h.call("variables"),
                   await h.call("evaluate", {"expression": "x"}), await h.call("threads"), await h.call("stackTrace"),
                   await h.call("output"), await h.call("status")]
        for result in results:
            text = shown(result)
            assert "\x1b]" not in text and "\x07" not in text and "\u202e" not in text, (type(result), text)
            assert "\x1b[2J" not in text
        assert "\\x1b]0;PWNED" in shown(results[3])
        assert results[3].to_json()["result"] == "r" + e  # JSON keeps the raw text

    scenario(tmp_path, script, test)


# -- output: one huge chunk, more than the buffer holds -------------------------------------------
def test_a_huge_output_chunk_is_capped_and_dropped_chunks_are_said_in_every_view(tmp_path: Path) -> None:
    from dapcli.frontends.mcp.render import render as mcp_text

    filler = {"event": "output", "body": {"category": "stdout", "output": "f" * 899_999 + "\n"}}
    big = "B" * 3_000_000 + "\n"
    script = {"on": {"next": [{"respond": {}}, *[filler] * 10,
                              {"event": "output", "body": {"category": "stdout", "output": big}},
                              {"event": "stopped", "body": {"reason": "step", "threadId": 1}}]}}

    async def test(h: Harness) -> None:
        await h.launch()
        stop = await h.call("next", {"timeout": 60})
        everything = await h.call("output", {"all": True, "raw": True})
        kept = everything.chunks[-1].output
        cap = 1024 * 1024
        assert f"\n[… {len(big) - cap} characters of this chunk were cut when it was buffered …]\n" in kept
        assert kept.startswith("B" * 1000) and kept.endswith("B\n") and len(kept) < cap + 100
        assert everything.dropped >= 2 and everything.dropped_bytes == 900_000 * everything.dropped
        note = f"{everything.dropped} earlier chunks ({everything.dropped_bytes} bytes) were dropped from the buffer"
        status = await h.call("status")
        shown_output = await h.call("output")
        for result in (stop, status, shown_output):
            assert note in shown(result), (type(result), shown(result)[:2000])
            assert note in mcp_text(result), (type(result), mcp_text(result)[:2000])
        assert sum(len(c.output) for c in shown_output.chunks) <= 256 * 1024
        assert shown_output.omitted > 0 and shown_output.omitted_bytes == 900_000 * shown_output.omitted
        assert f"{shown_output.omitted} earlier chunks ({shown_output.omitted_bytes} bytes) not shown; " \
               "`dapcli output --all` shows them" in shown(shown_output)
        assert "output with all=true shows them" in mcp_text(shown_output)

    scenario(tmp_path, script, test)


# -- the framing broken, answers that match nothing ------------------------------------------------
@pytest.mark.parametrize(("bytes_", "says"), [
    ([{"write": "Content-Length: 5\r\n\r\nnotjs"}], "the adapter sent a message that is not JSON"),
    ([{"write": 'Content-Length: 10\r\n\r\n{"type": "response", "request_seq": 1, "success": true}'}],
     "the adapter sent a message that is not JSON"),
    ([{"write": "Content-Length"}, {"writeBytes": 100_000_000, "char": "9"}], "no DAP header found"),
    # a length of terabytes was waited for, buffering whatever came until memory ran out
    ([{"write": "Content-Length: 1099511627776\r\n\r\n{"}, {"writeBytes": 10_000_000, "char": " "}],
     "the adapter announced a message of 1099511627776 bytes (more than 256 MiB)"),
])
def test_a_broken_frame_ends_the_session_in_one_line(tmp_path: Path, bytes_: list[Any], says: str) -> None:
    async def test(h: Harness) -> None:
        await h.launch()
        started = time.monotonic()
        with pytest.raises(DapcliError) as caught:
            await h.call("evaluate", {"expression": "x"})
        assert time.monotonic() - started < 30
        assert caught.value.exit_code == 6 and "\n" not in caught.value.message
        assert says in caught.value.message
        assert (await h.call("status")).to_json()["state"] == "terminated"

    scenario(tmp_path, {"on": {"evaluate": bytes_}}, test)


def test_answers_that_match_no_request_are_ignored(tmp_path: Path) -> None:
    """A response to a request never sent (another command, an unknown request_seq) changes nothing;
    a request answered only under a wrong request_seq is bounded by its timeout, and the session
    goes on (the requests that would queue behind it on the stopped thread are refused at once)."""
    script = {"on": {
        "next": [{"message": {"type": "response", "request_seq": 424242, "command": "bogus", "success": True}},
                 {"respond": {}}, {"event": "stopped", "body": {"reason": "step", "threadId": 1}}],
        "evaluate": [{"response": {"request_seq": 8888, "body": {"result": "1", "variablesReference": 0}}}],
    }}

    async def test(h: Harness) -> None:
        await h.launch()
        assert (await h.call("next", {"timeout": 10})).to_json()["reason"] == "step"
        started = time.monotonic()
        with pytest.raises(DapTimeoutError):
            await h.call("evaluate", {"expression": "x", "timeout": 2})
        assert time.monotonic() - started < 15
        assert (await h.call("status")).to_json()["state"] == "stopped"
        assert (await h.call("threads")).to_json()["threads"][0]["id"] == 1  # not thread-bound: answered
        with pytest.raises(DapcliError) as busy:  # thread-bound: refused at once, naming the lost answer
            await h.call("stackTrace")
        assert "an interrupted evaluation of 'x' is still running" in busy.value.message

    scenario(tmp_path, script, test)


def test_an_adapter_cannot_make_dapcli_run_a_command_it_did_not_offer(tmp_path: Path) -> None:
    """dapcli advertised supportsRunInTerminalRequest to every adapter and ran whatever it asked."""
    planted = tmp_path / "PLANTED"
    ask = {"type": "request", "seq": 900, "command": "runInTerminal",
           "arguments": {"kind": "integrated", "cwd": str(tmp_path), "args": ["touch", str(planted)]}}
    script = {"on": {"configurationDone": [
        {"message": ask}, {"respond": None}, {"sleep": 0.5},
        {"event": "stopped", "body": {"reason": "entry", "threadId": 1, "allThreadsStopped": True}}]}}

    async def test(h: Harness) -> None:
        stop = await h.launch()
        assert stop.status == "stopped"
        session = h.dispatcher.manager.get("default")
        assert session.initialize_arguments().supportsRunInTerminalRequest is False
        with pytest.raises(RuntimeError, match=r"^dapcli did not offer runInTerminal for this session "
                                               r"\(no --terminal or --stdin\)$"):
            await session._on_run_in_terminal(ask["arguments"])
        assert not planted.exists()

    scenario(tmp_path, script, test)


def test_a_session_with_a_terminal_offers_run_in_terminal() -> None:
    from dapcli.adapters.base import AdapterSpec
    from dapcli.adapters.options import LaunchOptions
    from dapcli.engine.session import Session

    session = Session("t", AdapterSpec())
    assert session.initialize_arguments().supportsRunInTerminalRequest is False  # attach, or no launch yet
    session.launch_options = LaunchOptions(program="p.py", terminal=True)
    assert session.initialize_arguments().supportsRunInTerminalRequest is True
    assert session.initialize_arguments(terminal=False).supportsRunInTerminalRequest is False  # a child session


def test_an_adapter_cannot_make_dapcli_run_another_command_than_its_own_launcher(tmp_path: Path) -> None:
    """With ``--terminal`` dapcli offers runInTerminal, but runs only the adapter's own launcher
    (here: the configured command itself); anything else is refused and said on the console."""
    planted = tmp_path / "PLANTED"
    ask = {"kind": "integrated", "cwd": str(tmp_path), "args": ["touch", str(planted)]}
    script = {"on": {"configurationDone": [
        {"respond": None},
        {"event": "stopped", "body": {"reason": "entry", "threadId": 1, "allThreadsStopped": True}}]}}

    async def test(h: Harness) -> None:
        stop = await h.launch(terminal=True)
        assert stop.status == "stopped"
        session = h.dispatcher.manager.get("default")
        assert session.initialize_arguments().supportsRunInTerminalRequest is True
        with pytest.raises(RuntimeError, match=r"^the adapter asked dapcli to run 'touch', which is not its own"):
            await session._on_run_in_terminal(ask)
        assert not planted.exists()
        console = "".join(c.output for c in session.output.since(0, {"console"}))
        assert "runInTerminal refused: the adapter asked dapcli to run 'touch'" in console
        own = {**ask, "args": [sys.executable, str(ADAPTER), "--version"]}
        assert session.adapter.terminal_command(own["args"], {}) is None

    scenario(tmp_path, script, test)


def test_each_family_runs_only_its_own_launcher() -> None:
    from dapcli.adapters.registry import by_name

    python = by_name("python")
    package = python.find()
    assert package is not None
    launch = {"python": [sys.executable]}
    assert python.terminal_command([sys.executable, f"{package}/launcher", "5678", "--", "p.py"], launch) is None
    assert python.terminal_command([sys.executable, "-c", "print(1)"], launch) is not None
    assert python.terminal_command(["/bin/sh", f"{package}/launcher"], launch) is not None
    lldb = by_name("lldb")
    if lldb.find():
        assert lldb.terminal_command([lldb.find(), "--launch-target", "/bin/true"], {}) is None
    assert lldb.terminal_command(["/bin/sh", "-c", "id"], {}) is not None
    node = by_name("node")
    assert node.terminal_command(["/tmp/run.sh", "app.js"], {"runtimeExecutable": "/tmp/run.sh"}) is None
    assert node.terminal_command(["/bin/sh", "app.js"], {"runtimeExecutable": "/tmp/run.sh"}) is not None
