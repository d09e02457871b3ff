"""Delve through the real one-shot CLI: a detached session host, one process per verb."""

from __future__ import annotations

import json

import pytest
from delve_helpers import BASICS, assert_gone, dapcli, marker_line, requires_delve

pytestmark = [pytest.mark.slow, requires_delve]



def test_launch_stack_continue_stop(cli_env: dict[str, str]) -> None:
    loop, printed = marker_line(BASICS, "loop"), marker_line(BASICS, "print")
    done = dapcli(cli_env, "launch", "basics.go", "--break", f"basics.go:{loop}", "--break", f"basics.go:{printed}")
    assert done.returncode == 0, done.stderr
    assert f"basics.go:{loop}" in done.stdout and "main.main" in done.stdout

    stack = json.loads(dapcli(cli_env, "stack", "--json").stdout)
    assert stack["frames"][0]["name"] == "main.main" and stack["frames"][0]["line"] == loop
    assert stack["frames"][0]["path"] == str(BASICS)

    status = json.loads(dapcli(cli_env, "status", "--json").stdout)
    assert status["adapter"] == "go" and status["state"] == "stopped"
    pids = {status["adapterPid"], status["hostPid"]}

    removed = dapcli(cli_env, "break", "delete", "1")
    assert removed.returncode == 0, removed.stderr
    stop = json.loads(dapcli(cli_env, "continue", "--json").stdout)
    assert stop["location"]["line"] == printed
    end = json.loads(dapcli(cli_env, "continue", "--json").stdout)
    assert end["status"] == "exited" and end["exitCode"] == 3
    assert end.get("description") is None, end  # the program's own os.Exit(3), never "ended by dapcli"
    assert "héllo wörld 3 140\n" in "".join(chunk["output"] for chunk in end["output"])

    stopped = dapcli(cli_env, "stop")
    assert stopped.returncode == 0, stopped.stderr
    assert "exit code 3" in stopped.stdout
    assert_gone(pids)


def test_launch_catch_names_that_delve_has_no_exception_filters(cli_env: dict[str, str]) -> None:
    """Delve offers no exception filters (a panic stops by itself): ``--catch`` is refused at
    launch, before the program runs, with the adapter's (empty) list; nothing is left running."""
    done = dapcli(cli_env, "launch", "basics.go", "--catch", "panic")
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[:2] == ["error: go has no exception filter 'panic'",
                                            "hint: go offers no exception filters"]
    assert dapcli(cli_env, "status").returncode == 3  # no session was kept
