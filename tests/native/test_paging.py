"""A page of a huge array is asked of the adapter (``start``/``count``), not cut on the client."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest
from native_helpers import CC, Driver, each_adapter, marker_line, run

pytestmark = pytest.mark.slow

BIG_C = Path(__file__).resolve().parent / "programs" / "big.c"
PRINT = marker_line(BIG_C, "print")


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test program")
    folder = tmp_path_factory.mktemp("big")
    shutil.copy(BIG_C, folder / "big.c")
    subprocess.run([CC, "-g", "-O0", "-o", "big", "big.c"], cwd=folder, check=True, timeout=120)
    return folder / "big"


# CodeLLDB 1.11.8 sends no indexedVariables for a C array and answers a 100k-element one with a
# varying 10-13k children (seen here), so it is paged on the client from what it sends: not here.
@pytest.mark.parametrize("adapter", each_adapter("lldb"))
def test_first_and_later_pages_of_a_100k_array(adapter: str, big: Path) -> None:
    async def body() -> None:
        d = Driver(big.parent)
        try:
            await d("launch", program="big", breakpoints=[f"big.c:{PRINT}"], adapter=adapter)
            listed = await d("variables", filter="big")
            reference = listed["variables"][0]["variablesReference"]
            requests: list[dict] = []
            original = d.session.request

            async def spy(command, arguments=None, *rest, **kw):  # type: ignore[no-untyped-def]
                if command == "variables":
                    requests.append(arguments.model_dump(exclude_none=True))
                return await original(command, arguments, *rest, **kw)

            d.session.request = spy  # type: ignore[method-assign]
            started = time.perf_counter()
            first = await d("variables", variablesReference=reference, count=100)
            elapsed = time.perf_counter() - started
            assert [v["value"] for v in first["variables"][:3]] == ["0", "3", "6"]
            assert (first["total"], len(first["variables"]), first["truncated"]) == (100000, 100, 99900)
            assert requests == [{"variablesReference": reference, "filter": "indexed", "start": 0, "count": 100}]
            assert elapsed < 30, f"the first page took {elapsed:.1f} s"  # all 100k would take minutes
            later = await d("variables", variablesReference=reference, start=99998, count=100)
            assert [v["value"] for v in later["variables"]] == [str(99998 * 3), str(99999 * 3)]
            assert later.get("truncated") is None
        finally:
            await d.close()

    run(body)
