"""The happy path of a shell user: launch to a breakpoint, look around, step, change a value."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import DAPCLI, PROGRAMS, PYTHON, Cli, line_of, loc, source_line


def test_launch_prints_the_stop_with_its_source_line(dc: Cli) -> None:
    out = dc.launch("loops.py", "call").out
    assert f"loops.py:{line_of('loops.py', 'call')}" in out
    assert source_line("loops.py", "call") in out
    assert "Stopped" in out and "breakpoint" in out
    assert "→" in out  # the current line is marked
    status = dc.status()
    assert status["state"] == "stopped"
    assert status["runtime"] == PYTHON


def test_json_stack_is_json_with_schema_version(dc: Cli) -> None:
    dc.launch("loops.py", "add_body")
    shell = f"{' '.join(DAPCLI)} --json stack | {sys.executable} -c 'import json,sys; d=json.load(sys.stdin); " \
            f"print(d[\"schemaVersion\"], d[\"frames\"][0][\"name\"], d[\"frames\"][0][\"line\"])'"
    done = subprocess.run(shell, shell=True, cwd=PROGRAMS, env=dc.env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "add", str(line_of("loops.py", "add_body"))]
    # the per-command flag and the global flag give the same object
    per_command = dc.run("stack", "--json").json()
    assert per_command == dc.json("stack")
    names = [frame["name"] for frame in per_command["frames"]]
    assert names[:3] == ["add", "main", "<module>"]
    assert all(frame["path"].endswith("loops.py") for frame in per_command["frames"])


def test_eval_in_the_stopped_frame(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    assert dc.run("eval", "i * 100 + value").out.split()[0] == "0"
    data = dc.json("eval", "[i, value, acc]")
    assert data["schemaVersion"] == 1
    assert data["result"] == "[0, 0, 0]"
    assert data["type"] == "list"


def test_next_step_finish_land_on_the_marked_lines(dc: Cli) -> None:
    dc.launch("loops.py", "loop_body")
    state = dc.json("next")
    assert state["status"] == "stopped"
    assert state["location"]["line"] == line_of("loops.py", "call")
    state = dc.json("step")
    assert state["location"]["line"] == line_of("loops.py", "add_body")
    assert state["location"]["function"] == "add"
    state = dc.json("next")
    assert state["location"]["line"] == line_of("loops.py", "add_return")
    state = dc.json("finish")
    assert state["location"]["function"] == "main"
    # after stepping out Python reports the call line again, or the next one
    assert state["location"]["line"] in (line_of("loops.py", "call"), line_of("loops.py", "after_call"))
    if state["location"]["line"] == line_of("loops.py", "call"):
        state = dc.json("next")
    assert state["location"]["line"] == line_of("loops.py", "after_call")
    # the human rendering of a step shows the source line it landed on
    out = dc.run("next").out
    assert f"loops.py:{line_of('loops.py', 'for')}" in out
    assert source_line("loops.py", "for") in out
    assert dc.json("next")["location"]["line"] == line_of("loops.py", "loop_body")


def test_set_variable_then_eval_sees_the_new_value(dc: Cli) -> None:
    dc.launch("loops.py", "after_call")
    out = dc.run("set", "acc", "1234").out
    assert "1234" in out
    assert dc.json("eval", "acc")["result"] == "1234"
    # the program goes on with the new value
    state = dc.json("next")
    assert state["status"] == "stopped"
    assert state["location"]["line"] == line_of("loops.py", "for")
    assert "i=0 acc=1234" in "".join(chunk["output"] for chunk in dc.wait_output("i=0 acc=1234")["chunks"])


def test_vars_scopes_threads_list_status(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    variables = dc.json("vars")
    names = {v["name"] for v in variables["variables"]}
    assert {"acc", "i", "value"} <= names
    assert variables["scope"].lower().startswith("local")
    scopes = dc.json("scopes")["scopes"]
    assert any(s["name"].lower().startswith("local") for s in scopes)
    threads = dc.json("threads")["threads"]
    assert any(th.get("current") for th in threads)
    listing = dc.json("list")
    assert listing["currentLine"] == line_of("loops.py", "call")
    assert any(line["current"] and "# @call" in line["text"] for line in listing["lines"])
    out = dc.run("list").out
    assert "→" in out and source_line("loops.py", "call") in out
    out = dc.run("status").out
    assert "stopped" in out and "loops.py" in out


def test_stack_piped_to_head_ends_quietly(dc: Cli) -> None:
    dc.launch("loops.py", "add_body")
    for command in ("stack", "list --context 200", "vars --depth 2", "output"):
        done = subprocess.run(f"{' '.join(DAPCLI)} {command} | head -1", shell=True, cwd=PROGRAMS, env=dc.env,
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 0
        assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr
        assert done.stderr == "", done.stderr
    # a writer that keeps writing into a closed pipe still ends quietly: a large listing
    done = subprocess.run(f"{' '.join(DAPCLI)} --json vars --depth 3 | head -c 10", shell=True, cwd=PROGRAMS,
                          env=dc.env, capture_output=True, text=True, timeout=30)
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr


def test_python_dash_m_dapcli_works_too(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    done = subprocess.run([sys.executable, "-m", "dapcli", "--json", "eval", "i"], cwd=PROGRAMS, env=dc.env,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"] == "0"


def test_paths_are_relative_to_the_users_directory(dc: Cli) -> None:
    """A user in another directory names the program and breakpoints relative to it."""
    parent = PROGRAMS.parent
    _, out, _ = dc.run("launch", "programs/loops.py", "--python", PYTHON, "-b",
                            f"programs/{loc('loops.py', 'call')}", "--timeout", "10", cwd=parent)
    dc.sessions.add("default")
    dc.record()
    assert source_line("loops.py", "call") in out
    added = dc.json("break", "add", f"programs/{loc('loops.py', 'done')}", cwd=parent)
    assert added["path"] == str(PROGRAMS / "loops.py")
    assert added["verified"] is True
