"""User and project adapters files (``dapcli.adapters.config``): new adapters, overridden
commands (reported before use), and errors that name the file and line."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from dapcli.adapters.config import load_config
from dapcli.adapters.registry import adapter_for, all_adapters, by_name
from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import UsageError

ECHO = Path(__file__).resolve().parent / "echo_adapter.py"
DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user configuration directory, and a project directory as the cwd."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    monkeypatch.chdir(project)
    return project


def write_user(tmp_path: Path, data: dict[str, Any] | str) -> Path:
    path = tmp_path / "config" / "dapcli" / "adapters.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data))
    return path


def write_project(project: Path, data: dict[str, Any] | str) -> Path:
    path = project / ".dapcli" / "adapters.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data))
    return path


def launch(program: Path, cwd: Path, **args: Any) -> dict[str, Any]:
    async def body() -> dict[str, Any]:
        d = LocalDispatcher()
        try:
            result = await asyncio.wait_for(d.call("launch", {"program": str(program), **args}, cwd=str(cwd)), 30)
            state = result.to_json()
            chunks = (await d.call("output", {}, cwd=str(cwd))).to_json()["chunks"]
            state["allOutput"] = "".join(c["output"] for c in chunks)
            return state
        finally:
            for session in list(d.manager.sessions.values()):
                await session.shutdown()

    return asyncio.run(body())


def launched_arguments(state: dict[str, Any]) -> dict[str, Any]:
    line = next(line for line in state["allOutput"].splitlines() if line.startswith("{"))
    return json.loads(line)


# -- new adapters ------------------------------------------------------------------------------
def test_user_file_adds_an_adapter_chosen_by_extension(tmp_path: Path, isolated: Path) -> None:
    write_user(tmp_path, {"echo": {"command": [sys.executable, str(ECHO)], "extensions": ["echo"],
                                   "launch": {"flavour": "vanilla", "cwd": "/overridden"}}})
    program = isolated / "src" / "prog.echo"
    program.write_text("")
    spec = adapter_for(str(program), cwd=str(isolated))
    assert spec.name == "echo" and spec.extensions == (".echo",)
    state = launch(program, isolated, args=["a b"])
    assert state["status"] == "exited" and state["exitCode"] == 7
    assert not state.get("warnings"), "a user file is the user's own choice: no warning"
    sent = launched_arguments(state)
    assert sent["program"] == str(program) and sent["args"] == ["a b"]
    assert sent["flavour"] == "vanilla" and sent["cwd"] == "/overridden"  # launch: is merged last


@pytest.mark.parametrize("style", ["port", "printed"])
def test_tcp_adapters_with_a_port_or_a_printed_address(tmp_path: Path, isolated: Path, style: str) -> None:
    command = [sys.executable, str(ECHO), "--port", "{port}"] if style == "port" else \
        [sys.executable, str(ECHO), "--print-address"]
    write_user(tmp_path, {"echotcp": {"command": command, "transport": "tcp", "extensions": [".echo"]}})
    program = isolated / "prog.echo"
    program.write_text("")
    state = launch(program, isolated)
    assert state["exitCode"] == 7 and launched_arguments(state)["type"] == "echotcp"


def test_a_new_adapter_needs_a_command(tmp_path: Path, isolated: Path) -> None:
    path = write_user(tmp_path, "mine:\n  extensions: [.mine]\n")
    with pytest.raises(UsageError) as failed:
        all_adapters(str(isolated))
    assert failed.value.message.startswith(f"{path}:1:") and "needs a command" in failed.value.message



def test_a_command_with_an_unclosed_quote_is_one_line(tmp_path: Path, isolated: Path) -> None:
    path = write_user(tmp_path, "mine:\n  command: \"foo 'bar\"\n  extensions: [.mine]\n")
    with pytest.raises(UsageError) as failed:  # it was shlex's ValueError: an internal error
        all_adapters(str(isolated))
    assert failed.value.message == f"{path}:2: adapter 'mine': command cannot be split: No closing quotation"
    write_user(tmp_path, "mine:\n  command: \"python3 'my adapter.py' --port=1\"\n  extensions: [.mine]\n")
    entry = load_config(str(isolated))["mine"]
    assert entry.command == ["python3", "my adapter.py", "--port=1"]


# -- overriding built-in adapters --------------------------------------------------------------
def test_project_file_changing_a_command_is_reported_before_use(isolated: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAPCLI_TRUST_PROJECT", "1")  # consented (refusal: test_project_trust.py)
    path = write_project(isolated, f"# project adapters\npython:\n  command: [{sys.executable}, {ECHO}]\n")
    program = isolated / "src" / "app.py"
    program.write_text("print('never run by debugpy')\n")
    state = launch(program, isolated / "src")  # found from a subdirectory: the file is looked for upwards
    assert state["exitCode"] == 7, "the echo adapter ran instead of debugpy"
    [warning] = state["warnings"]
    assert warning.startswith(f"{path}:3:") and "python" in warning and str(ECHO) in warning
    assert launched_arguments(state)["type"] == "python", "the built-in launch arguments are kept"

    listed = asyncio.run(LocalDispatcher().call("adapters", {}, cwd=str(isolated))).to_json()
    python = next(a for a in listed["adapters"] if a["name"] == "python")
    assert python["configFile"] == str(path) and python["warning"] == warning
    assert python["path"] == sys.executable
    others = [a for a in listed["adapters"] if a["name"] != "python"]
    assert not any(a.get("warning") for a in others)


def test_dapcli_adapters_prints_the_warning(isolated: Path) -> None:
    write_project(isolated, {"python": {"command": [sys.executable, str(ECHO)]}})
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200")
    done = subprocess.run([DAPCLI, "adapters"], cwd=isolated, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "warning:" in done.stdout and "replaces the command of the built-in adapter 'python'" in done.stdout


def test_user_command_is_not_reported_and_project_fields_win(tmp_path: Path, isolated: Path) -> None:
    write_user(tmp_path, {"go": {"command": ["/opt/dlv/dlv", "dap"], "launch": {"a": 1, "b": 1}}})
    write_project(isolated, {"delve": {"extensions": [".gox"], "launch": {"b": 2}}})
    spec = by_name("dlv", str(isolated))  # "delve" and "dlv" are aliases of "go"
    entry = spec.entry
    assert entry.command == ["/opt/dlv/dlv", "dap"] and entry.command_scope == "user"
    assert entry.extensions == (".gox",) and entry.launch == {"a": 1, "b": 2}
    assert spec.name == "go" and spec.warning is None and spec.extensions == (".gox",)
    assert spec.find() is None and "adapters.yaml" in spec.install_hint


def test_relative_command_is_relative_to_the_project(isolated: Path) -> None:
    (isolated / "tools").mkdir()
    write_project(isolated, {"node": {"command": ["./tools/server.sh", "{port}"]}})
    entry = load_config(str(isolated / "src"))["node"]
    assert entry.command == [str(isolated / "tools" / "server.sh"), "{port}"]


@pytest.mark.skipif(shutil.which("dlv") is None or shutil.which("go") is None, reason="needs dlv and go")
def test_go_override_runs_that_delve(isolated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAPCLI_TRUST_PROJECT", "1")
    path = write_project(isolated, {"go": {"command": [shutil.which("dlv"), "dap", "--listen", "127.0.0.1:0"],
                                           "launch": {"stopOnEntry": True}}})
    program = isolated / "main.go"
    program.write_text('package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n')
    state = launch(program, isolated)
    assert state["status"] == "stopped"
    assert any(w.startswith(f"{path}:") and "'go'" in w for w in state["warnings"])


# -- errors name the file and the line ----------------------------------------------------------
@pytest.mark.parametrize(("text", "line", "words"), [
    ("go:\n  command: [dlv, dap\n  transport: tcp\n", 3, "invalid YAML"),
    ("go:\n  command: dlv\n  transport: udp\n", 3, "transport must be stdio or tcp"),
    ("go:\n  command: []\n", 2, "command must be a non-empty list"),
    ("go:\n  extensions: .go\n", 2, "extensions must be a list"),
    ("go:\n  comand: [dlv]\n", 2, "unknown setting 'comand'"),
    ("go:\n  launch: [1, 2]\n", 2, "launch must be a mapping"),
    ("- go\n- node\n", 1, "must map adapter names"),
    ("node: [a]\n", 1, "needs a mapping of settings"),
])
def test_malformed_file_gives_file_and_line(isolated: Path, text: str, line: int, words: str) -> None:
    path = write_project(isolated, text)
    with pytest.raises(UsageError) as failed:
        load_config(str(isolated))
    assert failed.value.message.startswith(f"{path}:{line}:"), failed.value.message
    assert words in failed.value.message
    with pytest.raises(UsageError):  # every lookup reports it, e.g. when launching
        adapter_for(str(isolated / "x.go"), cwd=str(isolated))


def test_launch_reports_a_malformed_file(isolated: Path) -> None:
    path = write_project(isolated, "go:\n  transport: [\n")
    program = isolated / "main.go"
    program.write_text("package main\n")
    with pytest.raises(UsageError) as failed:
        launch(program, isolated)
    assert str(path) in failed.value.message
