"""Helpers for the recipe tests: programs with ``# @marker`` lines, recipe files, a dispatcher
spy that remembers every process the session started."""

from __future__ import annotations

import io
import os
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
import pytest

from dapcli.dispatch.local import LocalDispatcher
from dapcli.frontends.recipe import run_recipes

PROGRAMS = Path(__file__).parent / "programs"
LOOP = PROGRAMS / "loop.py"
CRASH = PROGRAMS / "crash.py"
SLEEPY = PROGRAMS / "sleepy.py"


def marker(name: str, program: Path = LOOP) -> int:
    """The line carrying ``# @name`` in ``program``."""
    for number, line in enumerate(program.read_text().splitlines(), start=1):
        if line.rstrip().endswith(f"# @{name}"):
            return number
    raise LookupError(f"no @{name} in {program}")


class SpyDispatcher:
    """A LocalDispatcher that records each call and every process below this one it saw."""

    def __init__(self) -> None:
        self.inner = LocalDispatcher()
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.processes: dict[int, psutil.Process] = {}

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> Any:
        self.calls.append((verb, dict(args or {})))
        try:
            return await self.inner.call(verb, args, session, cwd)
        finally:
            for process in psutil.Process().children(recursive=True):
                self.processes.setdefault(process.pid, process)

    def left_running(self, within: float = 5.0) -> list[str]:
        """Processes seen during the run that are still there after ``within`` seconds (a
        killed process may take a moment to be reaped; zombies count as gone)."""
        _, alive = psutil.wait_procs(list(self.processes.values()), timeout=within)
        left = []
        for process in alive:
            try:
                if process.status() != psutil.STATUS_ZOMBIE:
                    left.append(f"{process.pid}: {' '.join(process.cmdline())}")
            except psutil.Error:
                continue
        return left


class NoDispatcher:
    """Fails the test if anything is started (invalid recipes must be refused first)."""

    async def call(self, verb: str, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"nothing may start for an invalid recipe, but {verb} was called")


@pytest.fixture
def recipe_file(tmp_path: Path) -> Callable[..., Path]:
    """Write a recipe (dedented; ``{loop}``, ``{crash}``, ``{sleepy}`` and ``{@NAME}`` filled in)."""

    def write(text: str, name: str = "recipe.yaml") -> Path:
        text = textwrap.dedent(text).lstrip("\n")
        text = text.replace("{loop}", str(LOOP)).replace("{crash}", str(CRASH)).replace("{sleepy}", str(SLEEPY))
        for program in (LOOP, CRASH):
            for line in program.read_text().splitlines():
                if "# @" in line:
                    tag = line.rsplit("# @", 1)[1].strip()
                    text = text.replace("{@" + tag + "}", str(marker(tag, program)))
        path = tmp_path / name
        path.write_text(text)
        return path

    return write


def run(paths: list[Path] | Path, **options: Any) -> tuple[int, str]:
    """Run recipes; return (exit code, transcript)."""
    out = io.StringIO()
    if isinstance(paths, Path):
        paths = [paths]
    code = run_recipes([os.fspath(p) for p in paths], out=out, **options)
    return code, out.getvalue()
