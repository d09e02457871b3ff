"""Every input has a bound, checked by the verbs' arguments model (one validator for every
frontend) or by the bounded file reader, before any work starts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dapcli.adapters.launchjson import parse
from dapcli.errors import UsageError
from dapcli.files import read_text_file
from dapcli.verbs import VERBS, validate_args
from dapcli.verbs.shared.bounds import MAX_TEXT, MAX_TIMEOUT


@pytest.mark.parametrize(("verb", "args", "says"), [
    ("variables", {"start": -5}, "start: must be greater than or equal to 0"),
    ("variables", {"count": -1}, "count: must be greater than or equal to 0"),
    ("variables", {"depth": -1}, "depth"),
    ("variables", {"maxLength": -1}, "maxLength"),
    ("stackTrace", {"levels": -1}, "levels"),
    ("continue", {"timeout": 0}, "timeout: must be greater than 0"),
    ("continue", {"timeout": -3}, "timeout: must be greater than 0"),
    ("wait", {"timeout": MAX_TIMEOUT + 1}, f"timeout: must be less than or equal to {MAX_TIMEOUT:g}"),
    ("continue", {"timeout": float("nan")}, "timeout: must be a finite number of seconds"),
    ("continue", {"timeout": "nan"}, "timeout: must be a finite number of seconds"),
    ("wait", {"timeout": float("inf")}, "timeout: must be a finite number of seconds"),
    ("variables", {"count": float("nan")}, "count: must be a finite number"),
    ("evaluate", {"expression": "a\x00b"}, "expression: contains a NUL byte"),
    ("evaluate", {"expression": "x" * (MAX_TEXT + 1)}, f"expression: at most {MAX_TEXT} characters"),
    ("setBreakpoint", {"location": "a.py:3", "condition": "y" * (MAX_TEXT + 1)}, "condition: at most"),
    ("launch", {"program": "a.py", "env": ["A=\x00"]}, "env: contains a NUL byte"),
    ("launch", {"program": "a\x00.py"}, "program: contains a NUL byte"),
])
def test_out_of_bounds_arguments_are_refused_in_one_line(verb: str, args: dict, says: str) -> None:
    with pytest.raises(UsageError) as refused:
        validate_args(VERBS[verb], args)
    assert says in refused.value.message and "\n" not in refused.value.message
    assert refused.value.exit_code == 2


def test_in_bounds_arguments_pass() -> None:
    assert validate_args(VERBS["variables"], {"start": 0, "count": 5, "depth": 2})["start"] == 0
    assert validate_args(VERBS["continue"], {"timeout": 0.1})["timeout"] == 0.1


def test_nan_is_text_where_text_is_taken() -> None:
    assert validate_args(VERBS["evaluate"], {"expression": "nan"})["expression"] == "nan"


@pytest.mark.parametrize(("value", "says"), [
    (-3.0, "--timeout: must be greater than 0 and at most 3600 (got -3.0)"),
    (float("nan"), "--timeout: must be a finite number of seconds"),
    (float("inf"), "--timeout: must be a finite number of seconds"),
])
def test_run_timeout_is_refused_before_any_recipe_runs(value: float, says: str) -> None:
    from dapcli.frontends.recipe.run import run_recipes

    class Untouched:
        async def call(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("a step ran")

    with pytest.raises(UsageError) as refused:
        run_recipes(["no-such-recipe.yaml"], timeout=value, dispatcher=Untouched())  # type: ignore[arg-type]
    assert says in refused.value.message and refused.value.exit_code == 2


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_only_regular_files_are_read(tmp_path: Path, kind: str) -> None:
    path = {"device": "/dev/zero", "directory": str(tmp_path)}.get(kind) or str(tmp_path / "fifo")
    if kind == "fifo":
        os.mkfifo(path)
    with pytest.raises(UsageError, match="not a regular file"):
        read_text_file(path, max_bytes=1000)


def test_size_and_nul_bytes_are_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_text("x" * 2000)
    with pytest.raises(UsageError, match=r"too large \(2000 bytes; at most 1000\)"):
        read_text_file(str(big), max_bytes=1000)
    nul = tmp_path / "nul"
    nul.write_bytes(b"a\x00b")
    with pytest.raises(UsageError, match="NUL byte"):
        read_text_file(str(nul), max_bytes=1000)


def test_duplicate_keys_in_launch_json_are_an_error(tmp_path: Path) -> None:
    path = tmp_path / ".vscode" / "launch.json"
    path.parent.mkdir()
    path.write_text('{"configurations": [{"name": "a", "name": "b", "type": "python"}]}')
    with pytest.raises(UsageError, match="Duplicate key"):
        parse(str(path))
