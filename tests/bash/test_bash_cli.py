"""bash-dap through the real one-shot CLI: a detached session host, one process per verb, on a
real bash script; every value is the script's own, and `stop` leaves no process behind."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from bash_helpers import CART, GREET, PROGRAMS, assert_gone, marker_line, processes_running, requires_bash_dap

pytestmark = [pytest.mark.slow, requires_bash_dap]

DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


@pytest.fixture
def cli_env() -> Iterator[dict[str, str]]:
    runtime = tempfile.mkdtemp(prefix="dc")  # unix socket paths must stay short
    state = tempfile.mkdtemp(prefix="dcs")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DAPCLI_")}
    env.update(DAPCLI_RUNTIME_DIR=runtime, DAPCLI_STATE_DIR=state, NO_COLOR="1")
    yield env
    subprocess.run([DAPCLI, "stop"], env=env, cwd=PROGRAMS, capture_output=True, timeout=60)
    shutil.rmtree(runtime, ignore_errors=True)
    shutil.rmtree(state, ignore_errors=True)
    left = [p for p in processes_running(str(PROGRAMS)) if p[0] != os.getpid()]
    assert not left, f"processes left behind: {left}"


def dapcli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DAPCLI, *args], env=env, cwd=PROGRAMS, capture_output=True, text=True, timeout=120)


def jsonof(env: dict[str, str], *args: str) -> dict:  # type: ignore[type-arg]
    done = dapcli(env, *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def locals_of(stop: dict) -> dict[str, str]:  # type: ignore[type-arg]
    return {v["name"]: v["value"] for v in stop.get("locals") or []}


def test_launch_break_vars_eval_step_finish_continue_exit_code_stop(cli_env: dict[str, str]) -> None:
    add, call, show = marker_line(CART, "add"), marker_line(CART, "call"), marker_line(CART, "print")
    assert call < show
    stop = jsonof(cli_env, "launch", "cart.sh", "--break", f"cart.sh:{add}")
    assert stop["status"] == "stopped", stop
    assert stop["location"]["line"] == add and stop["location"]["function"] == "total"
    assert stop["location"]["path"] == str(CART)
    assert locals_of(stop)["p"] == "3" and locals_of(stop)["sum"] == "0"

    status = jsonof(cli_env, "status")
    assert status["adapter"] == "bash" and status["state"] == "stopped"
    pids = {status["adapterPid"], status["hostPid"]}

    stack = jsonof(cli_env, "stack")
    assert [(f["name"], f["line"]) for f in stack["frames"]] == [("total", add), ("main", call)]

    variables = {v["name"]: v for v in jsonof(cli_env, "vars")["variables"]}
    assert variables["prices"]["value"] == "(3 5 8)" and variables["name"]["value"] == "ferris"
    assert jsonof(cli_env, "eval", "$((sum + p))")["result"] == "3"
    assert jsonof(cli_env, "eval", "${prices[2]}")["result"] == "8"

    step = jsonof(cli_env, "next")
    assert step["location"]["line"] == add - 1 and locals_of(step)["sum"] == "3"
    again = jsonof(cli_env, "continue")  # the loop's next pass
    assert again["location"]["line"] == add and locals_of(again)["p"] == "5"

    assert dapcli(cli_env, "break", "clear").returncode == 0
    out = jsonof(cli_env, "finish")  # out of total (run in `$(…)`): main's next line
    assert out["status"] == "stopped", out
    assert out["location"]["function"] == "main" and out["location"]["line"] == show
    assert locals_of(out)["t"] == "16"

    end = jsonof(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 3
    assert "ferris 16" in dapcli(cli_env, "output").stdout
    stopped = dapcli(cli_env, "stop")
    assert stopped.returncode == 0, stopped.stderr
    assert_gone(pids)


def test_condition_hit_count_and_function_breakpoint(cli_env: dict[str, str]) -> None:
    """A condition is a bash command; a hit count is kept in it by bash-dap itself (no stop per hit)."""
    add = marker_line(CART, "add")
    stop = jsonof(cli_env, "launch", "cart.sh", "--break", f"cart.sh:{add} if [[ $p -gt 4 ]]")
    assert locals_of(stop)["p"] == "5"
    assert dapcli(cli_env, "stop").returncode == 0

    stop = jsonof(cli_env, "launch", "cart.sh", "--break", f"cart.sh:{add} hit 3")
    assert locals_of(stop)["p"] == "8" and locals_of(stop)["sum"] == "8"
    assert dapcli(cli_env, "stop").returncode == 0

    stop = jsonof(cli_env, "launch", "cart.sh", "--break", "total")
    assert stop["location"]["function"] == "total" and stop["location"]["line"] == marker_line(CART, "add") - 2


def test_stdin_and_a_script_known_by_its_shebang(cli_env: dict[str, str], tmp_path: Path) -> None:
    """`greet` has no extension: its `#!/usr/bin/env bash` picks bash-dap; --stdin feeds `read`."""
    given = tmp_path / "in.txt"
    given.write_text("crab\n")
    got = marker_line(GREET, "got")
    stop = jsonof(cli_env, "launch", "greet", "--stdin", str(given), "--break", f"greet:{got}")
    assert locals_of(stop)["word"] == "crab"
    end = jsonof(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 0
    assert "got crab" in dapcli(cli_env, "output").stdout


def test_attach_is_refused_with_what_to_do(cli_env: dict[str, str]) -> None:
    done = dapcli(cli_env, "attach", "127.0.0.1:5678", "--adapter", "bash")
    assert done.returncode != 0
    assert "bash does not listen for debuggers" in done.stderr and "Traceback" not in done.stderr


def test_a_log_point_is_refused_at_launch_and_at_break_add(cli_env: dict[str, str]) -> None:
    """bash-dap has no log points and its stops name no breakpoint: a log point would stop at every
    pass as a plain breakpoint. It is refused, and the session is left as it was."""
    add, show = marker_line(CART, "add"), marker_line(CART, "print")
    done = dapcli(cli_env, "launch", "cart.sh", "-b", f"cart.sh:{add} log p={{p}}")
    assert done.returncode == 4 and "bash has no log points (supportsLogPoints)" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    stop = jsonof(cli_env, "launch", "cart.sh", "-b", f"cart.sh:{add}")
    assert locals_of(stop)["p"] == "3"
    done = dapcli(cli_env, "break", "add", f"cart.sh:{show} log t={{t}}")
    assert done.returncode == 4 and f"cart.sh:{show} would stop at every pass" in done.stderr, done.stderr
    assert [b["line"] for b in jsonof(cli_env, "break", "list")["breakpoints"]] == [add]
    assert jsonof(cli_env, "continue")["location"]["line"] == add  # the next pass, as before


def test_a_condition_bash_cannot_read_or_that_reads_the_positional_parameters_is_refused(
        cli_env: dict[str, str]) -> None:
    """A condition that does not parse never held and said nothing; one that reads ``$1`` read
    bash-dap's own argument (``4``), not the script's: both are refused before anything starts."""
    add = marker_line(CART, "add")
    done = dapcli(cli_env, "launch", "cart.sh", "-b", f"cart.sh:{add} if (( p > 5 ")
    assert done.returncode == 2 and "does not parse: unexpected EOF" in done.stderr, done.stderr
    assert "e.g. `(( i == 3 ))`" in done.stderr
    done = dapcli(cli_env, "launch", "cart.sh", "-b", f"cart.sh:{add} if [[ $1 == 3 ]]")
    assert done.returncode == 2 and "$1…$9, $@, $* and $# there are not the script's" in done.stderr, done.stderr
    stop = jsonof(cli_env, "launch", "cart.sh", "-b", f"cart.sh:{add} if (( p > 4 ))")
    assert locals_of(stop)["p"] == "5"


def test_an_expression_bash_refuses_is_an_error(cli_env: dict[str, str]) -> None:
    """bash-dap answers bash's error as if it were the value (exit 0); it is an error, exit 5."""
    add = marker_line(CART, "add")
    jsonof(cli_env, "launch", "cart.sh", "-b", f"cart.sh:{add}")
    done = dapcli(cli_env, "eval", "${p")
    assert done.returncode == 5 and "unexpected EOF while looking for matching" in done.stderr, done
    assert "harness.sh" not in done.stderr
    done = dapcli(cli_env, "eval", "$((1/0))")
    assert done.returncode == 5 and "division by 0" in done.stderr, done
    assert jsonof(cli_env, "eval", "$p")["result"] == "3"


def test_pause_stops_in_the_script_and_stop_ends_its_background_child(cli_env: dict[str, str]) -> None:
    spin = PROGRAMS / "spin.sh"
    started = jsonof(cli_env, "launch", "spin.sh", "--timeout", "1")
    assert started["status"] == "running", started
    paused = jsonof(cli_env, "pause")
    assert paused["status"] == "stopped" and paused["location"]["path"] == str(spin)
    assert paused["location"]["line"] in {marker_line(spin, "spin") + d for d in (-2, -1, 0, 1, 2)}
    assert not paused.get("warnings"), paused.get("warnings")  # its own code: no "paused outside your code"
    assert int(jsonof(cli_env, "eval", "n")["result"]) >= 1
    child = [p.pid for p in psutil.process_iter(["cmdline"]) if (p.info["cmdline"] or [])[-1:] == ["299.25"]]
    assert child, "the background sleep should run while the script is debugged"
    assert dapcli(cli_env, "stop").returncode == 0
    assert_gone(set(child))
