"""Fixtures for the remote-debugging tests: a fresh srv/checkout layout per test, and a CLI
with its own runtime directory that stops its session and checks nothing is left running."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from remote_helpers import Cli, Layout, assert_gone, make_layout


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return make_layout(tmp_path)


@pytest.fixture
def cli(layout: Layout) -> Iterator[Cli]:
    runtime = tempfile.mkdtemp(prefix="dc", dir="/tmp")  # unix socket paths must stay short
    os.chmod(runtime, 0o700)
    client = Cli(runtime, layout.checkout.parent)
    yield client
    client.remember()
    client("stop", check=None, timeout=120)
    try:
        assert_gone(client.pids)
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
