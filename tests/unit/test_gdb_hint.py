"""gdb here but older than 14, without cdt-gdb-adapter: the hint names what is missing, not gdb."""

from __future__ import annotations

import shutil

import pytest

from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.errors import AdapterError


@pytest.fixture
def older_gdb(monkeypatch: pytest.MonkeyPatch) -> GdbAdapter:
    if shutil.which("gdb") is None:
        pytest.skip("gdb is not installed")
    adapter = GdbAdapter()
    if adapter.native():
        pytest.skip("this gdb speaks DAP itself (≥ 14): cdt-gdb-adapter is not needed")
    return adapter


def test_without_cdt_the_hint_is_the_npm_package(older_gdb: GdbAdapter, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GdbAdapter, "cdt_script", lambda self: None)
    with pytest.raises(AdapterError) as raised:
        older_gdb.adapter_argv()
    assert "the npm package cdt-gdb-adapter is not installed" in raised.value.message
    assert "npm install --prefix" in raised.value.hint and "cdt-gdb-adapter" in raised.value.hint
    assert "apt-get install gdb" not in raised.value.hint


def test_without_node_the_hint_is_node(older_gdb: GdbAdapter, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GdbAdapter, "node", lambda self: None)
    with pytest.raises(AdapterError) as raised:
        older_gdb.adapter_argv()
    assert "node is not installed" in raised.value.message
    assert "Node.js" in raised.value.hint and "apt-get install gdb" not in raised.value.hint
