"""A plain native launch driven to its first stop while the session host imports
(dapcli.adapters.early.launch): taken only when the session says the very same start, started
over the usual way when it does not, and never leaving lldb-dap or the program behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from native_helpers import Driver, assert_gone, dapcli, marker_line, needs, output_text, run

from dapcli.adapters.early import launch as earlylaunch
from dapcli.adapters.early import runner
from dapcli.adapters.early.launch_transport import EarlyLaunchTransport
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.engine.session import Session

BOUND = 30.0  # generous: only matters when the test fails


@pytest.fixture(autouse=True)
def _nothing_early_left() -> Iterator[None]:
    yield
    earlylaunch.discard()


def _tree(pid: int) -> list[psutil.Process]:
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def _program_runs(program: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["exe", "status"]):
        try:
            if process.info["exe"] == str(program) and process.info["status"] != psutil.STATUS_ZOMBIE:
                found.append(process)
        except psutil.Error:
            continue
    return found


def test_the_host_boot_knows_the_early_launch_prefix() -> None:
    from dapcli.dispatch import hostboot

    assert hostboot.EARLY_PREFIX == earlylaunch.PREFIX


def test_the_early_initialize_is_what_the_session_says() -> None:
    said = Session("x", LldbAdapter()).initialize_arguments().model_dump(mode="json", exclude_none=True)
    assert said == {**earlylaunch.INITIALIZE_ARGUMENTS, "adapterID": LldbAdapter.adapter_id}


@needs("lldb")
def test_a_plan_is_made_only_for_a_plain_native_launch(sample: Path, tmp_path: Path) -> None:
    folder = sample.parent
    init, call = marker_line(folder / "sample.c", "init"), marker_line(folder / "sample.c", "call")
    source = str(folder / "sample.c")
    made = runner.plan([sample.name, "-b", f"sample.c:{call}", "--break", f"sample.c:{init}", "--", "a b"],
                            str(folder))
    assert made is not None and made.pop("command") == [LldbAdapter().find()] and made.pop("env") == {}
    assert made == {"adapter": "lldb", "program": str(sample), "args": ["a b"], "cwd": str(folder),
                    "breakpoints": [[source, call], [source, init]]}
    (tmp_path / "linked.c").symlink_to(folder / "sample.c")
    (tmp_path / "app.py").write_text("x = 1\n")
    refused = {
        "another option": [str(sample), "-b", f"{source}:{init}", "--stop-on-entry"],
        "a condition": [str(sample), "-b", f"{source}:{init} if total > 1"],
        "no line": [str(sample), "-b", source],
        "a line past the end": [str(sample), "-b", f"{source}:9999"],
        "line zero": [str(sample), "-b", f"{source}:0"],
        "a missing file": [str(sample), "-b", f"{folder / 'nope.c'}:3"],
        "a symbolic link": [str(sample), "-b", f"{tmp_path / 'linked.c'}:{init}"],
        "the same line twice": [str(sample), "-b", f"{source}:{init}", "-b", f"{source}:{init}"],
        "no breakpoint": [str(sample)],
        "a function breakpoint": [str(sample), "-b", "square"],
        "a second positional word": [str(sample), "x", "-b", f"{source}:{init}"],
        "a source file as the program": [source, "-b", f"{source}:{init}"],
    }
    for why, words in refused.items():
        assert runner.plan(words, str(folder)) is None, why


def _said(early: earlylaunch.EarlyLaunch, command: str) -> None:
    """Wait (bounded) until the early start said ``command``."""
    deadline = time.monotonic() + BOUND
    while not any(c == command for _, c, _ in early.sent):
        assert time.monotonic() < deadline, f"the early start never said {command}: {early.sent}"
        time.sleep(0.02)


@needs("lldb")
@pytest.mark.parametrize("configured", [True, False], ids=["configured-early", "taken-midway"])
def test_the_session_takes_the_early_launch_and_stops_once(sample: Path, configured: bool) -> None:
    """Taken after the early start said ``configurationDone`` (the program waits at the
    breakpoint), or right away (the session says the rest itself): the same stop either way."""
    folder = sample.parent
    line = marker_line(folder / "sample.c", "call")
    made = runner.plan([str(sample), "-b", f"sample.c:{line}", "--", "once"], str(folder))
    assert made is not None
    runner.start(runner.LAUNCH_PREFIX + json.dumps(made))
    early = earlylaunch._early.item
    assert early is not None, "no early launch was started"
    if configured:
        _said(early, "configurationDone")
    driver = Driver(folder)

    async def body() -> None:
        try:
            stop = await driver("launch", program=str(sample), args=["once"], breakpoints=[f"sample.c:{line}"])
            assert stop["status"] == "stopped" and stop["location"]["line"] == line, stop
            session = driver.session
            assert isinstance(session.root_connection.transport, EarlyLaunchTransport)  # type: ignore[union-attr]
            assert session.adapter_pid == early.pid
            names = {v["name"]: v["value"] for v in (await driver("variables"))["variables"]}
            assert names["total"] == "150" and names["sq"] != ""
            output = output_text(await driver("output"))
            assert output.count("arg[1]=once") == 1, output
            end = await driver("continue")
            assert end["status"] == "exited" and end["exitCode"] == 3, end
        finally:
            await driver.close()

    run(body)
    assert_gone([psutil.Process(early.pid)] if psutil.pid_exists(early.pid) else [], BOUND)


@needs("lldb")
def test_a_launch_unlike_the_early_one_starts_over_and_stops_where_asked(sample: Path) -> None:
    """The early start ran to @init; the session asks for @call: the early adapter and its program
    are killed, and the launch starts over the usual way."""
    folder = sample.parent
    init, call = marker_line(folder / "sample.c", "init"), marker_line(folder / "sample.c", "call")
    made = runner.plan([str(sample), "-b", f"sample.c:{init}"], str(folder))
    assert made is not None
    runner.start(runner.LAUNCH_PREFIX + json.dumps(made))
    early = earlylaunch._early.item
    assert early is not None
    _said(early, "configurationDone")  # the program runs to @init
    early_tree = _tree(early.pid)
    driver = Driver(folder)

    async def body() -> None:
        try:
            stop = await driver("launch", program=str(sample), breakpoints=[f"sample.c:{call}"])
            assert stop["status"] == "stopped" and stop["location"]["line"] == call, stop
            assert driver.session.adapter_pid != early.pid
            assert not isinstance(driver.session.root_connection.transport, EarlyLaunchTransport)  # type: ignore[union-attr]
            assert_gone(early_tree, BOUND)
            assert len(_program_runs(sample)) == 1  # the session's own program alone
            listed = (await driver("listBreakpoints"))["breakpoints"]
            assert [b["line"] for b in listed] == [call]
        finally:
            await driver.close()

    run(body)


@needs("lldb")
def test_an_early_launch_nobody_takes_leaves_nothing(sample: Path) -> None:
    folder = sample.parent
    line = marker_line(folder / "sample.c", "init")
    made = runner.plan([str(sample), "-b", f"sample.c:{line}"], str(folder))
    assert made is not None
    runner.start(runner.LAUNCH_PREFIX + json.dumps(made))
    early = earlylaunch._early.item
    assert early is not None
    _said(early, "configurationDone")  # the program runs to its breakpoint
    tree = _tree(early.pid)
    earlylaunch.discard()
    assert_gone(tree, BOUND)


@needs("lldb")
def test_a_cli_launch_is_driven_early_and_works_on(cli_env: dict[str, str], sample: Path, tmp_path: Path) -> None:
    """``dapcli launch EXE -b F:L -- ARGS`` end to end: the host drove the start before its imports
    were done, the stop and the program's output are right, and the session goes on."""
    line = marker_line(sample.parent / "sample.c", "call")
    trace = tmp_path / "trace"
    env = dict(cli_env, DAPCLI_TRACE=str(trace))
    done = dapcli(env, sample.parent, "launch", sample.name, "-b", f"sample.c:{line}", "--", "one")
    assert done.returncode == 0, done.stderr
    assert f"sample.c:{line}" in done.stdout and "total=150" in done.stdout, done.stdout
    answered = [json.loads(t.split(" ", 2)[2])["command"] for t in trace.read_text().splitlines() if " == " in t]
    assert answered[:2] == ["initialize", "launch"], answered  # said by the host before its imports were done
    shown = dapcli(cli_env, sample.parent, "output")
    assert shown.stdout.count("arg[1]=one") == 1, shown.stdout
    ended = dapcli(cli_env, sample.parent, "continue")
    assert ended.returncode == 0 and "exit" in ended.stdout.lower() and "3" in ended.stdout, ended.stdout


