"""gdb's ``break FILE:LINE`` typed to the one-shot CLI, whose ``break`` is a group: the usage
error's hint gives the command that works (``dapcli break add FILE:LINE``)."""

from __future__ import annotations

import json

from conftest import Cli


def test_break_with_a_location_says_break_add(dc: Cli) -> None:
    result = dc.run("break", "main.go:23", check=2)
    assert "No such command 'main.go:23'" in result.err
    assert "to add one: `dapcli break add main.go:23`" in result.err, result.err
    assert "`dapcli break` takes a subcommand: add, clear, delete, edit, list" in result.err
    error = json.loads(dc.run("--json", "watch", "a b", check=2).err)["error"]
    assert error["hint"].startswith("`dapcli watch` takes a subcommand: add, delete, list."), error
    assert "watch expression (shown at every stop): `dapcli watch add 'a b'`" in error["hint"], error
    assert "data watchpoint (gdb's watch: stop when it changes): `dapcli watchpoint add 'a b'`" in error["hint"]
