"""`target: {test: …}` recipes: a debugTest session recorded (as the REPL and MCP record) replays
to the same failure and checks its values; a hand-written one that expects the bad value passes,
and one that expects the fixed value fails (exit 8)."""

from __future__ import annotations

import asyncio
import json
import sys
import textwrap
from pathlib import Path

import jsonschema
import pytest
import yaml
from conftest import SpyDispatcher, run

from dapcli.dispatch.local import LocalDispatcher
from dapcli.frontends.recipe import Recorder, recipe_schema

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NODE = "tests/test_cart.py::test_total_with_discount"


def test_recorded_test_session_replays_green(tmp_path: Path) -> None:
    recorder = Recorder(cwd=str(EXAMPLES), name="the discount bug")

    async def drive() -> None:
        dispatcher = LocalDispatcher()
        try:
            for verb, args in (("debugTest", {"selectors": [NODE], "python": sys.executable}),
                               ("evaluate", {"expression": "total(CART, 15)"})):
                recorder.add(verb, args, await dispatcher.call(verb, args, "rec", str(EXAMPLES)))
        finally:
            await dispatcher.call("stop", {}, "rec", str(EXAMPLES))

    asyncio.run(asyncio.wait_for(drive(), 120))
    path = tmp_path / "recorded.yaml"
    recorder.save(str(path))
    data = yaml.safe_load(path.read_text())
    assert data["target"]["test"] == NODE and data["steps"][0]["wait"] == {}
    assert data["steps"][0]["expect"]["function"] == "test_total_with_discount"
    assert list(jsonschema.Draft202012Validator(recipe_schema()).iter_errors(data)) == []
    spy = SpyDispatcher()
    code, out = run(path, json_lines=True, dispatcher=spy)
    assert code == 0, out
    checks = [c for line in out.splitlines() if (e := json.loads(line))["event"] == "step" for c in e["checks"]]
    assert checks and all(c["passed"] for c in checks)
    assert spy.left_running() == []


def recipe(tmp_path: Path, expected: str) -> Path:
    path = tmp_path / "bug.yaml"
    path.write_text(textwrap.dedent(f"""\
        name: the discount loses its cents
        target:
          test: {NODE}
          cwd: {EXAMPLES}
          python: {sys.executable}
        steps:
          - wait: {{}}
            expect: {{line: 16, test.message: {{contains: "assert 26.73 == 24.41"}}}}
          - evaluate: {{expression: "total(CART, 15)"}}
            expect: {{result: "{expected}"}}
        """))
    return path


def test_target_test_checks_the_bad_value_and_fails_once_fixed(tmp_path: Path) -> None:
    code, out = run(recipe(tmp_path, "26.73"))
    assert code == 0, out
    code, out = run(recipe(tmp_path, "24.41"))  # what the fixed code returns: the bug is still there
    assert code == 8, out
    assert "24.41" in out


def test_target_test_without_pytest_fails_in_one_line(tmp_path: Path) -> None:
    import subprocess

    venv = tmp_path / "nopytest"  # a real interpreter without pytest
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    python = venv / "bin" / "python"
    path = recipe(tmp_path, "26.73")
    path.write_text(path.read_text().replace(f"python: {sys.executable}", f"python: {python}"))
    code, out = run(path)
    assert code == 4, out  # the recipe could not start: `dapcli test` exits 4 there too (not 8: no check failed)
    assert f"  ✘ test run failed: pytest is not installed for {python}\n    hint: pip install pytest" in out
    assert "Traceback" not in out and "internal error" not in out


def test_a_failure_message_of_several_lines_stays_under_its_step(tmp_path: Path) -> None:
    code, out = run(recipe(tmp_path, "26.73"))  # pytest's message: "assert 26.73 == 24.41\n +  where 26.73 = …"
    assert code == 0, out
    lines = out.splitlines()
    where = " +  where 26.73 = total([('notebook', 19.99), "
    launch = next(n for n, line in enumerate(lines) if line.startswith("  launch test "))
    assert lines[launch].endswith("AssertionError: assert 26.73 == 24.41"), out
    assert lines[launch + 1].startswith(" " * 4 + where), out
    step = lines.index("  step 1  wait")
    assert lines[step + 1] == ("         → exception at test_cart.py:16 in test_total_with_discount: "
                               "AssertionError: assert 26.73 == 24.41"), out
    assert lines[step + 2].startswith(" " * 11 + where), out  # under the text after "→ "
    assert all(not line or line.startswith(("▶", "✔", "✘", "  ")) for line in lines), out
