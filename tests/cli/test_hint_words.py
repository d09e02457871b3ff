"""On the command line, hints name `dapcli` commands and flags; the REPL names its own commands
(no `dapcli` before them); no reference token ever reaches the user."""

from __future__ import annotations

import pexpect
import pytest
from conftest import Cli

from dapcli.calls import OPEN

pytestmark = pytest.mark.slow


def test_cli_hints_name_commands_and_flags(dc: Cli) -> None:
    data = dc.launch("sum_input.py", options=("--json",)).json()
    hint = next(w for w in data.get("warnings") or [] if "stdin" in w)
    assert "give its input with --stdin FILE, or launch with --terminal and type it with `dapcli input TEXT`" in hint
    text = dc.run("status").out
    assert OPEN not in text and OPEN not in str(data)
    while dc.status()["state"] == "stopped":  # at the EOFError: on to the end
        dc.run("continue")
    error = dc.run("eval", "1", check=4).err
    assert "hint: start a new one with `dapcli launch`, or `dapcli output` to read what it printed" in error
    assert OPEN not in error


def test_repl_hints_name_its_own_commands(tmp_path: object) -> None:
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**__import__("os").environ, "HOME": str(tmp_path), "DAPCLI_RUNTIME_DIR": str(Path(str(tmp_path)) / "run"),
           "XDG_STATE_HOME": str(Path(str(tmp_path)) / "state"), "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1",
           "TERM": "xterm", "COLUMNS": "200", "LINES": "50"}
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", "tests/repl/programs/exit3.py"], env=env,
                          cwd=str(root), dimensions=(50, 200), encoding="utf-8", timeout=60)
    try:
        child.expect_exact("(dapcli)")
        child.sendline("continue")  # the REPL starts at the program's first line: on to its end
        child.expect_exact("exit code 3")
        child.expect_exact("(dapcli)")
        child.sendline("p 1")
        child.expect_exact("hint: ")
        child.expect_exact("(dapcli)")
        said = child.before
        assert "start a new one with `launch`, or `output` to read what it printed" in said, said
        assert "dapcli launch" not in said and OPEN not in said
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        if child.isalive():
            child.terminate(force=True)
