"""Launching the way people run programs (issue 11): breakpoints of every kind at launch,
adapter options (--set), -m MODULE, --no-debug, restart with new arguments."""

from __future__ import annotations

from conftest import PYTHON, Cli, line_of, loc, one_line_error


def test_m_pytest_stops_in_the_test(dc: Cli) -> None:
    data = dc.json("launch", "-m", "pytest", "-b", loc("modtests/test_cart.py", "test"), "--python", PYTHON,
                   "--timeout", "60", "--", "-x", "-q", "-p", "no:cacheprovider", "modtests/test_cart.py",
                   timeout=120)  # pytest starts slowly under a debugger on a busy machine
    dc.sessions.add("default")
    dc.record()
    assert data["status"] == "stopped"
    assert data["location"]["path"].endswith("test_cart.py")
    assert data["location"]["line"] == line_of("modtests/test_cart.py", "test")
    assert data["location"]["function"] == "test_add"
    assert "-m pytest" in dc.status()["program"]


def test_breakpoints_of_every_kind_at_launch(dc: Cli) -> None:
    loop = loc("cart.py", "loop")
    data = dc.launch("cart.py", options=("--json", "-b", f"{loop} if i == 2", "-b", "add")).json()
    assert data["location"]["line"] == line_of("cart.py", "loop")
    assert [v["value"] for v in data["locals"] if v["name"] == "i"] == ["2"]
    listed = dc.json("break", "list")["breakpoints"]
    assert listed[0]["condition"] == "i == 2" and listed[1]["function"] == "add"
    stop = dc.json("continue")
    assert stop["location"]["function"] == "add"


def test_a_dotted_python_function_stops_in_that_method(dc: Cli) -> None:
    data = dc.launch("cart.py", options=("--json", "-b", "Cart.total")).json()
    assert data["location"]["function"] == "total" and data["rawReason"] == "function breakpoint"
    assert data["location"]["line"] == line_of("cart.py", "total") - 1  # debugpy's own: at the call (def)


def test_hit_condition_and_log_message_at_launch(dc: Cli) -> None:
    loop = loc("cart.py", "loop")
    data = dc.launch("cart.py", options=("--json", "-b", f"{loop} hit >=4",
                                         "-b", f"{loc('cart.py', 'add')} log total={{total}}")).json()
    assert [v["value"] for v in data["locals"] if v["name"] == "i"] == ["3"]
    stop = dc.json("continue")
    stop = dc.json("continue") if stop["status"] == "stopped" else stop
    text = "".join(chunk["output"] for chunk in dc.json("output")["chunks"])
    assert "total=10" in text


def test_launch_breakpoints_are_saved_for_restore(dc: Cli, tmp_path_factory) -> None:  # type: ignore[no-untyped-def]
    state = str(tmp_path_factory.mktemp("state"))
    env = {"DAPCLI_STATE_DIR": state}
    dc.env.update(env)
    dc.launch("cart.py", options=("-b", f"{loc('cart.py', 'loop')} if i == 3",))
    dc.run("stop")
    dc.launch("cart.py", options=("--restore",))
    listed = dc.json("break", "list")["breakpoints"]
    assert [(b["line"], b["condition"]) for b in listed] == [(line_of("cart.py", "loop"), "i == 3")]


def test_bad_breakpoint_and_set_spellings_say_what_is_right(dc: Cli) -> None:
    result = dc.run("launch", "cart.py", "-b", "cart.py:3 when i == 2", check=2)
    line = one_line_error(result.err)
    assert "if CONDITION, hit N" in line and "e.g. 'cart.py:17 if i == 2'" in result.err
    result = dc.run("launch", "cart.py", "--set", "justMyCode", check=2)
    assert "write KEY=VALUE" in one_line_error(result.err) and "--set justMyCode=false" in result.err


def test_set_just_my_code_false_steps_into_json_dumps(dc: Cli) -> None:
    dc.launch("cart.py", "dumps", options=("--set", "justMyCode=false"))
    stop = dc.json("step-in")
    assert stop["location"]["path"].endswith("json/__init__.py")
    assert stop["location"]["function"] == "dumps"


def test_just_my_code_flag_keeps_json_dumps_out(dc: Cli) -> None:
    dc.launch("cart.py", "dumps", options=("--just-my-code",))
    stop = dc.json("step-in")
    assert not stop["location"]["path"].endswith("json/__init__.py")


def test_show_return_value_shows_the_return_after_next(dc: Cli) -> None:
    dc.launch("cart.py", "add", options=("--set", "showReturnValue=true"))
    stop = dc.json("next")
    names = [v["name"] for v in stop["locals"]]
    assert "(return) add" in names


def test_no_debug_reports_output_and_exit_code(dc: Cli) -> None:
    result = dc.launch("hello.py", "hello", options=("--no-debug",), args=("world", "--exit=4"))
    assert "exit code 4" in result.out
    assert "hello world" in result.out


def test_restart_with_new_arguments(dc: Cli) -> None:
    dc.launch("hello.py", "hello", args=("first",))
    dc.run("continue")
    dc.json("watch", "add", "words")
    stop = dc.json("restart", "--", "again")
    assert stop["status"] == "stopped" and stop["location"]["line"] == line_of("hello.py", "hello")
    assert [w["value"] for w in stop["watches"]] == ["['again']"]
    stop = dc.json("continue")
    assert "hello again" in "".join(c["output"] for c in stop["output"])
