"""The transcript of a recipe run: plain text with ✔/✘ per check, or JSON lines.

Plain text is written as is (no markup language, so program output can never be read as
markup); control characters in program output and values are escaped, so a debuggee cannot
drive the terminal; the later lines of a text of several lines (a test's failure message, a
build's output) start under its first. Colour only on a TTY without ``NO_COLOR``.
"""

from __future__ import annotations

import json
import os
from typing import Any, Protocol, TextIO

from dapcli.errors import UsageError
from dapcli.files import split_lines
from dapcli.frontends.recipe.matchers import describe, show
from dapcli.frontends.recipe.model import CheckOutcome, Recipe, RecipeOutcome, StepOutcome
from dapcli.render.safe import escape
from dapcli.verbs.shared.stop.stoplabel import exception_headline

__all__ = ["JsonLinesReporter", "Reporter", "TextReporter", "summarize_result"]

#: Most lines of program output shown per step (``--json`` has all of it).
MAX_OUTPUT_LINES = 20


def clean(text: str) -> str:
    """``text`` with control characters (escape sequences, bidi overrides) made visible
    (:func:`dapcli.render.safe.escape`, the one rule for every terminal frontend)."""
    return escape(text)


class Reporter(Protocol):
    def recipe_start(self, recipe: Recipe) -> None: ...
    def launched(self, recipe: Recipe, result: dict[str, Any], breakpoints: list[dict[str, Any]]) -> None: ...
    def step(self, recipe: Recipe, outcome: StepOutcome) -> None: ...
    def recipe_end(self, outcome: RecipeOutcome) -> None: ...
    def invalid(self, display: str, error: UsageError) -> None: ...
    def summary(self, outcomes: list[RecipeOutcome], code: int) -> None: ...


def _name(path: Any) -> str:
    return os.path.basename(str(path)) if path else "?"


def _stop(result: dict[str, Any]) -> str:
    status = result.get("status")
    if status in ("exited", "terminated"):
        code = result.get("exitCode")
        return f"{status} with code {code}" if code is not None else str(status)
    if status != "stopped":
        return f"{status} (no stop before the timeout)"
    where = result.get("location")
    text = f"stopped ({result.get('reason')})"
    if where:
        text = f"{result.get('reason')} at {_name(where.get('path') or where.get('name'))}:{where.get('line')}"
        text += f" in {where['function']}" if where.get("function") else ""
    current = next((s["text"].strip() for s in result.get("source") or [] if s.get("current")), None)
    exception = result.get("exception")
    if exception:
        said = exception_headline(exception.get("exceptionId"), exception.get("description"))
        text += f": {said}" if said else ""
    returned = result.get("returnValue")
    text += f"  (returned {returned.get('value')})" if returned else ""
    return text + (f":  {current}" if current else "")


def summarize_result(result: dict[str, Any]) -> str:
    """One line saying what a verb's JSON result holds."""
    if "session" in result and "status" in result and "state" not in result:
        return "detached" if result["status"] == "detached" else _stop(result)
    if "expression" in result and "result" in result:
        return f"{result['result']}" + (f" ({result['type']})" if result.get("type") else "")
    if "variables" in result:
        shown = ", ".join(f"{v['name']}={v['value']}" for v in result["variables"][:6])
        more = len(result["variables"]) - 6
        return (shown or "(none)") + (f", … {more} more" if more > 0 else "")
    if "verified" in result and "id" in result:
        line = result.get("actualLine") or result.get("line")
        where = result.get("function") or f"{_name(result.get('path'))}:{line}"
        return f"breakpoint {result['id']} at {where}" + ("" if result["verified"] else " (not verified)")
    if "breakpoints" in result:
        left = len(result["breakpoints"])
        kept = f"{left} breakpoint{'' if left == 1 else 's'}"
        removed = result.get("removed")
        if removed is not None:
            return f"removed {', '.join(map(str, removed)) or 'none'}; {kept} left"
        return kept
    if "frames" in result:
        return " ← ".join(f.get("name", "?") for f in result["frames"][:6])
    if "chunks" in result:
        return f"{len(result['chunks'])} output chunk(s)"
    if "state" in result:
        code = result.get("exitCode")
        return f"{result['state']}" + (f" (exit code {code})" if code is not None else "")
    text = json.dumps({k: v for k, v in result.items() if k != "schemaVersion"}, ensure_ascii=False)
    return text if len(text) <= 120 else text[:120] + "…"


def check_text(check: CheckOutcome, *, key: bool = True) -> str:
    """A failed check: ``line: expected = 18, actual 17 (why)`` (without ``line: `` if not ``key``)."""
    actual = show(check.actual) if check.present else "(absent)"
    text = f"expected {describe(check.op, check.expected, check.tolerance)}, actual {actual}"
    text += f" ({check.message})" if check.message else ""
    return f"{check.key}: {text}" if key else text


def failure(outcome: RecipeOutcome) -> str | None:
    """What failed first, as ``FILE:LINE: step N (verb): …`` (None when all passed)."""
    found = outcome.first_failure()
    if found is None:
        return None
    line, step, check, text = found
    where = f"{outcome.path}:{line}: " if line else f"{outcome.path}: "
    if step is None:
        return where + text
    return where + f"step {step.step} ({step.verb}): " + (check_text(check) if check else text)


