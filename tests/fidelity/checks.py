"""The fidelity checks, shared by every adapter module: each asserts what the user sees after
one step of the scenario (see :mod:`fidelity`). An adapter module subclasses
:class:`FidelityChecks` with its :class:`Expect`: the values its adapter gives, and where it
differs from the others, what dapcli shows for it.

Imported by name (``from checks import …``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

import pytest
from fidelity import CHATTER, PRINTED, Failure, Observed, output_text


@dataclass
class Expect:
    """One adapter's answers in the scenario."""

    #: the adapter's own stop reason on entry (dapcli says ``entry`` for all)
    entry_raw: str
    #: words of the adapter's error for ``nosuch_name + 1``
    bad_expression: str
    #: the name of ``point.x`` among ``point``'s children
    child_x: str
    #: words of the adapter's reason for ``set total "1 +"``
    set_bad: str
    #: the function ``stepIn`` lands in
    callee: str
    #: the raw reason of a pause, and of the exception/signal stop
    pause_raw: str
    exception_raw: str
    #: words of the exception stop's description
    exception_words: str
    exit_code: int
    #: text the debugger writes on its console at start (kept under ``console``), if any
    console_marker: str | None = None
    #: what a log point ``i is {i}`` prints at its last hit
    log_line: str = "i is 4"
    #: the entry stop has a source location
    entry_location: bool = True
    #: the function of the selected frame after a pause (the user's code)
    pause_function: str = "main"
    #: the function a pause stops in, when not ``pause_function`` (js-debug: the timer callback)
    paused_in: str | None = None
    #: between two ticks no frame of the program is on the stack (js-debug: the event loop runs
    #: node's own code): a pause then stops there and says so
    pause_may_be_idle: bool = False
    #: the uncaught exception stops the program (js-debug: no exception filter is on by default)
    exception_stops: bool = True
    #: known problems: check name → reason (checked as strict xfails)
    xfail: dict[str, str] = field(default_factory=dict)