@needs("lldb")
def test_a_host_killed_during_an_early_launch_leaves_no_program(tmp_path: Path, sample: Path) -> None:
    folder = sample.parent
    line = marker_line(folder / "sample.c", "init")
    made = runner.plan([str(sample), "-b", f"sample.c:{line}"], str(folder))
    assert made is not None
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=str(tmp_path))
    before = {p.pid for p in _program_runs(sample)}
    host = subprocess.Popen([sys.executable, "-m", "dapcli.frontends.cli.hostmain", "early", "60",
                             earlylaunch.PREFIX + json.dumps(made)], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + BOUND
        runs: list[psutil.Process] = []
        while not runs and time.monotonic() < deadline:
            runs = [p for p in _program_runs(sample) if p.pid not in before]
            time.sleep(0.02)
        assert runs, "the early launch never started the program"
        tree = [p for p in _tree(host.pid) if p.pid != host.pid]
        host.kill()
        host.wait(BOUND)
        assert_gone([*tree, *runs], BOUND)
    finally:
        if host.poll() is None:
            host.kill()


@needs("lldb")
@pytest.mark.parametrize("flags", [[], ["--timeout", "60"]], ids=["early-launch", "usual-launch"])
def test_a_project_module_named_like_the_standard_library_stays_out_of_dapcli(
        cli_env: dict[str, str], sample: Path, tmp_path: Path, flags: list[str]) -> None:
    """The host, its watchdog and the adapters run in the user's directory: a project's
    ``selectors.py`` or ``json.py`` there is never imported in place of the standard library's."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("selectors.py", "json.py", "signal.py", "subprocess.py", "site.py"):
        (project / name).write_text(f"raise SystemExit('the project file {name} was imported')\n")
    program = project / "sample"
    program.write_bytes(sample.read_bytes())
    program.chmod(0o755)
    (project / "sample.c").write_text((sample.parent / "sample.c").read_text())
    line = marker_line(project / "sample.c", "init")
    done = dapcli(cli_env, project, "launch", "./sample", "-b", f"sample.c:{line}", *flags)
    try:
        assert done.returncode == 0, done.stderr
        assert f"sample.c:{line}" in done.stdout
    finally:
        dapcli(cli_env, project, "stop")
