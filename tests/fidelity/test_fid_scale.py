"""Big programs said right (issue 27): a stack 10,000 frames deep, a frame with 5,000 locals,
1,000 threads (20,000 goroutines), and a launch with 200 breakpoints in 20 files — on every
adapter here, through the CLI (text and ``--json``), MCP and the REPL.

Each result says how many there are (frames, variables, threads) and how to see the next page;
the pages hold the right frames and values; every one of the 200 breakpoints is verified where it
was asked and the program stops at them. Correctness only: the speeds are rows of
``python -m benchmarks``. The programs are generated into a private folder
(``benchmarks/big_programs.py``: C ``-g -O0``, Go ``-gcflags=all=-N -l``, Python, JavaScript).
"""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fid_helpers import DAPCLI, Cli, call, call_tool, mcp_client, run_async

from dapcli.adapters.registry import by_name

pytestmark = [pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
DEPTH = 10_000
LOCALS = 5_000
THREADS = 1_000
GOROUTINES = 20_000
LANGUAGE = {"python": "python", "lldb": "c", "codelldb": "c", "gdb": "c", "go": "go", "node": "js"}
#: What each adapter's innermost frame is called.
DOWN = {"python": "down", "lldb": "down", "codelldb": "down", "gdb": "down", "go": "main.down", "node": "down"}


def _big() -> ModuleType:
    spec = importlib.util.spec_from_file_location("big_programs", ROOT / "benchmarks" / "big_programs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


big = _big()


def adapters(*names: str) -> list[Any]:
    """``pytest.param`` per adapter, skipped (saying why) when it or its compiler is missing."""
    tools = {"c": big.CC, "go": big.GO, "js": big.NODE, "python": True}
    made = []
    for name in names:
        missing = by_name(name).find() is None or not tools[LANGUAGE[name]]
        made.append(pytest.param(name, id=name, marks=pytest.mark.skipif(missing, reason=f"{name} is not here")))
    return made


def _launch(cli: Cli, adapter: str, program: str, stop: tuple[str, int], *more: str) -> dict[str, Any]:
    launched = cli.json("launch", program, "--adapter", adapter, "--timeout", "240", "-b", f"{stop[0]}:{stop[1]}",
                        *more)
    assert launched["status"] == "stopped", launched
    assert launched["location"]["line"] == stop[1], launched["location"]
    return launched


@pytest.mark.parametrize("adapter", adapters("python", "lldb", "codelldb", "gdb", "go", "node"))
def test_a_deep_stack_is_counted_and_paged(adapter: str, tmp_path: Path, cli: Cli) -> None:
    program, stop = big.deep(tmp_path, LANGUAGE[adapter], DEPTH)
    _launch(cli, adapter, program, stop)
    first = cli.json("stack")
    frames = first["frames"]
    assert [f["index"] for f in frames] == list(range(20))
    assert all(f["name"].endswith(DOWN[adapter]) for f in frames), [f["name"] for f in frames]
    assert frames[0]["line"] == stop[1]
    total, at_least = first.get("totalFrames"), first.get("totalFramesAtLeast", False)
    if adapter == "codelldb":  # no totalFrames: a full page, at least that many
        assert (total, at_least) == (20, True)
    elif adapter == "gdb":  # cdt-gdb-adapter counts gdb's stack depth to 100
        assert (total, at_least) == (100, True)
    elif adapter == "go":  # Delve reads only as deep as asked: more exist
        assert (total, at_least) == (21, True)
    else:  # down() 10,001 times, then the program's own outer frames
        assert DEPTH + 2 <= total <= DEPTH + 12 and not at_least, first
    text = cli("stack").out
    said = f"of at least {total:,}" if at_least else f"of {total:,}"
    assert f"frames 1–20 {said} (next: dapcli stack --start 20)" in text, text[-300:]
    # values of a frame of the first page, and of a page at the bottom
    seventh = frames[7]["id"]
    assert cli.json("eval", "n", "--frame-id", str(seventh))["result"] == "7"
    bottom = cli.json("stack", "--start", str(DEPTH - 5), "--levels", "50")
    names = {f["index"]: f["name"] for f in bottom["frames"]}
    assert names[DEPTH].endswith(DOWN[adapter]) and not names[DEPTH + 1].endswith(DOWN[adapter]), names
    assert bottom["totalFrames"] == DEPTH - 5 + len(bottom["frames"]), bottom["totalFrames"]
    assert not bottom.get("totalFramesAtLeast", False)
    if adapter not in ("gdb", "go", "codelldb"):
        assert bottom["totalFrames"] == total
    outer = next(f["id"] for f in bottom["frames"] if f["index"] == DEPTH)
    assert cli.json("eval", "n", "--frame-id", str(outer))["result"] == str(DEPTH)
    # gdb's `frame N` and `up` reach any depth (they stopped at #199)
    assert cli.json("frame", str(DEPTH))["frame"]["index"] == DEPTH
    assert cli.json("eval", "n")["result"] == str(DEPTH)
    assert cli.json("up")["frame"]["index"] == DEPTH + 1
    past = cli("frame", str(DEPTH + 1000), check=2)
    assert past.err.startswith(f"error: no frame #{DEPTH + 1000}"), past.err
    assert "#0..#199" not in past.err, past.err
    assert cli.json("frame", "7")["frame"]["index"] == 7 and cli.json("eval", "n")["result"] == "7"


@pytest.mark.parametrize("adapter", adapters("python", "lldb", "codelldb", "gdb", "go", "node"))
def test_a_frame_of_5000_locals_is_counted_and_paged(adapter: str, tmp_path: Path, cli: Cli) -> None:
    program, stop = big.locals_frame(tmp_path, LANGUAGE[adapter], LOCALS)
    _launch(cli, adapter, program, stop)
    first = cli.json("vars")
    extra = 1 if adapter == "node" else 0  # js-debug lists `this` too
    assert first["total"] == LOCALS + extra and len(first["variables"]) == 100, first["total"]
    assert first["truncated"] == LOCALS + extra - 100
    text = cli("vars").out
    assert f"(1–100 of {LOCALS + extra:,})" in text.splitlines()[0], text.splitlines()[0]
    page = cli.json("vars", "--start", "4900", "--count", "100")
    assert page["total"] == LOCALS + extra and len(page["variables"]) == 100
    values = {v["name"]: v["value"] for v in page["variables"] if v["name"].startswith("v")}
    assert len(values) >= 99 and all(value == name[1:] for name, value in values.items()), values
    last = cli.json("vars", "v4999")
    assert [(v["name"], v["value"]) for v in last["variables"]] == [("v4999", "4999")]


@pytest.mark.parametrize("adapter", adapters("python", "lldb", "codelldb", "gdb", "go", "node"))
def test_200_breakpoints_in_20_files_are_all_verified(adapter: str, tmp_path: Path, cli: Cli) -> None:
    program, stop, lines = big.spread(tmp_path, LANGUAGE[adapter], 20, 10)
    more = [word for source, line in lines for word in ("-b", f"{source}:{line}")]
    _launch(cli, adapter, program, stop, *more)
    listed = cli.json("break", "list")["breakpoints"]
    assert len(listed) == 201
    asked = {(stop[0], stop[1]), *lines}
    assert {(b["path"], b["line"]) for b in listed} == asked
    unverified = [b for b in listed if not b["verified"] or (b.get("actualLine") or b["line"]) != b["line"]]
    assert not unverified, unverified[:3]
    hit = cli.json("continue", "--timeout", "120")
    assert (hit["location"]["path"], hit["location"]["line"]) == lines[0], hit["location"]
    assert cli.json("eval", "x")["result"] == "0"


@pytest.mark.parametrize("adapter", adapters("python", "lldb"))
def test_1000_threads_are_counted(adapter: str, tmp_path: Path, cli: Cli) -> None:
    program, stop = big.many_threads(tmp_path, LANGUAGE[adapter], THREADS)
    _launch(cli, adapter, program, stop)
    result = cli.json("threads")
    listed = result["threads"]
    assert THREADS + 1 <= len(listed) <= THREADS + 5, len(listed)
    assert result["total"] == len(listed) and not result["partial"]
    text = cli("threads").out
    assert text.rstrip().splitlines()[-1].strip() == f"{len(listed):,} threads", text[-200:]
    repl = subprocess.run([*DAPCLI, "repl"], input="threads\n", capture_output=True, text=True, env=cli.env,
                          timeout=120)
    assert f"{len(listed):,} threads" in repl.stdout, repl.stdout[-300:] + repl.stderr[-300:]


@pytest.mark.parametrize("adapter", adapters("python"))
def test_1000_threads_are_counted_over_mcp(adapter: str, tmp_path: Path) -> None:
    program, stop = big.many_threads(tmp_path, LANGUAGE[adapter], THREADS)

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": program, "adapter": adapter,
                                          "breakpoints": [f"{stop[0]}:{stop[1]}"]})
            result = await call_tool(client, "threads")
            data = result.structured_content
            assert data["total"] == len(data["threads"]) > THREADS, data["total"]
            assert result.content[0].text.startswith(f"{data['total']} threads:\n"), result.content[0].text[:80]
            await call(client, "stop")

    run_async(body, timeout=300)


