"""Paging a 100,000-element Go slice on Delve: the adapter is asked with ``filter: "indexed"``
(Delve honours ``start``/``count`` only then) and the total comes from ``indexedVariables``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import _build  # at collection, while tests/go's conftest is the one named so
from delve_helpers import PROGRAMS, dispatcher, marker_line, requires_delve, run

from dapcli.dispatch.local import LocalDispatcher

pytestmark = [pytest.mark.slow, requires_delve]

BIG = PROGRAMS / "bigslice.go"
PRINT = marker_line(BIG, "print")


@pytest.fixture(scope="module")
def big_binary(go_build_dir: Path) -> Path:
    return _build(BIG, go_build_dir / "bigslice", debug=True)


async def call(d: LocalDispatcher, verb: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    return (await d.call(verb, args or {})).to_json()


def test_pages_of_a_100k_slice_come_from_the_adapter(big_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            await call(d, "launch", {"program": str(big_binary), "breakpoints": [f"{BIG}:{PRINT}"]})
            listed = await call(d, "variables", {"filter": "sl", "depth": 1, "count": 3})
            sl = listed["variables"][0]
            assert [c["value"] for c in sl["children"]] == ["0", "3", "6"]
            assert sl["truncated"] == 100000 - 3
            reference = sl["variablesReference"]
            later = await call(d, "variables", {"variablesReference": reference, "start": 99990, "count": 5})
            assert [v["name"] for v in later["variables"]] == [f"[{i}]" for i in range(99990, 99995)]
            assert [v["value"] for v in later["variables"]] == [str(i * 3) for i in range(99990, 99995)]
            assert (later["total"], later["truncated"]) == (100000, 5)
            last = await call(d, "variables", {"variablesReference": reference, "start": 99998, "count": 100})
            assert [v["value"] for v in last["variables"]] == [str(99998 * 3), str(99999 * 3)]
            assert last.get("truncated") is None
            await call(d, "stop")

    run(body)
