"""``debugTest`` (``dapcli test``): run a project's tests under the debugger and stop at the
first failure, in the user's frame, with the test's id and failure message."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import time
from typing import Annotated, Any

from dapcli.adapters import gotestearly
from dapcli.adapters.base import AdapterSpec, LaunchOptions
from dapcli.adapters.debugpy import earlytest
from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.adapters.debugpy.earlyattach import EarlyDebugpyAdapter
from dapcli.adapters.delve import DelveAdapter
from dapcli.adapters.registry import adapter_for, by_name
from dapcli.engine.session import Session
from dapcli.engine.testrun import TestRun, TestRunner
from dapcli.engine.testrun.cargo import CargoRunner
from dapcli.engine.testrun.ctest import find_ctest_test, is_ctest_dir
from dapcli.engine.testrun.detect import RUNNERS, detect_runner, is_go_package_dir
from dapcli.engine.testrun.gotest import GoTestRunner
from dapcli.engine.testrun.native import NativeRunner
from dapcli.engine.testrun.pyprobe import require_module
from dapcli.engine.testrun.python import BOOT, PythonRunner
from dapcli.engine.testrun.ruby import RubyTestRunner
from dapcli.errors import DapcliError, UsageError
from dapcli.verbs.breakpoints.match import launch_warnings
from dapcli.verbs.breakpoints.spec import check_structured
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import StopState
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.session.launchopts import CATCH_HELP, add_breakpoints, filter_list
from dapcli.verbs.session.lifecycle import STARTUP_TIMEOUT, _check_free, _stdin_file, successor
from dapcli.verbs.shared.stop.runs import later_runs
from dapcli.verbs.shared.stop.stopstate import stop_state
from dapcli.verbs.testing.rubytests import ruby_test_launch

__all__ = ["debug_test"]

#: ``-b``'s help (short: every MCP client reads it; the grammar is launch's, see BREAK_HELP).
TEST_BREAK_HELP = "breakpoints, as launch's -b"
#: A compiler message's position (``./calc_test.go:6:2: ``).
_GO_POSITION = re.compile(r"^\S+\.go:\d+(?::\d+)?: ")


@verb(name="debugTest", group="session", needs="none", executes=True, cli=("test",), aliases=("test",))
async def debug_test(
    ctx: VerbContext,
    selectors: Annotated[list[str], Param(help="pytest node ids, Go package + tests, test binary, or Ruby test file",
                                          complete="path", positional=True)] = [],  # noqa: B006
    runner_args: Annotated[list[str], Param(help="runner arguments")] = [],  # noqa: B006
    match: Annotated[str | None, Param(help="pytest/unittest -k EXPR, go -run PATTERN",
                                       short="-k")] = None,
    first: Annotated[bool, Param(help="stop after the first failure")] = False,
    runner: Annotated[str | None, Param(help="pytest|unittest|go|native|cargo|minitest|rspec")] = None,
    python: Annotated[str | None, Param(help="Python interpreter", complete="path")] = None,
    adapter: Annotated[str | None, Param(help="native adapter")] = None,
    cwd: Annotated[str | None, Param(help="test directory", complete="path")] = None,
    stdin: Annotated[str | None, Param(help="stdin file for the tests ('-': this command's stdin)",
                                       complete="path")] = None,
    exception_filters: Annotated[list[str], Param(help=CATCH_HELP, flag="catch", check=filter_list,
                                                  accepts=str | list[str])] = [],  # noqa: B006
    breakpoints: Annotated[list[str | dict[str, Any]], Param(
        help=TEST_BREAK_HELP, complete="location", short="-b", flag="break", check=check_structured)
    ] = [],  # noqa: B006
    until_fail: Annotated[int | None, Param(help="run up to N times, to the first failure")] = None,
    timeout: Annotated[float, Param(help="seconds to wait")] = 60.0,
) -> StopState:
    """Debug tests: run them and stop at the first failure.

    Starts the runner (pytest, unittest, ``go test`` through Delve's test mode, a native test
    binary, or a cargo project's tests, built with ``cargo test --no-run``) as a launch
    (``match``, ``-k EXPR``: pytest's and unittest's ``-k``, Go's ``-run``; other runner
    arguments go after ``--`` on the CLI), passes stops that are no
    failure (skips, exceptions a test expects), and returns the failure stop: the user's frame
    selected, with ``test`` holding the test's id and message. ``continue`` goes on to the
    next failure; at the end ``test`` has the runner's summary and ``exitCode`` its exit code.
    ``stdin``: a file the tests read as their stdin (pytest then runs with ``--capture=no``:
    it gives a test no stdin while it captures). ``breakpoints``: as ``launch``'s, set in the
    run. ``untilFail`` N: a flaky failure; runs again (one debug session each) while a run
    passes, at most N runs; ``test.run`` of ``test.runs`` says which run stopped or ended.
    """
    started = time.perf_counter()
    await _check_free(ctx)
    work_dir = ctx.resolve(cwd) if cwd else ctx.cwd
    if not os.path.isdir(work_dir):
        raise UsageError(f"working directory not found: {cwd}")
    plain = [s for s in selectors if not s.startswith("-")]
    runner_args = [*[s for s in selectors if s.startswith("-")], *runner_args]
    name = detect_runner(runner, plain, work_dir, adapter=adapter)
    if match and name in ("native", "cargo"):
        raise UsageError("-k/--match chooses tests of pytest, unittest and go test, not of a test binary",
                         "give the binary's own filter after --, e.g. dapcli test ./test_cart -- --gtest_filter=Cart.*")
    stdin_path = _stdin_file(ctx, stdin)
    if stdin_path is not None and name == "pytest":  # a later --capture of the user's wins
        runner_args = ["--capture=no", "--color=no", *runner_args]
    chosen = RUNNERS[name](plain, runner_args, match=match or None, first=first, cwd=work_dir)
    _check_selectors(chosen, work_dir)
    if isinstance(chosen, CargoRunner):
        await asyncio.to_thread(chosen.build)  # cargo test --no-run: the test binary, with debug info
    options, session = _plan(ctx, chosen, work_dir, python, adapter, {}, stdin_path, exception_filters or None,
                             early=not breakpoints)
    session.launch_options = planned = options  # function breakpoints are looked for in the run's folders
    if isinstance(chosen, GoTestRunner) and until_fail is None:
        options = await _built_early(session, options, max(timeout, STARTUP_TIMEOUT))
    else:
        gotestearly.discard_test()
    add_breakpoints(ctx, session, breakpoints)
    state = await _run(ctx, session, options, chosen, timeout, started, (1, until_fail))
    session.launch_options = planned  # what `restart` launches: Delve's test mode builds the edited sources
    state = await later_runs(session, state, timeout)
    session = ctx.manager.sessions.get(session.name, session)  # the last run's
    if session.ended and session.test_run is not None:
        problem = chosen.no_match(_output(session), session.exit_code)
        if problem is not None:
            await session.shutdown()
            ctx.manager.remove(session.name)
            raise UsageError(f"no test matches {chosen.display} in {work_dir} ({problem})",
                             _list_hint(chosen))
    if breakpoints:
        state.warnings = [*launch_warnings(session), *(state.warnings or [])] or None
    return state


async def _run(ctx: VerbContext, session: Session, options: LaunchOptions, chosen: TestRunner, timeout: float,
               started: float, numbered: tuple[int, int | None], replaces: Session | None = None) -> StopState:
    """Launch ``session`` (one run of the tests: run ``numbered[0]`` of ``numbered[1]`` with
    ``--until-fail``, following the run of ``replaces``) and wait, at most ``timeout`` s from
    ``started``, for its first stop or end. A run whose predecessor was stopped (removed from
    the session manager) while it started is not added (the caller ends it)."""
    run, runs = numbered
    if session.test_run is not None and runs is not None:
        session.test_run.run, session.test_run.runs = run, runs

        async def again(ended: Session, wait: float) -> tuple[Session, StopState]:
            if ctx.manager.sessions.get(ended.name) is ended:  # else `stop` ended the runs
                await ended.shutdown()
                following = successor(ctx, ended)
                state = await _run(ctx, following, options, chosen, wait, time.perf_counter(), (run + 1, runs),
                                   replaces=ended)
                if ctx.manager.sessions.get(following.name) is following:
                    return following, state
                await following.shutdown()  # `stop` came while it started
            if ended.test_run is not None:
                ended.test_run.again = None  # no more runs
            return ended, await stop_state(ended, output_seq=None)

        session.test_run.again = again
    try:
        await session.launch(options, timeout=max(timeout, STARTUP_TIMEOUT))
    except BaseException as exc:
        if isinstance(session.adapter, EarlyDebugpyAdapter):
            session.adapter.early.kill()
        if isinstance(exc, DapcliError) and isinstance(chosen, GoTestRunner):
            _go_build_error(exc, chosen.package)
        raise
    session.program = f"{chosen.name} {chosen.display}"
    if replaces is not None and ctx.manager.sessions.get(session.name) is not replaces:
        return await stop_state(session, output_seq=None, started=started)
    ctx.manager.add(session)
    if not session.ended:  # the user's bound counts from the start, the runner's start in it
        await session.wait(max(0.0, timeout - (time.perf_counter() - started)))
    return await stop_state(session, output_seq=None, started=started)


def _plan(ctx: VerbContext, chosen: TestRunner, work_dir: str, python: str | None, adapter: str | None,
          env: dict[str, str], stdin: str | None = None,
          exception_filters: list[str] | None = None, *, early: bool = True) -> tuple[LaunchOptions, Session]:
    """The launch of ``chosen``'s run and its session (not started); ``stdin``: the file the run
    reads as its stdin (through dapcli's terminal); ``exception_filters``: the user's, instead of
    the runner's own; ``early``: False when the run started early cannot serve (breakpoints are
    set before the run goes on, and the early run was told to go on at once)."""
    if isinstance(chosen, PythonRunner):
        spec = by_name(adapter or "python", work_dir)
        options = LaunchOptions(program=BOOT, args=[chosen.module, *chosen.arguments()], cwd=work_dir, env=env,
                                python=ctx.resolve(python) if python and os.sep in python else python,
                                extra={"rules": [{"path": BOOT, "include": False}]})  # never the user's frames
    elif isinstance(chosen, GoTestRunner):
        chosen.split_selectors(lambda s: is_go_package_dir(ctx.resolve(os.path.join(work_dir, s))))
        package = os.path.normpath(os.path.join(work_dir, chosen.package))
        spec = by_name(adapter or "go", work_dir)
        options = LaunchOptions(program=package, args=chosen.arguments(), cwd=package, env=env,
                                extra={"mode": "test"})
    elif isinstance(chosen, RubyTestRunner):
        spec = by_name(adapter or "ruby", work_dir)
        options = ruby_test_launch(chosen, work_dir, env)
    elif isinstance(chosen, CargoRunner):  # built by debug_test (chosen.build): its test binary
        program, args = chosen.program, chosen.arguments()
        spec = by_name(adapter, work_dir) if adapter else adapter_for(program, None, work_dir)
        options = LaunchOptions(program=program, args=args, cwd=chosen.root, env=env)
    else:
        assert isinstance(chosen, NativeRunner)
        program, args, run_dir = os.path.normpath(os.path.join(work_dir, chosen.program)), chosen.arguments(), work_dir
        if not os.path.exists(program) and is_ctest_dir(work_dir):  # a ctest test's name
            found = find_ctest_test(chosen.program, work_dir)
            program, args, run_dir = found.argv[0], [*found.argv[1:], *args], found.cwd
        spec = by_name(adapter, work_dir) if adapter else adapter_for(program, None, work_dir)
        options = LaunchOptions(program=program, args=args, cwd=run_dir, env=env)
    if stdin is not None:
        options.stdin, options.terminal = stdin, True
    options.exception_filters = exception_filters
    spec.prepare(options, work_dir)
    if isinstance(chosen, PythonRunner) and chosen.module == "pytest" and options.python:
        require_module(options.python, chosen.module, work_dir)
    spec = _early_run(spec, options, chosen) if early else _discard_early(spec)
    session = Session(ctx.session_name, spec, watchdog=ctx.manager.watchdog)
    session.test_run = TestRun(chosen)
    chosen.configure(session)
    return options, session


def _early_run(spec: AdapterSpec, options: LaunchOptions, chosen: TestRunner) -> AdapterSpec:
    """debugpy attaching to the run the session host started while it imported (see
    :mod:`dapcli.adapters.debugpy.earlytest`), when that run is exactly this launch and its adapter was
    told what the session would tell it (initialize, attach, the exception filters of a fresh
    session); else ``spec`` (and a run started early for something else is killed)."""
    if type(spec) is DebugpyAdapter and options.program == BOOT and options.python and options.nodelay \
            and not options.env and options.cwd and not options.stdin and not options.terminal \
            and options.exception_filters is None:  # the run started early says the runner's own filters
        early = earlytest.take(earlytest.boot_argv(options.python, BOOT, options.args), options.cwd)
        if early is not None:
            adopted = EarlyDebugpyAdapter(early, spec.adapter_python)
            said = early.adapter
            planned = Session("", adopted)
            chosen.configure(planned)
            told = planned.initialize_arguments().model_dump(mode="json", exclude_none=True)
            if said is not None and said.attach_arguments == adopted.launch_arguments(options) \
                    and told == earlytest.INITIALIZE_ARGUMENTS \
                    and planned.exception_filters == earlytest.EXCEPTION_FILTERS:
                adopted.runtime = spec.runtime
                return adopted
            early.kill()
    earlytest.discard()
    return spec


async def _built_early(session: Session, options: LaunchOptions, timeout: float) -> LaunchOptions:
    """Delve running (``exec``) the test binary built while the session host imported (see
    :mod:`dapcli.adapters.gotestearly`), in the package's folder with the same arguments, as its
    test mode would run it; else ``options`` (Delve's test mode builds it)."""
    if type(session.adapter) is not DelveAdapter or options.extra.get("mode") != "test":
        gotestearly.discard_test()
        return options
    built = await asyncio.to_thread(gotestearly.take, options.program, timeout)
    if built is None:
        return options
    binary, folder = built
    session.adapter.remove_after(folder)
    return dataclasses.replace(options, program=binary, extra={k: v for k, v in options.extra.items() if k != "mode"})


def _discard_early(spec: AdapterSpec) -> AdapterSpec:
    earlytest.discard()
    return spec


def _check_selectors(chosen: TestRunner, work_dir: str) -> None:
    """Refuse a selector naming a file that does not exist (before anything starts)."""
    if chosen.name in ("unittest", "cargo"):  # test names (tests::totals), not paths
        return
    for selector in chosen.selectors:
        path = os.path.join(work_dir, selector.split("::", 1)[0])
        if chosen.name == "rspec":  # spec/cart_spec.rb:12: an example's line
            path = re.sub(r":\d+$", "", path)
        looks_like_path = "::" in selector or os.sep in selector or selector.endswith((".py", ".go"))
        if chosen.name == "go" and not selector.endswith(".go") and not selector.startswith((".", os.sep)):
            looks_like_path = os.path.exists(path)  # TestTable/case is a subtest's -run pattern, not a path
        if looks_like_path and not os.path.exists(path):
            raise UsageError(f"no test matches {selector}: {os.path.normpath(path)} does not exist",
                             _list_hint(chosen))
    if chosen.name == "native" and not chosen.selectors:
        raise UsageError("a native test run needs the test binary (or a ctest test's name in a build directory)",
                         "e.g. dapcli test --adapter lldb ./build/test_cart")


def _go_build_error(exc: DapcliError, package: str) -> None:
    """Delve's "Build error: Check the debug console…" with the compiler's lines that dapcli
    added from its stderr (``./calc_test.go:6:2: undefined: x``) said as a build error."""
    if "Build error" not in exc.message:
        return
    said = [part.strip() for part in re.split(r" / |\n", exc.message.split(" | stderr: ", 1)[-1])]
    compiler = [re.sub(r"\s*\(exit status \d+\)$", "", part) for part in said if _GO_POSITION.match(part)]
    if compiler:
        exc.message = f"go test could not build {package}: {'; '.join(compiler)}"
        exc.hint = f"fix the build (`go vet {package}` lists its errors)"


def _list_hint(chosen: TestRunner) -> str:
    return {
        "pytest": "list the tests with: python -m pytest --collect-only -q",
        "unittest": "name tests as dotted paths (tests.test_cart.CartTest.test_total), or run all with no selector",
        "go": "list the tests with: go test -list . PACKAGE",
        "minitest": "give the test file, then test names: dapcli test test/test_cart.rb test_total",
        "rspec": "list the examples with: rspec --dry-run SPEC_FILE",
    }.get(chosen.name, "check the path of the test binary")


def _output(session: Session) -> str:
    return "".join(c.output for c in session.output.since(0))
