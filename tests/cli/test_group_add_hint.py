"""gdb's ``break FILE:LINE`` typed to the one-shot CLI, whose ``break`` is a group: the usage
error's hint gives the command that works (``dapcli break add FILE:LINE``)."""

from __future__ import annotations

import json

from conftest import Cli


def test_break_with_a_location_says_break_add(dc: Cli) -> None:
    result = dc.run("break", "main.go:23", check=2)
    assert "No such command 'main.go:23'" in result.err
    assert "hint: to add one: `dapcli break add main.go:23`" in result.err, result.err
    error = json.loads(dc.run("--json", "watch", "a b", check=2).err)["error"]
    assert error["hint"].startswith("to add one: `dapcli watch add 'a b'`"), error