@pytest.mark.parametrize("adapter", adapters("go"))
def test_20000_goroutines_are_counted(adapter: str, tmp_path: Path, cli: Cli) -> None:
    program, stop = big.many_threads(tmp_path, "go", GOROUTINES)
    _launch(cli, adapter, program, stop)
    result = cli.json("threads")
    listed = result["threads"]
    assert result["partial"] is True and 1000 <= len(listed) <= 1025, len(listed)
    assert GOROUTINES + 3 <= result["total"] <= GOROUTINES + 20, result["total"]
    assert f"{len(listed)} of {result['total']} goroutines listed" in result["note"], result["note"]
    text = cli("threads").out
    assert f"{len(listed)} of {result['total']} listed" in text and "dapcli stack --thread-id ID" in text
    repl = subprocess.run([*DAPCLI, "repl"], input="threads\n", capture_output=True, text=True, env=cli.env,
                          timeout=120)
    assert f"{len(listed)} of {result['total']} listed" in repl.stdout, repl.stdout[-300:] + repl.stderr[-300:]
    hidden = max(t["id"] for t in listed) + 15_000  # a parked one the list leaves out
    assert "main.park" in [f["name"] for f in cli.json("stack", "--thread-id", str(hidden))["frames"]]


@pytest.mark.parametrize("adapter", adapters("python"))
def test_a_deep_stack_and_a_big_frame_are_counted_over_mcp(adapter: str, tmp_path: Path) -> None:
    deep, deep_stop = big.deep(tmp_path / "deep", LANGUAGE[adapter], DEPTH)
    wide, wide_stop = big.locals_frame(tmp_path / "wide", LANGUAGE[adapter], LOCALS)

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": deep, "adapter": adapter,
                                          "breakpoints": [f"{deep_stop[0]}:{deep_stop[1]}"]})
            result = await call_tool(client, "stackTrace")
            assert result.structured_content["totalFrames"] == DEPTH + 2
            assert f"frames 1–20 of {DEPTH + 2:,} (next: call stackTrace with start=20)" in result.content[0].text
            await call(client, "stop")
            await call(client, "launch", {"program": wide, "adapter": adapter,
                                          "breakpoints": [f"{wide_stop[0]}:{wide_stop[1]}"]})
            result = await call_tool(client, "variables", {"start": 4900, "count": 100})
            data = result.structured_content
            assert data["total"] == LOCALS and len(data["variables"]) == 100
            assert result.content[0].text.startswith(f"Locals: 100 of {LOCALS} from 4900"), result.content[0].text[:80]
            await call(client, "stop")

    run_async(body, timeout=300)
