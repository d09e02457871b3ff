"""Which debugger-console commands resume the program (their stop is awaited after the answer)."""

from __future__ import annotations

import pytest

from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter


@pytest.mark.parametrize(("command", "resumes"), [
    ("thread step-over", True), ("`thread step-over", True), ("  thread   step-in  ", True), ("n", True),
    ("process continue", True), ("finish", True), ("thread step-inst-over", True), ("c 3", True),
    ("thread list", False), ("settings set x 1", False), ("next-thing", False), ("register read", False),
])
def test_lldb_commands(command: str, resumes: bool) -> None:
    assert LldbAdapter().console_resumes(command) is resumes
    assert CodeLldbAdapter().console_resumes(command.lstrip("`")) is resumes


@pytest.mark.parametrize(("command", "resumes"), [
    ("next", True), ("next 3", True), ("s", True), ("until 12", True), ("advance 30", True),
    ("info frame", False), ("print n", False), ("nexus", False),
])
def test_gdb_commands(command: str, resumes: bool) -> None:
    assert GdbAdapter().console_resumes(command) is resumes


def test_adapters_without_a_console_never_wait() -> None:
    assert DebugpyAdapter().console_resumes("next") is False