def tally(outcome: RecipeOutcome) -> str:
    """``4 step(s), 7 check(s) passed``, or with ``, 1 failed`` (checks, and what fails as they
    do) and ``, 1 error`` (what dapcli raised at the launch or a step)."""
    errors = outcome.errors
    failed = (sum(not c.passed for c in outcome.checks) + sum(s.error is not None for s in outcome.steps)
              + (outcome.setup_error is not None) - errors)
    ran = sum(not s.skipped for s in outcome.steps)
    text = f"{ran} step(s), {len(outcome.checks)} check(s)" + (f", {failed} failed" if failed else "")
    text += f", {errors} error{'s' if errors > 1 else ''}" if errors else ""
    return text if failed or errors else text + " passed"


def format_args(args: dict[str, Any]) -> str:
    parts = []
    for key, value in args.items():
        text = value if isinstance(value, str) and value and " " not in value else show(value, 60)
        parts.append(f"{key}={text}")
    return " ".join(parts)


def _output_of(result: dict[str, Any] | None, limit: int = MAX_OUTPUT_LINES) -> list[str]:
    """The program output a result carries, as lines (the last ``limit`` of them)."""
    if not result:
        return []
    chunks = result.get("output") if isinstance(result.get("output"), list) else result.get("chunks")
    lines = split_lines("".join(str(c.get("output", "")) for c in chunks or [] if isinstance(c, dict)))
    if len(lines) > limit:
        return [f"… {len(lines) - limit} earlier line(s)", *lines[-limit:]]
    return lines


def stdout_to_devnull() -> None:
    """The reader of our stdout left (a closed pipe): its file descriptor is pointed at
    /dev/null, so that later writes of anyone (rich, print, the final flush) go nowhere, not fail."""
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


