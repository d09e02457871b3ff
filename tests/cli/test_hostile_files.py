"""Hostile files from the trial: a launch.json field of the wrong type, a recipe or adapters file
with a control character. Each is one ``error:`` line (or the recipe's one ✘ line), exit 2,
nothing started."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Cli, one_line_error

CONFIG = {"name": "a", "type": "debugpy", "request": "launch", "program": "x.py"}


@pytest.mark.parametrize(("field", "value", "text"), [
    ("program", ["x.py"], '"program" must be text (got a list)'),
    ("cwd", 5, '"cwd" must be text (got a number)'),
    ("type", None, 'has no "type"'),
    ("env", [1], '"env" must be an object of NAME: value (got a list)'),
    ("env", {"A": {"b": 1}}, '"env" must be an object of NAME: value'),
    ("args", 'a "b', '"args" cannot be split: No closing quotation'),
    ("args", [{"a": 1}], '"args" must be a list of text'),
    ("stopOnEntry", "yes", '"stopOnEntry" must be true or false (got text)'),
])
def test_launch_json_field_of_the_wrong_type(dc: Cli, tmp_path: Path, field: str, value: object, text: str) -> None:
    (tmp_path / "x.py").write_text("print('hi')\n")
    (tmp_path / ".vscode").mkdir()
    (tmp_path / ".vscode" / "launch.json").write_text(json.dumps({"configurations": [{**CONFIG, field: value}]}))
    err = dc.run("launch", "--config", "a", "--timeout", "5", cwd=tmp_path, check=2).err
    assert text in one_line_error(err)
    assert dc.run("sessions").out.startswith("No sessions")


def test_a_recipe_with_a_control_character_is_refused(dc: Cli, tmp_path: Path) -> None:
    recipe = tmp_path / "r.yaml"
    recipe.write_text("target: {program: x.py}\nsteps: [next\x01]\n")
    done = dc.run("run", recipe, check=2)
    assert "r.yaml:2:1: the control character U+0001 is not allowed in YAML" in done.err  # refusals: stderr
    assert done.out == ""
    assert "internal error" not in done.out + done.err


def test_an_adapters_file_with_a_control_character_is_one_line(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / ".dapcli").mkdir()
    (tmp_path / ".dapcli" / "adapters.yaml").write_text("adapters:\n  x: {command: [a\x01]}\n")
    (tmp_path / "x.py").write_text("print(1)\n")  # the program exists: the adapters file is what is wrong
    err = dc.run("launch", "x.py", "--adapter", "x", "--timeout", "5", cwd=tmp_path, check=False).err
    line = one_line_error(err)
    assert "invalid YAML: unacceptable character #x0001" in line
