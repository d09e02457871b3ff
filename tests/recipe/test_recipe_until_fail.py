"""``target: {test: …, untilFail: N}`` replays a flaky failure (a real pytest test that counts its
runs in a file of FLAKY_DIR and fails on run FLAKY_FAIL_ON), and the recipe's breakpoints are set
inside the test run (they were left out of a test target before)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from conftest import SpyDispatcher, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

FLAKY = Path(__file__).resolve().parents[1] / "cli" / "programs" / "flaky"


def marker(path: Path, name: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if f"# @{name}" in line)


def test_until_fail_with_a_breakpoint_replays_to_the_failing_run(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLAKY_DIR", str(tmp_path))
    monkeypatch.setenv("FLAKY_FAIL_ON", "4")
    bump = marker(FLAKY / "counter.py", "bump")
    path = tmp_path / "flaky.yaml"
    path.write_text(textwrap.dedent(f"""\
        name: the fourth run fails
        target:
          test: test_flaky.py
          cwd: {FLAKY}
          python: {sys.executable}
          untilFail: 6
        breakpoints:
          - path: {FLAKY / "counter.py"}
            line: {bump}
            condition: count == 3
        steps:
          - stackTrace: {{}}
            expect:
              frames.0.line: {bump}
          - evaluate: {{expression: count}}
            expect:
              result: "3"
          - continue: {{timeout: 120}}
            expect:
              test.run: 4
              test.runs: 6
              test.message: {{contains: "assert 4 != 4"}}
        """))
    spy = SpyDispatcher()
    code, out = run(path, dispatcher=spy)
    assert code == 0, out
    assert "3 step(s), 5 check(s) passed" in out, out
    assert (tmp_path / "runs").read_text() == "4"
    assert spy.left_running() == []


def test_until_fail_needs_a_test_target_and_a_number(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent(f"""\
        target:
          program: {FLAKY / "counter.py"}
          untilFail: 3
        steps: []
        """))
    code, out = run(path)
    assert code == 2 and "untilFail goes with test" in out, out
    path.write_text(textwrap.dedent("""\
        target:
          test: test_flaky.py
          untilFail: 0
        steps: []
        """))
    code, out = run(path)
    assert code == 2 and "untilFail must be a number of runs from 1" in out, out


def test_recorded_until_fail_session_keeps_its_runs_and_breakpoints(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A REPL or MCP recording that began with ``debugTest`` keeps ``untilFail`` and the
    breakpoints (structured, with their path relative to the recipe) and replays to the same stop."""
    import asyncio

    import yaml

    from dapcli.dispatch.local import LocalDispatcher
    from dapcli.frontends.recipe import Recorder

    monkeypatch.setenv("FLAKY_DIR", str(tmp_path))
    monkeypatch.setenv("FLAKY_FAIL_ON", "99")
    bump = marker(FLAKY / "counter.py", "bump")
    recorder = Recorder(cwd=str(FLAKY), name="count 2")
    args = {"selectors": ["test_flaky.py"], "python": sys.executable, "untilFail": 5,
            "breakpoints": [{"path": "counter.py", "line": bump, "condition": "count == 2"}]}

    async def drive() -> None:
        dispatcher = LocalDispatcher()
        try:
            recorder.add("debugTest", args, await dispatcher.call("debugTest", args, "rec", str(FLAKY)))
        finally:
            await dispatcher.call("stop", {}, "rec", str(FLAKY))

    asyncio.run(asyncio.wait_for(drive(), 180))
    path = tmp_path / "recorded.yaml"
    recorder.save(str(path))
    data = yaml.safe_load(path.read_text())
    assert data["target"]["untilFail"] == 5
    [kept] = data["breakpoints"]
    assert {k: v for k, v in kept.items() if k != "path"} == {"line": bump, "condition": "count == 2"}
    assert (path.parent / kept["path"]).resolve() == FLAKY / "counter.py"  # relative to the recipe
    assert data["steps"][0]["expect"]["line"] == bump
    (tmp_path / "runs").unlink()
    code, out = run(path, dispatcher=SpyDispatcher())
    assert code == 0, out
    assert (tmp_path / "runs").read_text() == "2"  # run 3 stopped where count was 2, before it wrote 3
