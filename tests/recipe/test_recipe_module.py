"""A recipe that runs a Python module (`target: {module: NAME}`, as `dapcli launch -m NAME`), in a
src/ layout with `cwd`; a module Python cannot find fails the setup in one line; and a recorded
`launch -m` session is written back as `module:` (it had no program to write)."""

from __future__ import annotations

import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from conftest import SpyDispatcher, run

from dapcli.dispatch.recorder import Recorder
from dapcli.frontends.recipe.schema import recipe_schema

pytestmark = pytest.mark.slow


@pytest.fixture
def src_layout(tmp_path: Path) -> Path:
    package = tmp_path / "src" / "mypkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("def double(x):\n    return x * 3\n")
    (package / "__main__.py").write_text("import sys\nfrom mypkg import double\nprint('v', double(int(sys.argv[1])))\n")
    return tmp_path


def test_recipe_runs_a_module_in_a_src_layout(src_layout: Path) -> None:
    recipe = src_layout / "module.yaml"
    recipe.write_text(f"""target: {{module: mypkg, args: ["5"], cwd: src, python: {sys.executable}}}
breakpoints: [src/mypkg/__init__.py:2]
steps:
  - continue: {{}}
    expect: {{line: 2, locals.x.value: "5"}}
  - continue: {{}}
    expect: {{exitCode: 0, output: {{contains: "v 15"}}}}
""")
    assert list(jsonschema.Draft202012Validator(recipe_schema()).iter_errors(yaml.safe_load(recipe.read_text()))) == []
    spy = SpyDispatcher()
    code, out = run(recipe, dispatcher=spy)
    assert code == 0, out
    assert spy.left_running() == []


def test_recipe_with_a_missing_module_fails_in_one_line(src_layout: Path) -> None:
    recipe = src_layout / "missing.yaml"
    recipe.write_text(f"target: {{module: mypkg, python: {sys.executable}}}\nsteps:\n  - continue: {{}}\n")
    spy = SpyDispatcher()
    code, out = run(recipe, dispatcher=spy)
    assert code != 0
    assert "-m mypkg: No module named mypkg" in out and "mypkg is in src/" in out
    assert spy.left_running() == []


def test_recorded_module_launch_is_written_as_module(tmp_path: Path) -> None:
    recorder = Recorder(cwd=str(tmp_path))
    recorder.add("launch", {"module": "mypkg", "cwd": "src", "args": ["5"]},
                 {"schemaVersion": 1, "session": "default", "status": "exited", "exitCode": 0})
    data = recorder.recipe(str(tmp_path / "r.yaml"))
    assert data["target"]["module"] == "mypkg" and "program" not in data["target"]
    assert data["name"] == "recorded: -m mypkg"