class FidelityChecks:
    """The checks; a subclass sets ``expect`` and provides an ``observed`` fixture."""

    expect: ClassVar[Expect]

    def known(self, name: str, check: Callable[[], None]) -> None:
        """Run ``check``; when ``expect.xfail`` names it, it must fail (a strict xfail)."""
        reason = self.expect.xfail.get(name)
        if reason is None:
            check()
            return
        try:
            check()
        except (AssertionError, KeyError, TypeError):
            pytest.xfail(reason)
        pytest.fail(f"[XPASS(strict)] {name} passes now: remove its xfail ({reason})")

    def test_entry_is_reason_entry_with_the_raw_reason_kept(self, observed: Observed) -> None:
        stop = observed["entry"]
        assert not isinstance(stop, Failure), stop
        assert stop["status"] == "stopped" and stop["reason"] == "entry", stop
        assert stop["rawReason"] == self.expect.entry_raw
        if self.expect.entry_location:
            assert stop["location"]["function"] in ("main", "<module>", "<anonymous>", "main.main"), stop["location"]
        assert "Stopped (entry)" in observed.texts["entry"] or "Stopped (entry)" in observed.texts["entry"].replace(
            "\n", " ")
        assert observed.mcp["entry"].startswith("stopped (entry)")

    def test_debugger_text_is_not_program_output(self, observed: Observed) -> None:
        for step in ("entry-output", "final-output"):
            text = output_text(observed[step])
            assert not [c for c in CHATTER if c in text], (step, text)
            assert all(c["category"] not in ("console", "log") for c in observed[step]["chunks"])
        if self.expect.console_marker:
            assert self.expect.console_marker in output_text(observed["final-console"])

    def test_bad_expression_error_has_the_adapters_words(self, observed: Observed) -> None:
        def check() -> None:
            failure = observed["bad-expression"]
            assert isinstance(failure, Failure), f"shown as a value: {failure}"
            assert self.expect.bad_expression in failure.message, failure.message
            assert failure.exit_code == 5

        self.known("bad-expression", check)

    def test_pending_breakpoint_is_kept_unverified(self, observed: Observed) -> None:
        def check() -> None:
            added = observed["pending"]
            assert not isinstance(added, Failure), f"refused: {added.message}"
            assert added["verified"] is False

        self.known("pending", check)

    def test_hit_condition_stops_at_the_second_hit(self, observed: Observed) -> None:
        def check() -> None:
            assert observed["hit-stop"]["reason"] == "breakpoint"
            assert observed["hit-i"]["result"] == "1"

        self.known("hit-condition", check)

    def test_condition_stops_when_true(self, observed: Observed) -> None:
        stop = observed["cond-stop"]
        assert stop["reason"] == "breakpoint", stop  # cdt sends no hitBreakpointIds
        assert observed["cond-i"]["result"] == "3"

    def test_log_point_prints_to_the_program_output(self, observed: Observed) -> None:
        def check() -> None:
            text = output_text(observed["log-output"])
            assert self.expect.log_line in text, text
            assert all(c["category"] == "stdout" for c in observed["log-output"]["chunks"])

        self.known("log-point", check)

    def test_variables_with_children(self, observed: Observed) -> None:
        found = {v["name"]: v for v in observed["vars"]["variables"]}
        point = found["point"]
        assert point["variablesReference"] > 0, observed["vars"]
        children = {c["name"]: c["value"] for c in point["children"]}
        assert children[self.expect.child_x] == "3"
        assert [c["value"] for c in found["values"]["children"]][:5] == ["10", "20", "30", "40", "50"]

    def test_set_variable_and_every_view_shows_the_new_value(self, observed: Observed) -> None:
        assert observed["set"]["value"] == "1000"
        assert observed["eval-after-set"]["result"] == "1000"

        def check() -> None:
            assert observed["vars-after-set"]["variables"][0]["value"] == "1000", observed["vars-after-set"]

        self.known("vars-after-set", check)

    def test_set_of_an_unknown_name_is_a_usage_error(self, observed: Observed) -> None:
        failure = observed["set-missing"]
        assert isinstance(failure, Failure) and failure.exit_code == 2, failure
        assert "no variable 'nosuch_var'" in failure.message

    def test_set_rejected_by_the_adapter_is_an_error_with_its_reason(self, observed: Observed) -> None:
        failure = observed["set-bad"]
        assert isinstance(failure, Failure) and failure.exit_code == 5, failure
        assert self.expect.set_bad in failure.message, failure.message
        assert observed["eval-after-bad-set"]["result"] == "1000"  # unchanged

    def test_step_into_and_out(self, observed: Observed) -> None:
        assert observed["step-in"]["location"]["function"] == self.expect.callee, observed["step-in"]["location"]
        names = [f["name"] for f in observed["stack-in"]["frames"]]
        assert names[0] == self.expect.callee and self.expect.pause_function in names[1], names
        out = observed["step-out"]
        assert out["status"] == "stopped" and self.expect.pause_function in out["location"]["function"]

    def test_output_keeps_tabs_and_non_ascii(self, observed: Observed) -> None:
        assert PRINTED in output_text(observed["program-output"])
        assert PRINTED in observed.texts["program-output"]  # the CLI text keeps the tab
        assert "a\tb" in observed.mcp["program-output"]

    def test_pause(self, observed: Observed) -> None:
        assert observed["run-to-wait"]["status"] == "running"
        stop = observed["pause"]
        assert stop["status"] == "stopped" and stop["reason"] == "pause", stop
        assert stop["rawReason"] == self.expect.pause_raw

        def check() -> None:
            expected = self.expect.paused_in or self.expect.pause_function
            if self.expect.pause_may_be_idle and expected not in stop["location"]["function"]:
                assert stop["location"]["path"].startswith("<node_internals>/"), stop["location"]
                assert any("paused outside your code" in w for w in stop["warnings"]), stop
                return
            assert expected in stop["location"]["function"], stop["location"]

        self.known("pause-user-frame", check)

    def test_exception_or_signal(self, observed: Observed) -> None:
        stop = observed["exception"]
        if not self.expect.exception_stops:
            assert stop["status"] == "exited" and self.expect.exception_words in output_text(stop), stop
            return
        assert stop["status"] == "stopped" and stop["reason"] == "exception", stop
        assert stop["rawReason"] == self.expect.exception_raw
        assert self.expect.exception_words in (stop.get("description") or "") + str(stop.get("exception") or "")

    def test_exit_code(self, observed: Observed) -> None:
        stop = observed["exit" if self.expect.exception_stops else "exception"]
        assert stop["status"] == "exited" and stop["exitCode"] == self.expect.exit_code, stop
        assert not observed["left-running"]


