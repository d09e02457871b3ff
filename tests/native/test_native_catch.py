"""Exception filters from the start (``launch --catch``, MCP/recipe ``exceptionFilters``) on the
native adapters: sent in the configuration phase, so the first stop is the C++ throw; a filter the
adapter does not offer is refused, listing the adapter's own filter ids (gdb through cdt offers none)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import PROGRAMS, Driver, assert_gone, each_adapter, marker_line, process_tree, run

from dapcli.errors import UsageError

pytestmark = pytest.mark.slow

THROWS = PROGRAMS / "throws.cpp"
THROWN = marker_line(THROWS, "thrown")
CXX = shutil.which("g++") or shutil.which("c++")
OFFERED = {"lldb": "cpp_catch, cpp_throw, objc_catch, objc_throw", "codelldb": "cpp_throw, cpp_catch"}


@pytest.fixture(scope="module")
def throws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if CXX is None:
        pytest.skip("no C++ compiler (g++) to build the test program")
    folder = tmp_path_factory.mktemp("throws")
    shutil.copy(THROWS, folder / THROWS.name)
    done = subprocess.run([CXX, "-g", "-O0", "-o", "throws", THROWS.name], cwd=folder, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return folder / "throws"


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_catch_at_launch_stops_at_the_throw(adapter: str, throws: Path) -> None:
    async def body() -> None:
        d = Driver(throws.parent)
        try:
            stop = await d("launch", program="throws", adapter=adapter, exceptionFilters="cpp_throw")
            assert stop["status"] == "stopped" and stop["reason"] == "exception", stop
            assert stop["location"]["line"] == THROWN and stop["location"]["path"].endswith("throws.cpp")
            filters = {f["filter"]: f["enabled"] for f in (await d("exceptionFilters"))["filters"]}
            assert filters["cpp_throw"] is True and filters["cpp_catch"] is False
            end = await d("continue")
            assert (end["status"], end["exitCode"]) == ("exited", 0)
        finally:
            tree = process_tree(d.session)
            await d.close()
            assert_gone(tree)

    run(body)


@pytest.mark.parametrize("adapter", each_adapter())
def test_an_unknown_filter_is_refused_with_the_adapters_own(adapter: str, throws: Path) -> None:
    async def body() -> None:
        d = Driver(throws.parent)
        with pytest.raises(UsageError) as refused:
            await d("launch", program="throws", adapter=adapter, exceptionFilters=["cpp_throw", "raised"])
        message, hint = refused.value.message, refused.value.hint
        if adapter == "gdb":
            assert message == "gdb has no exception filter 'cpp_throw', 'raised'"
            assert hint == "gdb offers no exception filters"
        else:
            assert message == f"{adapter} has no exception filter 'raised'"
            assert hint == f"its filters: {OFFERED[adapter]}"
        assert d.dispatcher.manager.sessions == {}  # nothing left: the program never ran

    run(body)
