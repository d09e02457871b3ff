"""Verbs that take a frame use the selected thread and frame: ``set`` after ``thread``/``frame``
changes the variable of that frame, as ``eval`` reads it (Delve 1.20's ``setVariable`` alone
would act in the top frame of the goroutine that stopped)."""

from __future__ import annotations

import json

import pytest
from delve_helpers import BASICS, dapcli, marker_line, requires_delve

pytestmark = [pytest.mark.slow, requires_delve]


def test_set_in_selected_thread_and_frame(cli_env: dict[str, str]) -> None:
    worker = marker_line(BASICS, "worker")
    done = dapcli(cli_env, "launch", "basics.go", "--break", f"basics.go:{worker}", "--json")
    assert done.returncode == 0, done.stderr
    stopped = json.loads(done.stdout)
    assert stopped["location"]["function"] == "main.worker"
    assert dapcli(cli_env, "thread", "1").returncode == 0
    stack = json.loads(dapcli(cli_env, "stack", "--json").stdout)["frames"]
    index = next(f["index"] for f in stack if f["name"] == "main.main")
    assert index > 0
    chosen = dapcli(cli_env, "frame", str(index))
    assert chosen.returncode == 0 and "main.main" in chosen.stdout, chosen.stderr

    for name, value in (("nums[1]", "80"), ("total", "5"), ("p.X", "9")):
        changed = dapcli(cli_env, "set", name, value)
        assert changed.returncode == 0, changed.stderr
        assert changed.stdout.strip() == f"{name} = {value}"
    assert "[10,80,30]" in dapcli(cli_env, "eval", "nums").stdout
    assert dapcli(cli_env, "eval", "total").stdout.startswith("5 ")
    assert json.loads(dapcli(cli_env, "eval", "p.X", "--json").stdout)["result"] == "9"
    missing = dapcli(cli_env, "set", "nosuch", "3")
    assert missing.returncode == 2 and "nosuch" in missing.stderr

    # the worker goroutine's own top frame is untouched and still settable the direct way
    assert dapcli(cli_env, "thread", str(stopped["threadId"])).returncode == 0
    assert dapcli(cli_env, "set", "id", "8").returncode == 0
    assert dapcli(cli_env, "eval", "id").stdout.startswith("8 ")
