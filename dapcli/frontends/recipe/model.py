"""What a validated recipe is, and what running it produced.

A :class:`Recipe` is built only by :func:`dapcli.frontends.recipe.validate.load_recipe`, after
every check passed; the runner never meets an invalid one. Outcomes are plain data that the
transcript, the JSON lines and the JUnit writer all read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from dapcli.errors import CheckFailedError, UsageError
from dapcli.files import is_number
from dapcli.frontends.recipe.loader import Mark

__all__ = [
    "ERROR_KEY", "BreakpointSpec", "CheckOutcome", "Expectation", "Op", "Recipe", "RecipeOutcome", "Step",
    "StepOutcome", "Target",
]

Op = Literal["equals", "contains", "matches", "approx"]
#: The start of the file (where an error without a better place is reported).
START = Mark(1, 1)
#: ``expect: {error: …}``: the step must fail, with an error message that matches.
ERROR_KEY = "error"


@dataclass
class Target:
    """The program to debug; ``program`` and ``cwd`` are absolute, ``build`` is an argv."""

    program: str
    display: str
    #: ``python -m MODULE`` instead of a program file (then ``program`` is empty).
    module: str | None = None
    args: list[str] = field(default_factory=list)
    cwd: str | None = None
    env: list[str] = field(default_factory=list)
    adapter: str | None = None
    python: str | None = None
    build: list[str] | None = None
    mark: Mark = START
    #: HOST:PORT of a debug server to attach to (then ``program`` is empty).
    connect: str | None = None
    #: ``REMOTE=LOCAL`` path mappings (LOCAL absolute).
    path_mappings: list[str] = field(default_factory=list)
    #: ``target.launch``: options for the adapter's launch request; ``target.stdin``: a file.
    launch: dict[str, Any] | None = None
    stdin: str | None = None
    #: A test run instead of a program (``debugTest`` selectors; ``args`` go to the runner).
    test: list[str] | None = None
    runner: str | None = None
    #: ``target.untilFail``: run the tests up to this many times, to the first failure.
    until_fail: int | None = None
    #: ``target.exceptions``: the adapter's exception filters on from the start (``--catch``).
    exceptions: list[str] | None = None


@dataclass
class BreakpointSpec:
    """A breakpoint set before the first step: ``location`` is ``ABSPATH:LINE`` or a function."""

    location: str
    display: str
    condition: str | None = None
    hit_condition: str | None = None
    log_message: str | None = None
    mark: Mark = START

    @property
    def plain(self) -> bool:
        """True when ``launch`` can set it (no condition, hit count or log message)."""
        return self.condition is None and self.hit_condition is None and self.log_message is None

    def structured(self) -> dict[str, Any]:
        """As a structured ``breakpoints`` item of ``launch``/``debugTest``: ``{path, line}`` or
        ``{function}``, with its condition, hitCondition and logMessage."""
        path, sep, line = self.location.rpartition(":")
        place: dict[str, Any] = {"path": path, "line": int(line)} if sep and is_number(line) and path \
            else {"function": self.location}
        clauses = (("condition", self.condition), ("hitCondition", self.hit_condition),
                   ("logMessage", self.log_message))
        return {**place, **{k: v for k, v in clauses if v is not None}}


@dataclass
class Expectation:
    """One ``expect`` entry: the result at ``key`` (a dotted path or shorthand) ``op`` ``expected``."""

    key: str
    op: Op
    expected: Any
    tolerance: float | None = None
    mark: Mark = START


@dataclass
class Step:
    """One verb call: ``args`` are camelCase and may still hold ``${name}`` references."""

    index: int
    verb: str
    args: dict[str, Any]
    expect: list[Expectation] = field(default_factory=list)
    save: dict[str, str] = field(default_factory=dict)
    name: str | None = None
    mark: Mark = START

    @property
    def label(self) -> str:
        return f"step {self.index} ({self.verb})"


@dataclass
class Recipe:
    path: str
    display: str
    base_dir: str
    name: str
    target: Target
    breakpoints: list[BreakpointSpec]
    steps: list[Step]
    variables: dict[str, Any]


@dataclass
class CheckOutcome:
    """A check that ran: ``actual`` is what the result held (``present`` False: nothing there)."""

    step: int
    verb: str
    key: str
    op: str
    expected: Any
    actual: Any
    passed: bool
    present: bool = True
    tolerance: float | None = None
    message: str | None = None
    line: int | None = None


@dataclass
class StepOutcome:
    step: int
    verb: str
    args: dict[str, Any]
    name: str | None = None
    line: int | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    hint: str | None = None
    #: The exit code of ``error``: the DapcliError's own (7 for a call that never answered, 1
    #: for a bug), or 8 when the error is about the result (a ``save`` it does not hold).
    exit_code: int | None = None
    checks: list[CheckOutcome] = field(default_factory=list)
    skipped: str | None = None
    #: The checks a skipped step would have made, written out (``line = 17``).
    planned: list[str] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def failed(self) -> bool:
        return self.error is not None or any(not c.passed for c in self.checks)


@dataclass
class RecipeOutcome:
    """One recipe's run. ``invalid`` is set when it never started (exit 2); ``setup_error``
    (with ``setup_hint`` and ``setup_exit_code``) when build or launch failed."""

    path: str
    name: str
    steps: list[StepOutcome] = field(default_factory=list)
    invalid: str | None = None
    setup_error: str | None = None
    setup_hint: str | None = None
    setup_exit_code: int = CheckFailedError.exit_code
    launch: dict[str, Any] | None = None
    elapsed: float = 0.0

    @property
    def passed(self) -> bool:
        return self.invalid is None and self.setup_error is None and not any(s.failed for s in self.steps)

    @property
    def exit_code(self) -> int:
        """0 when it passed; 2 when invalid; else the exit code of the first error (the setup's,
        then the steps' in order: an error wins over a failed check, whose code is 8)."""
        if self.invalid is not None:
            return UsageError.exit_code
        if self.setup_error is not None:
            return self.setup_exit_code
        codes = [s.exit_code for s in self.steps if s.error is not None and s.exit_code is not None]
        errors = [code for code in codes if code != CheckFailedError.exit_code]
        if errors:
            return errors[0]
        return 0 if self.passed else CheckFailedError.exit_code

    @property
    def errors(self) -> int:
        """How many errors (not failed checks) the run met: the setup's, or the steps'."""
        if self.setup_error is not None:
            return int(self.setup_exit_code != CheckFailedError.exit_code)
        return sum(s.error is not None and s.exit_code != CheckFailedError.exit_code for s in self.steps)

    @property
    def checks(self) -> list[CheckOutcome]:
        return [c for s in self.steps for c in s.checks]

    def first_failure(self) -> tuple[int | None, StepOutcome | None, CheckOutcome | None, str] | None:
        """What failed first: (recipe line, step, check, text of a setup problem or step error)."""
        if self.invalid or self.setup_error:
            return None, None, None, (self.invalid or self.setup_error or "").splitlines()[0]
        for step in self.steps:
            if step.error:
                return step.line, step, None, step.error
            for check in step.checks:
                if not check.passed:
                    return check.line, step, check, check.message or ""
        return None
