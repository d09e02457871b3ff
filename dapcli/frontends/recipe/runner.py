"""Running a validated recipe through a dispatcher.

The target is built (``target.build``, an argv run without a shell), launched paused at its
first line with the recipe's breakpoints (``launch`` with ``stopOnEntry``), then each step is
one ``dispatcher.call(verb, args)``; its ``expect`` checks are judged on the result's JSON and
its ``save`` values kept for later ``${name}``. The run stops at the first failure unless
``keep_going``; a program that ends while later steps still need it is reported at the step
where it ended. The session is always stopped at the end, so nothing is left running.

An error dapcli raised (at the launch or at a step) keeps its own exit code and hint, as the
same command would exit on the command line; only a check that did not hold is exit 8.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from typing import Any, Protocol

from dapcli.calls import phrase
from dapcli.errors import CheckFailedError, DapcliError, DapTimeoutError, UsageError
from dapcli.frontends.recipe.matchers import describe, judge
from dapcli.frontends.recipe.model import ERROR_KEY, CheckOutcome, Recipe, RecipeOutcome, Step, StepOutcome
from dapcli.frontends.recipe.paths import MISSING, follow, has_output_shorthand
from dapcli.frontends.recipe.transcript import Reporter
from dapcli.frontends.recipe.variables import substitute, substitute_args
from dapcli.verbs import VERBS
from dapcli.verbs.shared.phrasing import CLI, phrase_all

__all__ = ["DEFAULT_TIMEOUT", "GRACE", "Dispatcher", "RecipeRun"]

#: Seconds a step may wait for a stop when neither the step nor ``--timeout`` says.
DEFAULT_TIMEOUT = 30.0
#: Seconds a call may take beyond its own timeout before the runner stops waiting for it.
GRACE = 15.0
#: Seconds the launch may take to reach the program's first line (a larger ``--timeout`` wins).
LAUNCH_TIMEOUT = 60.0
#: Seconds ``target.build`` may take (a larger ``--timeout`` wins).
BUILD_TIMEOUT = 600.0
_ENDED = ("exited", "terminated")


class Dispatcher(Protocol):
    """Anything that runs a verb: :class:`dapcli.dispatch.local.LocalDispatcher` or a remote one."""

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = ...,
                   cwd: str | None = ...) -> Any: ...


class _SetupError(Exception):
    """The recipe could not start: ``message`` (its first line says why), ``hint``, ``exit_code``."""

    def __init__(self, message: str, hint: str = "", exit_code: int = CheckFailedError.exit_code) -> None:
        super().__init__(message)
        self.message, self.hint, self.exit_code = message, hint, exit_code

    @classmethod
    def of(cls, what: str, exc: BaseException) -> _SetupError:
        """``what: message`` of the error ``exc`` raised, with its hint and exit code."""
        return cls(f"{what}: {_describe(exc)}", getattr(exc, "hint", "") or "", _exit_code(exc))


class RecipeRun:
    """One run of one recipe on session ``session`` of ``dispatcher``."""

    def __init__(self, recipe: Recipe, dispatcher: Dispatcher, reporter: Reporter, *, session: str,
                 keep_going: bool = False, timeout: float | None = None) -> None:
        self.recipe, self.dispatcher, self.reporter = recipe, dispatcher, reporter
        self.session, self.keep_going, self.timeout = session, keep_going, timeout
        self.variables: dict[str, Any] = dict(recipe.variables)
        self.ended_at: int | None = None
        self.outcome = RecipeOutcome(path=recipe.display, name=recipe.name)
        #: The program's output the current step's ``output`` checks judge, whole (None: its result's).
        self.full_output: str | None = None

    async def run(self) -> RecipeOutcome:
        """Build, launch, run every step, stop the session; never raises a DapcliError."""
        started = time.perf_counter()
        self.reporter.recipe_start(self.recipe)
        try:
            if self.recipe.target.build:
                await self.build(self.recipe.target.build)
            await self.launch()
            await self.steps()
        except _SetupError as exc:
            self.outcome.setup_error, self.outcome.setup_hint = exc.message, exc.hint or None
            self.outcome.setup_exit_code = exc.exit_code
            self.outcome.steps = [self.skipped(step, "the recipe could not start") for step in self.recipe.steps]
        finally:
            await self.stop()
            self.outcome.elapsed = time.perf_counter() - started
        self.reporter.recipe_end(self.outcome)
        return self.outcome

    # -- calls -------------------------------------------------------------------------------------
    async def call(self, verb: str, args: dict[str, Any]) -> dict[str, Any]:
        """One verb call, bounded by its own timeout plus :data:`GRACE`; the result's JSON."""
        spec = VERBS[verb]
        if self.timeout is not None and "timeout" not in args and any(p.alias == "timeout" for p in spec.params):
            args = {**args, "timeout": self.timeout}
        bound = float(args.get("timeout") or DEFAULT_TIMEOUT) + GRACE
        try:
            result = await asyncio.wait_for(self.dispatcher.call(verb, args, self.session, self.recipe.base_dir),
                                            bound)
        except DapcliError as exc:  # its hint names commands as `dapcli run`'s user types them
            exc.message, exc.hint = phrase(exc.message, CLI), phrase(exc.hint, CLI)
            raise
        data: dict[str, Any] = phrase_all(result, CLI).to_json()
        return data

    async def stop(self) -> None:
        with contextlib.suppress(DapcliError, TimeoutError):  # never started, or already ended: nothing to end
            await asyncio.wait_for(self.dispatcher.call("stop", {}, self.session, self.recipe.base_dir), GRACE)

    # -- setup -------------------------------------------------------------------------------------
    async def build(self, argv: list[str]) -> None:
        cwd = self.recipe.target.cwd or self.recipe.base_dir
        try:
            process = await asyncio.create_subprocess_exec(
                *argv, cwd=cwd, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
            )
        except OSError as exc:
            raise _SetupError(f"build: cannot run {argv[0]}: {exc.strerror or exc}",
                              "check target.build (an argv, run without a shell)", UsageError.exit_code) from None
        try:
            output, _ = await asyncio.wait_for(process.communicate(), max(self.timeout or 0, BUILD_TIMEOUT))
        except TimeoutError:
            process.kill()
            await process.wait()
            raise _SetupError(f"build: {' '.join(argv)} did not finish in time", "",
                              DapTimeoutError.exit_code) from None
        except BaseException:
            process.kill()
            raise
        if process.returncode != 0:
            tail = "\n".join(output.decode(errors="replace").splitlines()[-20:])
            raise _SetupError(f"build failed (exit code {process.returncode}): {' '.join(argv)}\n{tail}".rstrip(),
                              "", UsageError.exit_code)

    async def launch(self) -> None:
        target = self.recipe.target
        if target.test is not None:
            await self.launch_test()
            return
        plain = [b for b in self.recipe.breakpoints if b.plain]
        start = {"module": target.module} if target.module else {"program": target.program}
        args: dict[str, Any] = {**start, "stopOnEntry": True,
                                "breakpoints": [b.location for b in plain],
                                "timeout": max(self.timeout or 0, LAUNCH_TIMEOUT)}
        for key, value in (("args", target.args), ("cwd", target.cwd), ("env", target.env),
                           ("adapter", target.adapter), ("python", target.python),
                           ("adapterConfig", target.launch), ("stdin", target.stdin),
                           ("pathMappings", target.path_mappings), ("exceptionFilters", target.exceptions)):
            if value:
                args[key] = value
        if any(step.verb == "input" for step in self.recipe.steps):
            args["terminal"] = True  # `input` steps type to the program's terminal
        verb = "launch"
        if target.connect:  # attach to a debug server; the program runs already
            verb = "attach"
            args = {k: v for k, v in args.items() if k not in ("program", "stopOnEntry", "cwd", "env", "args",
                                                               "python", "exceptionFilters")}
            args["connect"] = target.connect
        try:
            result = await self.call(verb, args)
        except (DapcliError, TimeoutError) as exc:
            raise _SetupError.of(f"{verb} failed", exc) from None
        if verb == "attach" and result.get("status") in ("exited", "terminated"):
            raise _SetupError(f"the program ended before the first step (status {result.get('status')})")
        if verb == "launch" and result.get("status") != "stopped":
            code = result.get("exitCode")
            raise _SetupError(f"the program ended before its first line (status {result.get('status')}, "
                              f"exit code {code})")
        for spec in self.recipe.breakpoints:
            if not spec.plain:
                extra = {"condition": spec.condition, "hitCondition": spec.hit_condition,
                         "logMessage": spec.log_message}
                try:
                    await self.call("setBreakpoint", {"location": spec.location,
                                                      **{k: v for k, v in extra.items() if v is not None}})
                except (DapcliError, TimeoutError) as exc:
                    raise _SetupError.of(f"breakpoint {spec.display} (line {spec.mark.line})", exc) from None
        try:
            views = (await self.call("listBreakpoints", {})).get("breakpoints", [])
        except (DapcliError, TimeoutError):
            views = []
        self.outcome.launch = result
        self.reporter.launched(self.recipe, result, views)

    async def launch_test(self) -> None:
        """``target.test``: ``debugTest`` runs to the first failure (or the end of the run)."""
        target = self.recipe.target
        args: dict[str, Any] = {"selectors": target.test, "timeout": max(self.timeout or 0, LAUNCH_TIMEOUT)}
        for key, value in (("runnerArgs", target.args), ("cwd", target.cwd), ("adapter", target.adapter),
                           ("python", target.python), ("runner", target.runner), ("stdin", target.stdin),
                           ("exceptionFilters", target.exceptions), ("untilFail", target.until_fail),
                           ("breakpoints", [b.structured() for b in self.recipe.breakpoints])):
            if value:
                args[key] = value
        try:
            result = await self.call("debugTest", args)
        except (DapcliError, TimeoutError) as exc:
            raise _SetupError.of("test run failed", exc) from None
        self.outcome.launch = result
        self.reporter.launched(self.recipe, result, [])

    # -- steps -------------------------------------------------------------------------------------
    async def steps(self) -> None:
        halted: str | None = None
        for step in self.recipe.steps:
            if halted is None and self.ended_at is not None and VERBS[step.verb].needs in ("alive", "stopped"):
                halted = f"the program ended at step {self.ended_at}"
            if halted is not None:
                outcome = self.skipped(step, halted)
            else:
                outcome = await self.step(step)
                if outcome.failed and not self.keep_going:
                    halted = f"step {step.index} failed"
            self.outcome.steps.append(outcome)
            self.reporter.step(self.recipe, outcome)

    def skipped(self, step: Step, why: str) -> StepOutcome:
        planned = [f"{e.key} {describe(e.op, e.expected, e.tolerance)}" for e in step.expect]
        return StepOutcome(step=step.index, verb=step.verb, args=step.args, name=step.name, line=step.mark.line,
                           skipped=why, planned=planned)

    async def step(self, step: Step) -> StepOutcome:
        spec = VERBS.get(step.verb)
        kinds = {p.alias: p.base_type for p in spec.params} | {p.name: p.base_type for p in spec.params} if spec else {}
        args = substitute_args(step.args, self.variables, kinds)
        outcome = StepOutcome(step=step.index, verb=step.verb, args=args, name=step.name, line=step.mark.line)
        started = time.perf_counter()
        judged, self.full_output = _judges_output(step), None
        try:
            mark = (await self.call("output", {"tail": 0}))["nextSeq"] if judged and step.verb != "output" else None
            outcome.result = await self.call(step.verb, args)
            if judged and outcome.result is not None:
                self.full_output = await self.whole_output(step.verb, args, mark)
        except (DapcliError, TimeoutError) as exc:
            outcome.error, outcome.hint = _describe(exc), getattr(exc, "hint", None) or None
            outcome.exit_code = _exit_code(exc)
        except Exception as exc:  # a bug: report it at this step, and still stop the session
            outcome.error = f"internal error: {type(exc).__name__}: {exc}"
            outcome.exit_code = _exit_code(exc)
        outcome.elapsed = time.perf_counter() - started
        if any(e.key == ERROR_KEY for e in step.expect):
            self.judge_error(step, outcome)
        elif outcome.result is not None:
            self.judge(step, outcome, outcome.result)
        return outcome

    async def whole_output(self, verb: str, args: dict[str, Any], mark: int | None) -> str:
        """The program's output an ``output`` check judges, whole: what came from ``mark`` on
        (a step that runs the program), or what the ``output`` step itself gave, uncut (its result
        shows it cut for reading: 64 KiB a chunk, the stop's newest 2,000 characters)."""
        asked = {**args, "raw": True, "all": True, "wait": 0} if verb == "output" else \
            {"since": mark, "raw": True, "all": True}
        chunks = (await self.call("output", asked)).get("chunks") or []
        return "".join(str(c.get("output", "")) for c in chunks if isinstance(c, dict))

    def judge_error(self, step: Step, outcome: StepOutcome) -> None:
        """``expect: {error: …}``: the step passes when it failed with a matching message (the
        error is then no failure of its own); a step that succeeded fails the check."""
        message, outcome.error, outcome.hint, outcome.exit_code = outcome.error, None, None, None
        for expectation in step.expect:
            if expectation.key != ERROR_KEY:
                continue
            expected = substitute(expectation.expected, self.variables)
            if message is None:
                passed, why = False, "the step succeeded; an error was expected"
            else:
                passed, why = judge(dataclasses.replace(expectation, expected=expected), message)
            outcome.checks.append(CheckOutcome(
                step=step.index, verb=step.verb, key=ERROR_KEY, op=expectation.op, expected=expected,
                actual=message, present=message is not None, tolerance=expectation.tolerance, passed=passed,
                message=why, line=expectation.mark.line,
            ))

    def judge(self, step: Step, outcome: StepOutcome, result: dict[str, Any]) -> None:
        model = VERBS[step.verb].result_model
        ended = result.get("status") in _ENDED and VERBS[step.verb].executes
        note = f"the program {result.get('status')} with code {result.get('exitCode')}" if ended else None
        for expectation in step.expect:
            expected = substitute(expectation.expected, self.variables)
            actual = self.full_output if expectation.key == "output" and self.full_output is not None \
                else follow(model, result, expectation.key)
            passed, message = judge(dataclasses.replace(expectation, expected=expected), actual)
            if not passed and actual is MISSING and note:
                message = note
            outcome.checks.append(CheckOutcome(
                step=step.index, verb=step.verb, key=expectation.key, op=expectation.op, expected=expected,
                actual=None if actual is MISSING else actual, present=actual is not MISSING,
                tolerance=expectation.tolerance, passed=passed, message=message, line=expectation.mark.line,
            ))
        for name, path in step.save.items():
            whole = path == "output" and self.full_output is not None
            value = self.full_output if whole else follow(model, result, path)
            if value is not MISSING:
                self.variables[name] = value
            elif outcome.error is None:  # the result lacks a value the recipe counted on: as a failed check
                outcome.error, outcome.exit_code = f"save {name}: the result has no {path}", CheckFailedError.exit_code
        if ended:
            self.ended_at = step.index
            self.check_crash(step, outcome, result)
        self.check_still_running(step, outcome, result)

    def check_still_running(self, step: Step, outcome: StepOutcome, result: dict[str, Any]) -> None:
        """An execution step whose wait ran out with the program still running is a failure,
        unless the step expects it (``expect: {status: running}``, or any ``status`` check)."""
        if not VERBS[step.verb].executes or result.get("status") != "running":
            return
        if any(e.key == "status" for e in step.expect):
            return
        timeout = outcome.args.get("timeout", self.timeout or DEFAULT_TIMEOUT)
        outcome.checks.append(CheckOutcome(
            step=step.index, verb=step.verb, key="status", op="equals", expected="stopped", actual="running",
            passed=False, line=step.mark.line,
            message=f"the program was still running when the step's wait ({timeout} s) ran out; "
                    "say `expect: {status: running}` if that is intended",
        ))

    def check_crash(self, step: Step, outcome: StepOutcome, result: dict[str, Any]) -> None:
        """The program ended at ``step``: a failure here when later steps need it and this
        step did not expect the end (``exitCode``/``status`` checks)."""
        if any(e.key in ("exitCode", "status") for e in step.expect):
            self.ended_at = None  # an expected end: later steps run and report for themselves
            return
        later = [s for s in self.recipe.steps if s.index > step.index and VERBS[s.verb].needs in ("alive", "stopped")]
        if not later:
            return
        status, code = result.get("status"), result.get("exitCode")
        outcome.checks.append(CheckOutcome(
            step=step.index, verb=step.verb, key="status", op="equals", expected="stopped", actual=status,
            passed=False, line=step.mark.line,
            message=f"the program {status} with code {code} here; step {later[0].index} ({later[0].verb}) "
                    f"needs it {'stopped' if VERBS[later[0].verb].needs == 'stopped' else 'alive'}",
        ))


def _judges_output(step: Step) -> bool:
    """True when ``step`` checks or saves the program's output (``expect: {output: …}``,
    ``save: {x: output}``) of a verb whose result has it."""
    spec = VERBS.get(step.verb)
    if spec is None or not has_output_shorthand(spec.result_model):
        return False
    return any(e.key == "output" for e in step.expect) or "output" in step.save.values()


def _exit_code(exc: BaseException) -> int:
    """The exit code the same failure has on the command line: a DapcliError's own, 7 for a
    call that never answered, 1 for anything else (a bug)."""
    if isinstance(exc, DapcliError):
        return exc.exit_code
    if isinstance(exc, TimeoutError):
        return DapTimeoutError.exit_code
    return DapcliError.exit_code


def _describe(exc: BaseException) -> str:
    if isinstance(exc, DapcliError):
        return exc.message
    if isinstance(exc, TimeoutError):
        return "no answer in time (the step's timeout plus a grace period passed)"
    return f"{type(exc).__name__}: {exc}"
