"""The pieces of issue 11 that need no adapter: the -b grammar, --set parsing, launch.json
terminal/module/noDebug, escaping a terminal's control sequences."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from dapcli.adapters.base import deep_merge
from dapcli.adapters.launchjson import resolve_config
from dapcli.engine.terminal import escape_controls
from dapcli.errors import UsageError
from dapcli.verbs.breakpoints.spec import parse_spec, spec_fields
from dapcli.verbs.session.launchopts import adapter_settings, parse_settings


@pytest.mark.parametrize(("text", "location", "clauses"), [
    ("cart.py:17", "cart.py:17", {}),
    ("cart.py:17 if i == 2", "cart.py:17", {"condition": "i == 2"}),
    ("cart.py:17 hit >=3", "cart.py:17", {"hit_condition": ">=3"}),
    ("cart.py:17 hit %4", "cart.py:17", {"hit_condition": "%4"}),
    ("cart.py:17 log total={total}", "cart.py:17", {"log_message": "total={total}"}),
    ("cart.py:17 if a if b else c hit 2 log v={v} if x", "cart.py:17",
     {"condition": "a if b else c", "hit_condition": "2", "log_message": "v={v} if x"}),
    ("cart.py:17 log v={v} if i > 2", "cart.py:17", {"log_message": "v={v}", "condition": "i > 2"}),
    ("cart.py:17 log v={v} hit %2 if i", "cart.py:17",
     {"log_message": "v={v}", "hit_condition": "%2", "condition": "i"}),
    ("cart.py:17 hit 3 if i", "cart.py:17", {"hit_condition": "3", "condition": "i"}),
    ("cart.py:17 log hit {n} times", "cart.py:17", {"log_message": "hit {n} times"}),
    ("cart.py:17 if ok log one if two", "cart.py:17", {"condition": "ok", "log_message": "one if two"}),
    ("Cart.total", "Cart.total", {}),
    ("Cart.total if self.n > 1", "Cart.total", {"condition": "self.n > 1"}),
    ("/tmp/my dir/cart.py:3 if i", "/tmp/my dir/cart.py:3", {"condition": "i"}),
])
def test_the_breakpoint_grammar(text: str, location: str, clauses: dict[str, str]) -> None:
    assert parse_spec(text) == (location, clauses)


@pytest.mark.parametrize("text", ["cart.py:17 when i == 2", "cart.py:17 if", "cart.py:17 hit x", "if i", "",
                                  "cart.py:17 log", "cart.py:17 log if x", "cart.py:17 log x if"])
def test_a_bad_breakpoint_shows_a_right_one(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_spec(text)
    assert "if COND" in caught.value.message or "not a location" in caught.value.message
    assert "e.g. 'cart.py:17 if i == 2'" in caught.value.hint


def test_structured_breakpoints() -> None:
    assert spec_fields({"path": "a.py", "line": 3, "hitCondition": ">=2"}) == ("a.py:3", {"hit_condition": ">=2"})
    assert spec_fields({"function": "f", "condition": "x"}) == ("f", {"condition": "x"})
    with pytest.raises(UsageError, match="path and line, or function"):
        spec_fields({"line": 3})
    with pytest.raises(UsageError, match="not both"):
        spec_fields({"function": "f", "path": "a.py", "line": 3})


def test_set_values_are_json_else_text_and_dotted_keys_nest() -> None:
    assert parse_settings(["justMyCode=false", "args=[\"a b\"]", "env.DEBUG=1", "env.NAME=x y", "name=dapcli"]) == {
        "justMyCode": False, "args": ["a b"], "env": {"DEBUG": "1", "NAME": "x y"}, "name": "dapcli"}
    assert adapter_settings(["a=1"], {"a": 0, "b": 2}, False) == {"a": 1, "b": 2, "justMyCode": False}
    assert deep_merge({"env": {"A": "1"}, "k": 1}, {"env": {"B": "2"}}) == {"env": {"A": "1", "B": "2"}, "k": 1}
    for bad in ("justMyCode", "=1", "a..b=1"):
        with pytest.raises(UsageError, match="write KEY=VALUE"):
            parse_settings([bad])


def test_environment_values_are_text() -> None:
    assert parse_settings(["env.X=1e3", "env.Q=\"a b\"", "env.T=true"]) == {
        "env": {"X": "1e3", "Q": "a b", "T": "true"}}
    assert adapter_settings(["env.A=1"], {"env": {"B": 2, "C": True, "D": None, "E": "e"}}, None) == {
        "env": {"B": "2", "C": "true", "D": None, "E": "e", "A": "1"}}


def test_launch_json_terminal_module_and_no_debug(tmp_path: Path) -> None:
    (tmp_path / ".vscode").mkdir()
    (tmp_path / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [
        {"name": "tests", "type": "debugpy", "request": "launch", "module": "pytest", "args": ["-x"],
         "console": "integratedTerminal", "noDebug": True, "justMyCode": False},
    ]}))
    config = resolve_config("tests", str(tmp_path))
    assert (config.module, config.terminal, config.no_debug, config.program) == ("pytest", True, True, None)
    assert config.extra == {"justMyCode": False}


def test_terminal_control_sequences_are_shown_escaped() -> None:
    text = escape_controls("\x1b]0;title\x07ok\r\nnext\ttab\x9b31m\n")
    assert text == "\\x1b]0;title\\x07ok\nnext\ttab\\x9b31m\n"


def test_stale_session_cleanup_removes_its_kept_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import sys

    from dapcli.dispatch import sessionfile

    runtime = tmp_path / "rt"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(runtime))
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    sessionfile.write(sessionfile.SessionFile(name="old", pid=int(gone.stdout), socket=str(runtime / "old.sock")))
    (runtime / "old.stdin").write_text("secret\n")
    assert sessionfile.list_sessions() == []
    assert sorted(os.listdir(runtime)) == []
