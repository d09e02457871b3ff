"""Isolation of every test: its own runtime and state directories and a marker in its
environment; when it ends, pass or fail, every process still carrying its marker is killed, so one
failing test can never leave a debuggee or adapter behind for the next ones.

A user's own ``DAPCLI_*`` settings (``DAPCLI_NODE_MODULES``, ``DAPCLI_STATE_DIR``, an adapter's
path, …) are cleared once, before collection (the adapter-availability checks run then), so that
they never change a test's outcome: a test that depends on one sets it itself."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator

for _name in [name for name in os.environ if name.startswith("DAPCLI_")]:
    del os.environ[_name]

import pytest  # noqa: E402
from testprocs import MARKER_VAR, carrying, kill_all  # noqa: E402

#: Test programs are debuggees, not tests of the suite (some fail on purpose, some import their
#: own package): pytest never collects them.
collect_ignore_glob = ["*/programs/*"]


@pytest.fixture(autouse=True)
def isolated_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``DAPCLI_RUNTIME_DIR`` and ``DAPCLI_STATE_DIR`` private to the test and
    ``DAPCLI_TEST_MARKER`` unique to it; at teardown, kill whatever the test started that is still
    running."""
    marker = uuid.uuid4().hex
    monkeypatch.setenv(MARKER_VAR, marker)
    runtime = tempfile.mkdtemp(prefix="dct")  # short: unix socket paths are limited to ~107 bytes
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", runtime)
    state = tempfile.mkdtemp(prefix="dcst")  # never the user's history or breakpoints
    monkeypatch.setenv("DAPCLI_STATE_DIR", state)
    yield marker
    left = carrying(MARKER_VAR, marker)
    if left:
        kill_all(left)
    shutil.rmtree(runtime, ignore_errors=True)
    shutil.rmtree(state, ignore_errors=True)


#: Folders whose tests drive real adapters end to end (marked ``slow``: ``-m "not slow"`` skips them).
_END_TO_END = ("cli", "integration", "depth", "go", "node", "native")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        parts = item.path.parts
        if "tests" in parts and parts[parts.index("tests") + 1] in _END_TO_END:
            item.add_marker(pytest.mark.slow)
