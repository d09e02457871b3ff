"""Verb references in hints (dapcli.calls) phrased by each frontend from the real verb table."""

from __future__ import annotations

from dapcli.calls import OPEN, call, option, phrase
from dapcli.frontends.mcp.tools import MCP_WORDS
from dapcli.verbs.models import Frame, StopState
from dapcli.verbs.shared.phrasing import CLI, REPL, phrase_all

HINT = f"type it with {call('input', text='TEXT')}, or launch with {option('launch', 'terminal')}"


def test_each_frontend_says_a_call_in_its_own_words() -> None:
    assert phrase(HINT, CLI) == "type it with `dapcli input TEXT`, or launch with --terminal"
    assert phrase(HINT, REPL) == "type it with `input TEXT`, or launch with --terminal"
    assert phrase(HINT, MCP_WORDS) == ('type it with `more {"verb": "input", "arguments": {"text": "TEXT"}}`, '
                                       "or launch with `terminal: true`")


def test_direct_tools_positionals_flags_and_quoting() -> None:
    token = call("evaluate", expression="a b", maxLength=0)
    assert phrase(token, CLI) == "`dapcli eval 'a b' --max-length 0`"
    assert phrase(token, MCP_WORDS) == '`evaluate {"expression": "a b", "maxLength": 0}`'
    assert phrase(call("wait"), MCP_WORDS) == "`wait`" and phrase(call("wait"), CLI) == "`dapcli wait`"
    assert phrase(call("listBreakpoints"), CLI) == "`dapcli break list`"
    assert phrase(call("listBreakpoints"), MCP_WORDS) == '`more {"verb": "listBreakpoints"}`'


def test_text_without_a_reference_and_a_broken_token_stay_as_written() -> None:
    assert phrase("plain `dapcli stack` text", MCP_WORDS) == "plain `dapcli stack` text"
    broken = f"{OPEN}input {{not json\u27e7"
    assert phrase(broken, CLI) == broken
    long = ("x" * 100_000 + call("wait")) * 3  # one pass, whatever the length
    assert phrase(long, CLI).count("`dapcli wait`") == 3


def test_a_result_is_phrased_in_place() -> None:
    state = StopState(session="default", status="running", warnings=[HINT],
                      frames=[Frame(id=1, index=0, name=call("wait"), line=1)])
    phrase_all(state, REPL)
    assert state.warnings == ["type it with `input TEXT`, or launch with --terminal"]
    assert state.frames is not None and state.frames[0].name == "`wait`"


def test_command_lines_in_older_hints_are_said_in_each_frontends_words() -> None:
    from dapcli.verbs.shared.phrasing import as_references, phrase_text

    hint = "see `dapcli break list`; `dapcli watch delete 3` removes it, `dapcli eval VALUE --depth 1` lists"
    assert phrase_text(hint, CLI) == hint
    assert phrase_text(hint, REPL) == "see `break list`; `watch delete 3` removes it, `eval VALUE --depth 1` lists"
    assert phrase_text(hint, MCP_WORDS) == (
        'see `more {"verb": "listBreakpoints"}`; `more {"verb": "removeWatch", "arguments": {"ids": [3]}}` '
        'removes it, `evaluate {"expression": "VALUE", "depth": 1}` lists')
    launch = phrase_text("e.g. `dapcli launch app.py -b app.py:10 --stop-on-entry`", MCP_WORDS)
    assert launch == 'e.g. `launch {"program": "app.py", "breakpoints": ["app.py:10"], "stopOnEntry": true}`'
    # what is not a verb's command line stays as written: an unknown verb or option, a pipe, bad quoting
    for kept in ("`dapcli frobnicate`", "`dapcli stack --frobnicate`", "`dapcli stack | head`", "`dapcli eval 'x`"):
        assert as_references(kept) == kept
    long = "`dapcli stack` " + "x" * 1_000_000  # one pass, whatever the length
    assert as_references(long).startswith(OPEN)


def test_the_programs_own_text_in_a_result_is_not_rewritten() -> None:
    from dapcli.verbs.models import OutputChunkView

    chunk = OutputChunkView(seq=1, category="stdout", output="run `dapcli stack` to see\n")
    state = StopState(session="default", status="stopped", output=[chunk], warnings=["see `dapcli stack`"])
    phrase_all(state, MCP_WORDS)
    assert state.output is not None and state.output[0].output == "run `dapcli stack` to see\n"
    assert state.warnings == ["see `stackTrace`"]
