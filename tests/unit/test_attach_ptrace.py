"""Every family that traces a local process by pid (native, Delve, debugpy's injector) checks the
kernel's ptrace settings first and says what to do (exit 4), before any adapter starts."""

from __future__ import annotations

import pytest

import dapcli.adapters.native.common as native_common
from dapcli.adapters.base import AttachOptions
from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.adapters.delve import DelveAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.errors import PreconditionError


@pytest.mark.parametrize("family", [DebugpyAdapter, DelveAdapter, LldbAdapter])
def test_ptrace_scope_refusal_comes_first(family: type, monkeypatch: pytest.MonkeyPatch) -> None:
    said = ("ptrace_scope is 1: only a parent may trace", "run `sudo sysctl -w kernel.yama.ptrace_scope=0`")
    monkeypatch.setattr(native_common, "ptrace_problem", lambda pid: said)
    with pytest.raises(PreconditionError) as caught:
        family().attach_arguments(AttachOptions(process_id=12345))
    assert caught.value.message == said[0] and caught.value.exit_code == 4


def test_delve_with_a_port_does_not_check_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native_common, "ptrace_problem", lambda pid: ("refused", "hint"))
    arguments = DelveAdapter().attach_arguments(AttachOptions(process_id=12345, host="127.0.0.1", port=2345))
    assert arguments["processId"] == 12345  # the process is on the machine where that Delve runs
