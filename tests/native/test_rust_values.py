"""Rust values as Rust shows them on the native adapters (issue 25): a binary rustc built gets the
toolchain's own formatters (lldb-dap: ``lldb_lookup.py``; CodeLLDB: its Rust support), so that
``String`` is ``"ferris"``, ``Vec`` is ``[3, 5, 8]``, ``Option`` is ``Some(7)``; through the CLI
and MCP."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from native_helpers import PROGRAMS, dapcli, each_adapter, marker_line, run

pytestmark = pytest.mark.slow

SOURCE = PROGRAMS / "values.rs"
SHOW = marker_line(SOURCE, "show")
EXPECTED = {"name": '"ferris"', "word": '"crab"', "primes": "[3, 5, 8]", "some": "Some(7)", "none": "None",
            "failed": 'Err("bad")', "ages": '{"ann": 41}'}


PANICS = PROGRAMS / "panics.rs"


def _build(folder: Path, source: Path) -> Path:
    from dapcli.adapters.native.rust import MIN_FORMATTERS, rust_version

    rustc = shutil.which("rustc")
    if rustc is None:
        pytest.skip("needs rustc (tools/install-adapters.sh installs it)")
    if source is SOURCE and (rust_version() or (0, 0)) < MIN_FORMATTERS:
        pytest.skip(f"needs rustc ≥ {MIN_FORMATTERS[0]}.{MIN_FORMATTERS[1]}: an older toolchain's lldb formatters are "
                    "not loaded (tools/install-adapters.sh installs a newer one)")
    shutil.copy(source, folder / source.name)
    done = subprocess.run([rustc, "-g", "-C", "opt-level=0", "-o", source.stem, source.name], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / source.stem


@pytest.fixture(scope="module")
def rust_values(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("rust"), SOURCE)


@pytest.fixture(scope="module")
def rust_panics(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("rustpanic"), PANICS)


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_rust_values_on_the_cli(adapter: str, rust_values: Path, cli_env: dict[str, str]) -> None:
    cwd = rust_values.parent
    done = dapcli(cli_env, cwd, "launch", "./values", "-b", f"values.rs:{SHOW}", "--adapter", adapter, "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    shown = {v["name"]: v["value"] for v in state["locals"]}
    assert {name: shown.get(name) for name in EXPECTED} == EXPECTED
    assert "(lldb)" not in "".join(c["output"] for c in state.get("output") or [])  # the formatters load quietly
    assert "shapes" in shown  # the user's enum with data: shown as lldb reads it, and the session answers at once
    assert json.loads(dapcli(cli_env, cwd, "eval", "1 + 1", "--json").stdout)["result"] == "2"
    primes = json.loads(dapcli(cli_env, cwd, "eval", "primes", "--depth", "1", "--json").stdout)
    assert [c["value"] for c in primes["children"] if c["name"] != "[raw]"] == ["3", "5", "8"]
    assert dapcli(cli_env, cwd, "stop").returncode == 0


#: What gdb itself prints with the toolchain's pretty-printers (``print primes``).
GDB_PRINTS = {"name": '"ferris"', "word": '"crab"', "primes": "Vec(size=3) = {3, 5, 8}",
              "some": "core::option::Option<i32>::Some(7)", "none": "core::option::Option<i32>::None",
              "failed": 'core::result::Result<i32, alloc::string::String>::Err("bad")',
              "ages": 'HashMap(size=1) = {["ann"] = 41}'}


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_rust_values_on_gdb_are_what_gdb_prints(adapter: str, rust_values: Path, cli_env: dict[str, str]) -> None:
    """cdt-gdb-adapter says ``{...}`` for a ``Vec``, a ``HashMap``, an ``Option`` (and gives a
    ``Vec`` no children to expand): dapcli shows gdb's own print of each, with the toolchain's
    pretty-printers, in the stop, ``vars`` and ``eval``; the adapter's text stays in adapterValue."""
    cwd = rust_values.parent
    done = dapcli(cli_env, cwd, "launch", "./values", "-b", f"values.rs:{SHOW}", "--adapter", adapter, "--json")
    assert done.returncode == 0, done.stderr
    try:
        stop = {v["name"]: v["value"] for v in json.loads(done.stdout)["locals"]}
        assert {name: stop.get(name) for name in GDB_PRINTS} == GDB_PRINTS
        rows = {v["name"]: v for v in json.loads(dapcli(cli_env, cwd, "vars", "--json").stdout)["variables"]}
        assert {name: rows[name]["value"] for name in GDB_PRINTS} == GDB_PRINTS
        assert rows["primes"]["adapterValue"] == "{...}" and "adapterValue" not in rows["name"]
        evaluated = json.loads(dapcli(cli_env, cwd, "eval", "ages", "--json").stdout)
        assert evaluated["result"] == GDB_PRINTS["ages"] and evaluated["adapterValue"] == "{...}", evaluated
        assert "primes = Vec(size=3) = {3, 5, 8}" in dapcli(cli_env, cwd, "vars").stdout
    finally:
        assert dapcli(cli_env, cwd, "stop").returncode == 0


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_a_panic_stops_at_the_users_frame_with_its_message(adapter: str, rust_panics: Path,
                                                           cli_env: dict[str, str]) -> None:
    cwd = rust_panics.parent
    done = dapcli(cli_env, cwd, "launch", "./panics", "--adapter", adapter, "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["status"] == "stopped" and state["reason"] == "panic", state
    assert state["description"] == "value too big: 3 (panicked at panics.rs:4:9)"
    assert state["location"]["line"] == marker_line(PANICS, "panic")
    assert state["location"]["function"].startswith("panics::check") and state["skippedFrames"] > 0
    assert {v["name"]: v["value"] for v in state["locals"]}["v"] == "3"
    end = json.loads(dapcli(cli_env, cwd, "continue", "--json").stdout)
    assert end["status"] == "exited" and end["exitCode"] == 101
    assert dapcli(cli_env, cwd, "stop").returncode == 0


def test_rust_values_over_mcp(rust_values: Path, rust_panics: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("lldb").find() is None:
        pytest.skip("needs lldb-dap")

    async def body() -> None:
        from mcp import Client

        from dapcli.frontends.mcp.server import build_server

        async with Client(build_server()) as client:
            state = await call(client, "launch", {"program": str(rust_values), "adapter": "lldb",
                                                  "breakpoints": [f"{rust_values.parent / 'values.rs'}:{SHOW}"]})
            shown = {v["name"]: v["value"] for v in state["locals"]}
            assert shown["name"] == '"ferris"' and shown["primes"] == "[3, 5, 8]" and shown["some"] == "Some(7)"
            evaluated = await call(client, "evaluate", {"expression": "failed"})
            assert evaluated["result"] == 'Err("bad")'
            await call(client, "stop")
            state = await call(client, "launch", {"program": str(rust_panics), "adapter": "lldb"})
            assert state["reason"] == "panic" and state["description"].startswith("value too big: 3")
            await call(client, "stop")

    run(body)


def test_a_c_program_is_not_taken_for_rust(sample: Path) -> None:
    from dapcli.adapters.native.rust import is_rust_binary

    assert not is_rust_binary(str(sample)) and not is_rust_binary(str(SOURCE)) and not is_rust_binary("/nonexistent")


async def call(client: Any, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    result = await client.call_tool(tool, args or {})
    assert not result.is_error, f"{tool} failed: {result.content[0].text}"
    return dict(result.structured_content)


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb", "gdb"))
def test_rust_frames_are_named_without_their_hash(adapter: str, rust_values: Path, cli_env: dict[str, str]) -> None:
    """``values::main::h3f2a…`` is shown ``values::main`` (in the stop's location, ``stack`` and its
    JSON); the adapter's own name stays in ``adapterName`` where it had the hash."""
    import re

    cwd = rust_values.parent
    done = dapcli(cli_env, cwd, "launch", "./values", "-b", f"values.rs:{SHOW}", "--adapter", adapter, "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["location"]["function"].startswith("values::main"), state["location"]
    hashed = re.compile(r"::h[0-9a-f]{16}\b")
    try:
        stack = json.loads(dapcli(cli_env, cwd, "stack", "--json").stdout)
        top = stack["frames"][0]
        assert top["name"].startswith("values::main") and not hashed.search(top["name"]), top
        assert not any(hashed.search(frame["name"]) for frame in stack["frames"]), stack["frames"]
        assert all(frame["name"] in hashed.sub("", frame["adapterName"])
                   for frame in stack["frames"] if "adapterName" in frame)
        shown = dapcli(cli_env, cwd, "stack").stdout
        assert "values::main" in shown and not hashed.search(shown), shown
    finally:
        assert dapcli(cli_env, cwd, "stop").returncode == 0
