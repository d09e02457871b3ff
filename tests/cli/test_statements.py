"""pdb runs statements at its prompt: with debugpy, ``eval 'v = 100'`` and ``eval 'import os'``
run (in the ``repl`` context) and say so; the hints of ``set`` give a command that works."""

from __future__ import annotations

import json

from conftest import Cli, line_of, one_line_error


def test_statement_runs_and_says_so(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    ran = dc.json("eval", "v = 100")
    assert ran["result"] == "" and "ran as a statement" in ran["note"]
    assert dc.json("eval", "v")["result"] == "100"
    assert "ran as a statement" in dc.run("eval", "import os").out
    assert dc.json("eval", "os.sep")["result"] == "'/'"
    # expressions are evaluated as before: no note, errors unchanged
    value = dc.json("eval", "acc + 1")
    assert "note" not in value
    err = dc.run("eval", "x = (", check=5).err
    assert "SyntaxError" in err and "hint: eval takes a Python expression" in err
    assert "NameError" in one_line_error(dc.run("eval", "nosuch_name", check=5).err)


def test_set_hint_gives_a_command_that_works(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("set", "nosuch", "3", check=2).err
    assert "hint: `dapcli vars` lists them; to create it: dapcli eval 'nosuch = 3'" in err
    dc.run("eval", "nosuch = 3")
    assert json.loads(dc.run("--json", "eval", "nosuch").out)["result"] == "3"
    assert dc.json("stack")["frames"][0]["line"] == line_of("loops.py", "call")
