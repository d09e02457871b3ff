""".vscode/launch.json: comments and trailing commas, variables, type mapping, errors; `launch
--config` in-process and through the real CLI; `dapcli configs`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from depth_helpers import PYTHON, Cli, InProcess, line_of

from dapcli.adapters.launchjson import family_for_type, resolve_config
from dapcli.errors import UsageError
from dapcli.verbs.models import StopState

LAUNCH_JSON = """\
// dapcli depth tests: comments and trailing commas are allowed
{
  "version": "0.2.0",
  "configurations": [
    {
      "name": "Run buggy",
      "type": "debugpy",  // the Python extension's type
      "request": "launch",
      "program": "${workspaceFolder}/buggy.py",
      "args": ["${workspaceFolderBasename}", "${env:DEPTH_WHO}",],
      "cwd": "${workspaceFolder}",
      "env": {"GREETING": "${env:DEPTH_GREETING}",},
      "console": "integratedTerminal",
      /* fields dapcli does not know pass through to the adapter */
      "justMyCode": true,
      "showReturnValue": true,
    },
    {
      "name": "Current file",
      "type": "python",
      "request": "launch",
      "program": "${file}",
      "args": ["${fileBasename}", "${fileDirname}", "${fileBasenameNoExtension}"],
    },
    {
      "name": "Everything",
      "type": "lldb-dap",
      "request": "launch",
      "program": "${workspaceFolder}${pathSeparator}a.out",
      "args": ["${userHome}", "${cwd}", "${env:DEPTH_UNSET_VARIABLE}"],
      "stopAtEntry": true,
    },
    {"name": "Pick", "type": "debugpy", "request": "attach", "processId": "${command:pickProcess}"},
    {"name": "Attach", "type": "debugpy", "request": "attach", "connect": {"port": 5678}},
  ],
  "compounds": [{"name": "Both", "configurations": ["Run buggy", "Current file"]}],
}
"""


@pytest.fixture
def project(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (workspace / ".vscode").mkdir()
    (workspace / ".vscode" / "launch.json").write_text(LAUNCH_JSON)
    (workspace / "sub").mkdir()
    monkeypatch.setenv("DEPTH_WHO", "ada")
    monkeypatch.setenv("DEPTH_GREETING", "hi")
    monkeypatch.delenv("DEPTH_UNSET_VARIABLE", raising=False)
    return workspace


# -- resolving ----------------------------------------------------------------------------------
def test_variables_are_resolved_from_a_subfolder(project: Path) -> None:
    config = resolve_config("Run buggy", str(project / "sub"))
    assert config.adapter == "python"
    assert config.request == "launch"
    assert config.program == str(project / "buggy.py")
    assert config.args == [project.name, "ada"]
    assert config.cwd == str(project)
    assert config.env == {"GREETING": "hi"}
    assert config.stop_on_entry is False
    assert config.extra == {"justMyCode": True, "showReturnValue": True}  # console is dapcli's own


def test_file_variables_come_from_the_program_argument(project: Path) -> None:
    config = resolve_config("Current file", str(project / "sub"), program="../buggy.py")
    assert config.program == str(project / "buggy.py")
    assert config.args == ["buggy.py", str(project), "buggy"]


def test_file_variable_without_a_file_says_to_pass_it(project: Path) -> None:
    with pytest.raises(UsageError) as caught:
        resolve_config("Current file", str(project))
    assert "${file}" in caught.value.message
    assert "dapcli launch --config 'Current file' FILE" in caught.value.hint


def test_other_variables(project: Path) -> None:
    config = resolve_config("Everything", str(project / "sub"))
    assert config.adapter == "lldb"
    assert config.program == str(project / "a.out")
    assert config.args == [os.path.expanduser("~"), str(project / "sub"), ""]
    assert config.stop_on_entry is True


def test_unknown_variable_is_refused(project: Path) -> None:
    with pytest.raises(UsageError) as caught:
        resolve_config("Pick", str(project))
    assert "${command:pickProcess}" in caught.value.message
    assert "Pick" in caught.value.message


@pytest.mark.parametrize(("vscode_type", "family"), [
    ("python", "python"), ("debugpy", "python"), ("lldb-dap", "lldb"), ("lldb-vscode", "lldb"),
    ("lldb", "codelldb"), ("cppdbg", "gdb"), ("gdb", "gdb"), ("cppvsdbg", "gdb"), ("go", "go"),
    ("node", "node"), ("pwa-node", "node"), ("chrome", "chrome"),
])
def test_type_mapping(vscode_type: str, family: str) -> None:
    assert family_for_type(vscode_type) == family


def test_unknown_configuration_lists_the_valid_names(project: Path) -> None:
    with pytest.raises(UsageError) as caught:
        resolve_config("Nope", str(project))
    message = caught.value.message
    assert "'Nope'" in message
    for name in ("Run buggy", "Current file", "Everything", "Pick", "Attach"):
        assert repr(name) in message


def test_invalid_json_names_file_line_and_column(tmp_path: Path) -> None:
    (tmp_path / ".vscode").mkdir()
    path = tmp_path / ".vscode" / "launch.json"
    path.write_text('{\n  // fine so far\n  "configurations": [\n    {"name" "x"},\n  ],\n}\n')
    with pytest.raises(UsageError) as caught:
        resolve_config("x", str(tmp_path))
    assert caught.value.message.startswith(f"{path}:4:"), caught.value.message
    assert caught.value.exit_code == 2


def test_missing_launch_json(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as caught:
        resolve_config("x", str(tmp_path))
    assert "no .vscode/launch.json" in caught.value.message


def test_platform_block_overrides(tmp_path: Path) -> None:
    (tmp_path / ".vscode").mkdir()
    (tmp_path / ".vscode" / "launch.json").write_text(
        '{"configurations": [{"name": "p", "type": "go", "request": "launch", "program": "a",'
        ' "linux": {"program": "b"}, "osx": {"program": "c"}, "windows": {"program": "d"}, "mode": "debug"}]}'
    )
    config = resolve_config("p", str(tmp_path))
    assert config.adapter == "go"
    assert os.path.basename(config.program or "") in ("b", "c")
    assert config.extra == {"mode": "debug"}


# -- launching ----------------------------------------------------------------------------------
def test_launch_config_in_process(project: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    line = line_of(project / "buggy.py", "call")

    async def body(run: InProcess) -> None:
        state = await run.call("launch", {"config": "Run buggy", "breakpoints": [f"buggy.py:{line}"],
                                          "python": PYTHON}, cwd=project)
        assert isinstance(state, StopState)
        assert state.status == "stopped", state
        assert state.location is not None and state.location.line == line
        values = {v.name: v.value for v in state.locals or []}
        assert values["name"] == repr(project.name)
        assert values["greeting"] == "'hi'"
        cwd = await run.call("evaluate", {"expression": "__import__('os').getcwd()"}, cwd=project)
        assert cwd.result == repr(str(project))  # type: ignore[attr-defined]
        end = await run.call("continue", {}, cwd=project)
        assert end.status == "exited"  # type: ignore[attr-defined]

    in_process(body)


def test_launch_refuses_an_attach_configuration(project: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    async def body(run: InProcess) -> None:
        with pytest.raises(UsageError) as caught:
            await run.call("launch", {"config": "Attach"}, cwd=project)
        assert "attach" in caught.value.message

    in_process(body)


def test_launch_config_through_the_cli(project: Path, cli: Cli) -> None:
    cli.env.update({"DEPTH_WHO": "grace", "DEPTH_GREETING": "howdy"})
    line = line_of(project / "buggy.py", "call")
    started = cli.run("launch", "--config", "Run buggy", "-b", f"../buggy.py:{line}", "--python", PYTHON,
                      cwd=project / "sub")
    assert "Stopped" in started.out and f"buggy.py:{line}" in started.out, started.out
    argv = cli.run("--json", "eval", "__import__('sys').argv[1:]", cwd=project).json()["result"]
    assert argv == repr([project.name, "grace"])
    assert cli.run("--json", "eval", "greeting", cwd=project).json()["result"] == "'howdy'"
    done = cli.run("--json", "continue", cwd=project).json()
    assert done["status"] == "exited"
    assert f"howdy {project.name}: 6" in "".join(chunk["output"] for chunk in done.get("output", []))


def test_cli_errors_name_the_configurations_and_the_line(project: Path, cli: Cli) -> None:
    wrong = cli.run("launch", "--config", "Nope", cwd=project, check=2)
    assert "'Run buggy'" in wrong.err and "'Current file'" in wrong.err, wrong.err
    launch_json = project / ".vscode" / "launch.json"
    launch_json.write_text(LAUNCH_JSON.replace('"request": "launch",\n      "program": "${file}"',
                                               '"request": "launch"\n      "program": "${file}"'))
    # the missing comma is found at the next token: the "program" line, column 7
    line = launch_json.read_text().splitlines().index('      "program": "${file}",') + 1
    broken = cli.run("launch", "--config", "Run buggy", cwd=project, check=2)
    assert f"{launch_json}:{line}:7: invalid JSON" in broken.err, broken.err
    assert f"launch.json:{line}:7:" in cli.run("configs", cwd=project, check=2).err


def test_configs_lists_every_configuration(project: Path, cli: Cli) -> None:
    shown = cli.run("configs", cwd=project / "sub")
    for text in ("Run buggy", "debugpy", "python", "${workspaceFolder}/buggy.py", "Everything", "lldb-dap",
                 "compounds (not run by dapcli): Both"):
        assert text in shown.out, shown.out
    data = cli.run("--json", "configs", cwd=project / "sub").json()
    assert data["path"] == str(project / ".vscode" / "launch.json")
    assert data["workspaceFolder"] == str(project)
    assert [c["name"] for c in data["configurations"]] == ["Run buggy", "Current file", "Everything", "Pick", "Attach"]
    assert data["configurations"][0] == {"name": "Run buggy", "type": "debugpy", "adapter": "python",
                                         "request": "launch", "program": "${workspaceFolder}/buggy.py"}
    assert data["compounds"] == ["Both"]
    missing = cli.run("configs", cwd="/", check=2)
    assert "no .vscode/launch.json" in missing.err


def test_configs_and_doctor_work_while_a_session_runs(project: Path, cli: Cli) -> None:
    cli.run("launch", "buggy.py", "--python", PYTHON, "--stop-on-entry", cwd=project)
    assert "Run buggy" in cli.run("configs", cwd=project).out
    assert cli.run("--json", "doctor", "buggy.py", cwd=project).json()["adapter"] == "python"