class TextReporter:
    """The human transcript; a recipe that fails validation is reported on ``errors`` (the
    command's stderr; ``out`` when not given)."""

    def __init__(self, out: TextIO, color: bool | None = None, errors: TextIO | None = None) -> None:
        self.out = out
        self.errors = errors or out
        if color is None:
            color = bool(getattr(out, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")
        self.color = color

    def _paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def write(self, text: str = "") -> None:
        """A line of the transcript. A reader that left (``dapcli run … | head``) stops the
        transcript, never the run: the recipes run to their end and the exit code says how they did."""
        if self.out is None:
            return
        try:
            self.out.write(text + "\n")
            self.out.flush()
        except BrokenPipeError:
            self._reader_left()

    def _reader_left(self) -> None:
        import sys

        self.out = None  # type: ignore[assignment]
        if self.errors is not sys.stderr:
            self.errors = sys.stderr
        stdout_to_devnull()

    def block(self, lead: str, text: str, code: str | None = None, indent: int | None = None) -> None:
        """Write ``lead`` + ``text`` (painted ``code``, line by line); each later line of ``text``
        starts ``indent`` columns in (default: under the first line's text after its mark, such
        as ``→ `` or ``✘ ``). ``text`` must be clean already."""
        first, *rest = text.split("\n")
        self.write(lead + (self._paint(first, code) if code else first))
        pad = " " * (len(lead) + 2 if indent is None else indent)
        for line in rest:
            self.write(pad + (self._paint(line, code) if code and line else line))

    def recipe_start(self, recipe: Recipe) -> None:
        self.block("", f"▶ {recipe.display}: {clean(recipe.name)}", "1")

    def launched(self, recipe: Recipe, result: dict[str, Any], breakpoints: list[dict[str, Any]]) -> None:
        verb = "attach" if recipe.target.connect else "launch"
        self.block("  ", f"{verb} {recipe.target.display} → {clean(_stop(result))}")
        for view in breakpoints:
            if not view.get("verified"):
                why = f": {view['message']}" if view.get("message") else ""
                self.block("  ", f"! {summarize_result(view)}{clean(why)}", "33")

    def step(self, recipe: Recipe, outcome: StepOutcome) -> None:
        head = f"step {outcome.step}  {outcome.verb}"
        if outcome.args:
            head += " " + clean(format_args(outcome.args))
        pad = " " * 9
        if outcome.skipped:
            self.block("  ", f"{head}  (skipped: {outcome.skipped})", "2", indent=len(pad))
            return
        if outcome.name:
            head += self._paint(f"   # {clean(outcome.name)}", "2")
        self.block("  ", head, indent=len(pad))
        for line in _output_of(outcome.result):
            self.write(f"{pad}│ {clean(line)}")
        if outcome.result is not None:
            self.block(pad, f"→ {clean(summarize_result(outcome.result))}")
        if outcome.error:
            self.block(pad, f"✘ {clean(outcome.error)}", "31")
            if outcome.hint:
                self.block(pad + "  ", f"hint: {clean(outcome.hint)}", indent=len(pad) + 8)
        for check in outcome.checks:
            self.check_line(pad, check)

    def check_line(self, pad: str, check: CheckOutcome) -> None:
        if check.passed:
            self.block(pad, self._paint("✔", "32") + f" {check.key} "
                       f"{clean(describe(check.op, check.expected, check.tolerance))}")
        else:
            self.block(pad, clean("✘ " + check_text(check)), "31")

    def recipe_end(self, outcome: RecipeOutcome) -> None:
        if outcome.setup_error:
            self.block("  ", f"✘ {clean(outcome.setup_error)}", "31")
            if outcome.setup_hint:
                self.block("    ", f"hint: {clean(outcome.setup_hint)}", indent=10)
        mark = self._paint("✔", "32") if outcome.passed else self._paint("✘", "31")
        code = f", exit code {outcome.exit_code}" if outcome.exit_code else ""
        self.write(f"{mark} {outcome.path}: {tally(outcome)} ({outcome.elapsed:.1f} s){code}")
        first = failure(outcome)
        if first:
            self.block("  ", f"first failure: {clean(first)}", indent=4)
        self.write()

    def invalid(self, display: str, error: UsageError) -> None:
        for line in error.message.splitlines():
            self.complain(self._paint(f"✘ {clean(line)}", "31"))
        if error.hint:
            self.complain(f"  hint: {error.hint}")

    def complain(self, text: str) -> None:
        try:
            self.errors.write(text + "\n")
            self.errors.flush()
        except BrokenPipeError:
            pass  # nobody reads it any more: the exit code still says it

    def summary(self, outcomes: list[RecipeOutcome], code: int) -> None:
        invalid = sum(o.invalid is not None for o in outcomes)
        if invalid:
            self.complain(self._paint(f"✘ {invalid} invalid recipe(s); nothing was run", "31"))
            return
        if len(outcomes) < 2:
            return
        passed = sum(o.passed for o in outcomes)
        self.write(f"{len(outcomes)} recipes: {passed} passed, {len(outcomes) - passed} failed"
                   + (f" (exit code {code})" if code else ""))
        for outcome in outcomes:
            first = failure(outcome)
            if first:
                self.block("  ", f"✘ {clean(first)}")
            else:
                self.write(f"  ✔ {outcome.path}")


class JsonLinesReporter:
    """One JSON object per line: ``recipe``, ``launch``, ``step``, ``end``, ``invalid``, ``summary``."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def emit(self, event: str, **fields: Any) -> None:
        """One event line; a reader that left stops the lines, never the run (see TextReporter.write)."""
        if self.out is None:
            return
        try:
            self.out.write(json.dumps({"event": event, **fields}, ensure_ascii=False, default=str) + "\n")
            self.out.flush()
        except BrokenPipeError:
            self.out = None  # type: ignore[assignment]
            stdout_to_devnull()

    def recipe_start(self, recipe: Recipe) -> None:
        self.emit("recipe", file=recipe.display, name=recipe.name)

    def launched(self, recipe: Recipe, result: dict[str, Any], breakpoints: list[dict[str, Any]]) -> None:
        self.emit("launch", file=recipe.display, result=result, breakpoints=breakpoints)

    def step(self, recipe: Recipe, outcome: StepOutcome) -> None:
        checks = [
            {"key": c.key, "op": c.op, "expected": c.expected, "actual": c.actual if c.present else None,
             "present": c.present, "passed": c.passed, "line": c.line}
            | ({"tolerance": c.tolerance} if c.tolerance is not None else {})
            | ({"message": c.message} if c.message else {})
            for c in outcome.checks
        ]
        fields: dict[str, Any] = {"file": recipe.display, "step": outcome.step, "verb": outcome.verb,
                                  "args": outcome.args, "line": outcome.line, "checks": checks}
        for key, value in (("name", outcome.name), ("result", outcome.result), ("error", outcome.error),
                           ("hint", outcome.hint), ("exitCode", outcome.exit_code), ("skipped", outcome.skipped)):
            if value is not None:
                fields[key] = value
        fields["elapsedMs"] = round(outcome.elapsed * 1000, 1)
        self.emit("step", **fields)

    def recipe_end(self, outcome: RecipeOutcome) -> None:
        checks = outcome.checks
        setup = {"error": outcome.setup_error, "hint": outcome.setup_hint} if outcome.setup_error else {}
        self.emit("end", file=outcome.path, name=outcome.name, passed=outcome.passed, checks=len(checks),
                  failed=sum(not c.passed for c in checks), errors=outcome.errors, failure=failure(outcome),
                  **setup, exitCode=outcome.exit_code, elapsedMs=round(outcome.elapsed * 1000, 1))

    def invalid(self, display: str, error: UsageError) -> None:
        problems = getattr(error, "problems", None) or error.message.splitlines()
        self.emit("invalid", file=display, problems=problems, hint=error.hint, exitCode=error.exit_code)

    def summary(self, outcomes: list[RecipeOutcome], code: int) -> None:
        passed = sum(o.passed for o in outcomes)
        invalid = sum(o.invalid is not None for o in outcomes)
        self.emit("summary", recipes=len(outcomes), passed=passed, failed=len(outcomes) - passed - invalid,
                  invalid=invalid, exitCode=code)
