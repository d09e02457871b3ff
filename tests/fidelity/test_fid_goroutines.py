"""Delve's goroutine list, cut (issue 23, item 5).

Delve's DAP server lists at most 1,024 goroutines in a ``threads`` answer (a constant; its
``goroutineFilters`` only filter those) and says so only on its own console. With 2,000 parked,
``threads`` listed ids up to ~1,036 and nothing said the list was cut. Now the result says "N of
M listed" (M counted from the Go runtime) and how to see one that is not listed — by its id,
which ``stack --thread-id`` and ``thread`` accept — on the CLI (text and ``--json``) and over MCP.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import GO, Cli, call, call_tool, marker_line, mcp_client, needs, run_async

pytestmark = [pytest.mark.slow, needs("go")]

PARKED = 2000
#: main, the parked ones and the runtime's own (at least 2: the GC's and the finalizer's).
AT_LEAST = PARKED + 3


@pytest.fixture(scope="module")
def goparked(programs: Path) -> Path:
    if GO is None:
        pytest.skip("needs go to build the Go program")
    folder = programs / "goparked"
    done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "goparked", "."], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / "goparked"


def _unlisted(listed: list[dict]) -> int:
    """A goroutine id above every listed one (Delve lists the lowest ids; the parked ones go on)."""
    return max(t["id"] for t in listed) + 500


def test_a_cut_goroutine_list_says_so_on_the_cli(goparked: Path, cli: Cli) -> None:
    source = goparked.parent / "main.go"
    cli("launch", str(goparked), "-b", f"{source}:{marker_line(source, 'parked')}")
    result = cli.json("threads")
    listed = result["threads"]
    assert 1000 <= len(listed) <= 1025, len(listed)
    assert result["partial"] is True
    assert AT_LEAST <= result["total"] <= AT_LEAST + 20, result["total"]
    assert f"{len(listed)} of {result['total']} goroutines listed" in result["note"], result["note"]
    text = cli("threads").out
    assert f"{len(listed)} of {result['total']} listed" in text and "dapcli stack --thread-id ID" in text, text[-400:]
    hidden = _unlisted(listed)
    stack = cli.json("stack", "--thread-id", str(hidden))
    assert "main.park" in [f["name"] for f in stack["frames"]], stack
    selected = cli.json("thread", str(hidden))
    assert selected["threadId"] == hidden
    refused = cli("thread", "999999", check=2)
    assert "no thread 999999" in refused.err and "more)" in refused.err, refused.err


def test_a_cut_goroutine_list_says_so_over_mcp(goparked: Path) -> None:
    source = goparked.parent / "main.go"

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(goparked),
                                          "breakpoints": [f"{source}:{marker_line(source, 'parked')}"]})
            result = await call_tool(client, "threads")
            assert not result.is_error
            data = result.structured_content
            assert data["partial"] is True and data["total"] >= AT_LEAST, {k: data[k] for k in ("partial", "total")}
            first = result.content[0].text.splitlines()[0]
            assert f"{len(data['threads'])} of {data['total']} listed" in first and '"threadId"' in first, first
            stack = await call(client, "stackTrace", {"threadId": _unlisted(data["threads"])})
            assert "main.park" in [f["name"] for f in stack["frames"]], stack
            await call(client, "stop")

    run_async(body)
