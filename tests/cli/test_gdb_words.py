"""gdb's words on the one-shot CLI: ``info breakpoints``/``info locals`` (as in the REPL), ``q``
(as ``quit``: stop), and ``run`` (the recipe runner) pointing at ``restart``/``launch``."""

from __future__ import annotations

from conftest import Cli


def test_info_words_and_q(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    assert [b["id"] for b in dc.json("info", "breakpoints")["breakpoints"]] == [1]
    assert "acc" in [v["name"] for v in dc.json("info", "locals")["variables"]]
    dc.run("q")
    assert dc.run("status", check=False).code == 3  # the session is gone


def test_run_of_a_program_points_at_launch_and_restart(dc: Cli) -> None:
    failed = dc.run("run", "loops.py", check=2)
    assert "`dapcli run` replays YAML recipes; loops.py is not one" in failed.err
    assert "`dapcli launch loops.py`" in failed.err and "`dapcli restart`" in failed.err
    bare = dc.run("run", check=2)
    assert "gdb's run is `dapcli restart`" in bare.err


def test_info_registers_and_watchpoints_and_an_unknown_info_word(dc: Cli) -> None:
    """``info registers`` (listed as the registers verb's gdb word) said "No such command 'info'"."""
    dc.launch("loops.py", "call")
    assert dc.json("info", "watchpoints")["dataBreakpoints"] == []
    refused = dc.run("info", "registers", check=False)  # debugpy has no registers: the verb's own refusal
    assert refused.code != 0 and "No such command" not in refused.err, refused.err
    assert "registers" in refused.err.lower(), refused.err
    unknown = dc.run("info", "nosuch", check=2)
    assert unknown.err.startswith("error: info nosuch: unknown\nhint: usage: dapcli info breakpoints|"), unknown.err
    assert "|registers|" in unknown.err and "No such command" not in unknown.err, unknown.err
    assert dc.run("info", check=2).err.startswith("error: info what?")
    assert [b["id"] for b in dc.json("info", "breakpoints")["breakpoints"]] == [1]  # the session as it was
