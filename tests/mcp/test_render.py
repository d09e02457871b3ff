"""The compact text renderings: bounded, with explicit markers that name the call to page on."""

from __future__ import annotations

from dapcli.frontends.mcp.render import render, render_stop
from dapcli.verbs.models import (
    EvaluateResult,
    ExceptionView,
    Frame,
    Location,
    OutputChunkView,
    OutputResult,
    SourceLine,
    StackResult,
    StopState,
    VariablesResult,
    VariableView,
)


def big_stop(locals_count: int = 30, output_chars: int = 5000) -> StopState:
    return StopState(
        session="default", status="stopped", reason="breakpoint", raw_reason="breakpoint", thread_id=1,
        location=Location(path="/src/app/orders.py", line=42, function="apply_discount"),
        source=[SourceLine(line=n, text="    x = compute(" + "y" * 200 + ")", current=n == 42) for n in range(40, 45)],
        frames=[Frame(id=i, index=i, name=f"function_{i}", path=f"/src/app/module_{i}.py", line=10 + i)
                for i in range(5)],
        locals=[VariableView(name=f"variable_{i}", value="'" + "v" * 78 + "…", type="str", value_truncated=500,
                             variables_reference=0) for i in range(locals_count)],
        output=[OutputChunkView(seq=i + 1, category="stdout", output="line of output\n") for i in range(
            output_chars // 15)],
        output_truncated=3,
    )


def test_a_large_stop_stays_bounded_with_markers() -> None:
    text = render_stop(big_stop())
    assert len(text.encode()) <= 1600, len(text.encode())
    assert text.startswith("stopped (breakpoint) at /src/app/orders.py:42 in apply_discount, thread 1")
    assert "→   42  " in text and "    41  " in text and "    43  " in text and "   44  " not in text
    assert "frames: function_0 (module_0.py:10) ← function_1 (module_1.py:11)" in text
    assert "more; call variables with start=" in text
    assert "earlier chunks; call output with since=" in text
    assert text.rstrip().endswith("line of output")


def test_a_typical_stop_lists_every_local() -> None:
    state = big_stop(locals_count=8, output_chars=100)
    state.locals = [VariableView(name=f"v{i}", value=str(i * 1.5), type="float") for i in range(8)]
    state.output_truncated = None
    text = render(state)
    assert len(text.encode()) <= 1500
    assert "more; call variables" not in text and "v7=10.5" in text


def test_running_exited_and_exception_headlines() -> None:
    running = render(StopState(session="s1", status="running", elapsed_ms=2000.0))
    assert running.startswith("running: no stop within 2.0 s (not an error; call wait") and "[session s1]" in running
    assert render(StopState(session="default", status="exited", exit_code=3)) == "exited with code 3"
    crashed = big_stop(locals_count=0, output_chars=0)
    crashed.reason = "exception"
    crashed.exception = ExceptionView(exception_id="ZeroDivisionError", description="division by zero")
    assert render(crashed).splitlines()[1] == "exception ZeroDivisionError: division by zero"


def test_evaluate_and_variables_markers() -> None:
    evaluated = EvaluateResult(expression="cart", result="[1, 2]", type="list", variables_reference=7)
    assert render(evaluated) == "cart = [1, 2] (list) [variablesReference=7]"
    page = VariablesResult(
        variables_reference=7, scope="Locals", start=0, total=250, truncated=150,
        variables=[VariableView(name=str(i), value=str(i), type="int") for i in range(100)],
    )
    text = render(page)
    assert text.splitlines()[0] == "Locals: 100 of 250"
    assert text.splitlines()[-1] == "  … (+150 more; call variables with start=100)"
    assert "tree cut" in text  # more lines than a text rendering lists
    none = VariablesResult(variables_reference=7, scope="Locals", total=0, variables=[], filter="nope", unfiltered=7)
    assert render(none) == "Locals: 0 of 0 matching 'nope' (of 7)"  # not a frame without locals


def test_stack_and_output_markers() -> None:
    stack = StackResult(thread_id=1, total_frames=40,
                        frames=[Frame(id=9, index=0, name="main", path="/a.py", line=3)])
    assert render(stack).splitlines() == [
        "thread 1:", "  #0 main at /a.py:3 (frameId 9)", "  frames 1–1 of 40 (next: call stackTrace with start=1)",
    ]
    output = OutputResult(chunks=[OutputChunkView(seq=1, category="stdout", output="x" * 9000)], next_seq=1,
                          status="running")
    text = render(output)
    assert "(+5000 earlier chars" in text and text.endswith("[nextSeq 1; running]")
    # every chunk is in the result: no `since` that would give this page again (an agent looped on it)
    assert "since=" not in text and "structuredContent's chunks hold them" in text


def test_a_stops_structured_source_is_the_lines_its_text_shows() -> None:
    from dapcli.frontends.mcp.compact import compact

    stop = {"status": "stopped", "location": {"path": "/x/a.py", "line": 7},
            "source": [{"line": n, "text": f"l{n}", **({"current": True} if n == 7 else {})} for n in range(5, 10)]}
    assert [entry["line"] for entry in compact(stop, "/x")["source"]] == [6, 7, 8]
    listing = {"frame": {"line": 7}, "source": stop["source"]}  # no location: not a stop, kept whole
    assert len(compact(listing, "/x")["source"]) == 5


def test_a_traced_value_cut_says_how_much_was_left_out() -> None:
    from dapcli.verbs.models import TraceHit, TraceResult

    value = "'" + "t" * 199 + "…"
    result = TraceResult(path="/src/app.py", line=7, expressions=["text"], limit_reached=False,
                         hits=[TraceHit(hit=1, thread_id=1, values={"text": value}, cut={"text": 300})])
    text = render(result)
    assert f"text={value[:60]}…(+{len(value) - 60} chars in structuredContent) (+300 chars cut)" in text, text
