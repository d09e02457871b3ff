"""What is the debugger's text and what is the program's, without processes: debugpy's
traceback frames and pydevd's log, lldb's DWARF errors and CodeLLDB's stop line, gdb's stop
reports, log-point messages, and the entry/pause reasons of a stop."""

from __future__ import annotations

import pytest

from dapcli.adapters.debugpy.pynoise import PydevdLog, TracebackTrimmer, is_debugger_frame
from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.engine.chatter import is_log_message
from dapcli.render import render
from dapcli.verbs import models as m

RUNPY = '  File "/usr/lib/python3.11/runpy.py", line 198, in _run_module_as_main\n    return _run_code(\n'
DEBUGPY = '  File "/venv/lib/python3.11/site-packages/debugpy/server/cli.py", line 568, in main\n    run()\n'
USER = '  File "/home/u/p.py", line 6, in <module>\n    raise ValueError("boom")\n'


def test_traceback_starts_at_the_users_frame_across_events() -> None:
    trimmer = TracebackTrimmer()
    events = ["Traceback (most recent call last):\n", RUNPY, DEBUGPY[:70], DEBUGPY[70:] + "    ", "  ^^^\n",
              USER, "ValueError: boom\n", "after\n"]
    text = "".join(trimmer.feed(e) for e in events)
    assert text == "Traceback (most recent call last):\n" + USER + "ValueError: boom\nafter\n"


def test_frames_below_the_users_code_are_kept() -> None:
    trimmer = TracebackTrimmer()
    text = trimmer.feed("Traceback (most recent call last):\n" + USER + DEBUGPY + "KeyError: 1\n")
    assert DEBUGPY in text and USER in text


def test_text_without_a_traceback_is_untouched() -> None:
    assert TracebackTrimmer().feed("a\tb  File x\n") == "a\tb  File x\n"
    assert is_debugger_frame("/usr/lib/python3.11/runpy.py") and not is_debugger_frame("/home/u/runpy.py")


def test_pydevd_log_and_its_traceback_are_console_text() -> None:
    log = PydevdLog()
    assert log.is_log("1.81s - division by zero\n")
    assert log.is_log('Traceback (most recent call last):\n  File "/x/pydevd_vars.py", line 665\n')
    assert log.is_log('  File "<string>", line 1, in <module>\nZeroDivisionError: division by zero\n')
    assert not log.is_log("the program's own line\n")
    assert not log.is_log("Traceback (most recent call last):\n")  # the program's, not after a log line


@pytest.mark.parametrize("text", [
    "error: libc.so.6 0x0005a8f1: DW_TAG_member 'x' refers to type 0x1 which extends beyond the bounds\n",
    "warning: (x86_64) /lib/libm.so.6 DW_AT_location has an invalid form\n",
    "Stop reason: signal SIGSTOP\n",
])
def test_lldb_chatter_in_program_streams_is_console(text: str) -> None:
    assert LldbAdapter().output_category("stderr", text) == "console"
    assert CodeLldbAdapter().output_category("stdout", text) == "console"
    assert LldbAdapter().output_category("stderr", "error: my program failed\n") == "stderr"


def test_gdb_stop_reports_are_console() -> None:
    spec = GdbAdapter()
    sequence = [
        ("Temporary breakpoint 1 at 0x11b7: file fid.c, line 21.\n", "console"),
        ("\n", "console"),
        ("\nProgram", "console"),
        (" received signal SIGINT, Interrupt.\n", "console"),
        ("__GI___clock_nanosleep (clock_id=0, flags=0) at ../sysdeps/unix/sysv/linux/clock_nanosleep.c:71\n",
         "console"),
        ("a\tb héllo wörld 1000 9 5\n", "stdout"),
    ]
    for text, expected in sequence:
        assert spec.output_category("stdout", text) == expected, text


def test_log_point_messages_are_recognised() -> None:
    assert is_log_message("i is 4\n", ["i is {i}"])
    assert is_log_message("i is {i}", ["i is {i}"])  # cdt does not substitute
    assert is_log_message("> [Go 1]: i is 4\n", ["i is {i}"])
    assert not is_log_message("Running preRunCommands:\n", ["i is {i}"])


def test_stack_text_says_how_many_more_and_read_only_is_marked() -> None:
    frames = [m.Frame(id=i, index=i, name=f"f{i}", path="/p.py", line=i + 1) for i in range(20)]
    from rich.console import Console

    console = Console(width=200, no_color=True, record=True)
    console.print(render(m.StackResult(thread_id=1, frames=frames, total_frames=62)))
    variables = m.VariablesResult(variables_reference=1, total=1, variables=[
        m.VariableView(name="(return) f", value="42", type="int", read_only=True)])
    console.print(render(variables))
    trace = m.TraceResult(path="/p.py", line=3, expressions=["self.scores[k]"], hits=[
        m.TraceHit(hit=1, values={"self.scores[k]": "11"})])
    console.print(render(trace))
    text = console.export_text()
    assert "frames 1–20 of 62 (next: dapcli stack --start 20)" in text
    assert "(return) f = 42  (int)  [read-only]" in text
    assert "self.scores[k]" in text


def test_log_message_matching_is_linear() -> None:
    """Three holes once took a cubic regex: 12 KB of near-misses ran for minutes."""
    near_miss = " x  y " * 200_000 + "\n"
    assert not is_log_message(near_miss, ["{a} x {b} y {c} z"])
    assert is_log_message(" x  y " * 1000 + " z\n", ["{a} x {b} y {c} z"])
