"""Statements are explicit: ``eval`` takes an expression, a statement (``v = 100``,
``import os``) is refused with the spelling that runs it, ``eval --statement`` runs it (debugpy:
context ``repl``, as at pdb's ``!`` prompt) and says so; the hints of ``set`` give a command
that works."""

from __future__ import annotations

import json

from conftest import Cli, line_of, one_line_error


def test_a_statement_is_refused_by_eval_and_changes_nothing(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("eval", "acc = 5", check=2).err
    assert one_line_error(err) == "error: `acc = 5` is a statement, not an expression: eval does not run it"
    assert ("hint: to compare, write `acc == 5`; to run it: `dapcli eval --statement 'acc = 5'` "
            "(REPL: `!STATEMENT`; MCP, recipes: `statement: true`)") in err
    err = dc.run("eval", "import os", check=2).err
    assert one_line_error(err) == "error: `import os` is a statement, not an expression: eval does not run it"
    assert dc.json("eval", "acc")["result"] != "5"
    assert "NameError" in one_line_error(dc.run("eval", "os.sep", check=5).err)


def test_statement_flag_runs_it_and_says_so(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    ran = dc.json("eval", "--statement", "v = 100")
    assert ran["result"] == "" and "ran as a statement" in ran["note"]
    assert dc.json("eval", "v")["result"] == "100"
    assert "ran as a statement" in dc.run("eval", "--statement", "import os").out
    assert dc.json("eval", "os.sep")["result"] == "'/'"
    # expressions are evaluated as before: no note, errors unchanged
    value = dc.json("eval", "acc + 1")
    assert "note" not in value
    err = dc.run("eval", "x = (", check=5).err
    assert "SyntaxError" in err and "hint: `dapcli eval` takes a Python expression" in err
    assert "NameError" in one_line_error(dc.run("eval", "nosuch_name", check=5).err)


def test_set_hint_gives_a_command_that_works(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("set", "nosuch", "3", check=2).err
    assert "hint: `dapcli vars` lists them; to create it: `dapcli eval 'nosuch = 3' --statement`" in err
    dc.run("eval", "--statement", "nosuch = 3")
    assert json.loads(dc.run("--json", "eval", "nosuch").out)["result"] == "3"
    assert dc.json("stack")["frames"][0]["line"] == line_of("loops.py", "call")
