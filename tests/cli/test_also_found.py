"""One-line usage errors everywhere, ``--debug`` anywhere, closed stdout/stderr, ``break delete 2 2``,
``eval ""`` (issue 14, "also found in the same trial")."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import DAPCLI, PROGRAMS, Cli, line_of, loc, one_line_error

USAGE = [
    ["stack", "--no-such-option"], ["no-such-verb"], ["eval"], ["next", "--timeout", "soon"],
    ["break", "add", "x.py:1", "--nope"], ["run", "--nope"], ["repl", "--nope"],
    ["serve-mcp", "--port", "x"], ["launch"], ["--no-such-global", "stack"],
]


def _one_line_usage(dc: Cli, argv: list[str]) -> None:
    err = dc.run(*argv, check=2).err
    line = one_line_error(err)
    assert "│" not in err and "╭" not in err, err  # no boxed panel
    assert "\nhint: " in err, err
    assert line != "error:"


@pytest.mark.parametrize("argv", USAGE)
def test_usage_errors_without_a_session(dc: Cli, argv: list[str]) -> None:
    result = dc.run(*argv, check=False)
    if result.code == 3:  # "no such session" may come first: one line too
        one_line_error(result.err)
    else:
        _one_line_usage(dc, argv)


def test_usage_errors_in_a_live_session_and_json(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    for argv in USAGE[:5]:
        _one_line_usage(dc, argv)
    err = dc.run("--json", "stack", "--no-such-option", check=2).err
    assert json.loads(err)["error"]["kind"] == "usage"


@pytest.mark.parametrize("argv", [["stack", "--debug"], ["--debug", "stack"], ["eval", "1", "--debug"],
                                  ["break", "list", "--debug"]])
def test_debug_is_accepted_anywhere(dc: Cli, argv: list[str]) -> None:
    err = dc.run(*argv, check=3).err  # no session: the command itself ran
    assert "no session named 'default'" in one_line_error(err)


def _closed(dc: Cli, command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", "-c", command], cwd=PROGRAMS, env=dc.env, capture_output=True, text=True,
                          timeout=60)


def test_closed_stdout_or_stderr_does_not_crash(dc: Cli) -> None:
    dapcli = " ".join(DAPCLI)
    done = _closed(dc, f"{dapcli} status >&-")
    assert done.returncode == 3 and "internal error" not in done.stderr and "no session" in done.stderr
    done = _closed(dc, f"{dapcli} status 2>&-")
    assert done.returncode == 3
    dc.launch("loops.py", "call")
    for redirect in (">&-", "2>&-", ">&- 2>&-"):
        done = _closed(dc, f"{dapcli} status {redirect}; echo rc=$?")
        assert "rc=0" in done.stdout or redirect.startswith(">&-"), done
        assert "internal error" not in done.stdout + done.stderr
    done = _closed(dc, f"{dapcli} eval i >&-")
    assert done.returncode == 0, done.stderr


def test_break_delete_twice_the_same_id_and_empty_eval(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    added = dc.json("break", "add", loc("loops.py", "done"))
    number = added.get("id") or added["breakpoint"]["id"]
    result = dc.json("break", "delete", str(number), str(number))
    assert result["removed"] == [number]
    assert number not in [b["id"] for b in result["breakpoints"]]
    for expression in ("", "   "):
        err = dc.run("eval", expression, check=2).err
        assert "empty" in one_line_error(err)
    assert dc.json("eval", "i")["result"] == "0"
    assert line_of("loops.py", "call")
