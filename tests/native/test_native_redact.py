"""Over MCP, a C program's secrets are redacted on lldb-dap and gdb as on debugpy: a char array
and a pointer under secret names, and a token's shape under a plain name (``banner``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, PROGRAMS, each_adapter, marker_line, run

STOP = marker_line(PROGRAMS / "secrets.c", "stop")


@pytest.fixture(scope="module")
def secrets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    folder = tmp_path_factory.mktemp("secrets")
    shutil.copy(PROGRAMS / "secrets.c", folder / "secrets.c")
    done = subprocess.run([CC, "-g", "-O0", "-o", "secrets", "secrets.c"], cwd=folder, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return folder / "secrets"


@pytest.mark.parametrize("adapter", each_adapter("lldb", "gdb"))
def test_c_secrets_are_redacted_over_mcp(adapter: str, secrets: Path) -> None:
    async def body() -> None:
        from mcp import Client

        from dapcli.frontends.mcp.server import build_server

        async with Client(build_server()) as client:
            result = await client.call_tool("launch", {"program": str(secrets), "adapter": adapter,
                                                       "breakpoints": [f"{secrets.parent / 'secrets.c'}:{STOP}"]})
            assert not result.is_error, result.content[0].text
            stop = result.structured_content
            seen = result.content[0].text + json.dumps(stop)
            assert stop["location"]["line"] == STOP, seen
            assert "Zx8Zx8" not in seen, seen
            values = {v["name"]: v["value"] for v in stop["locals"]}
            assert values["api_token"] == values["secret_key"] == "<redacted: the name looks secret>", values
            assert "<redacted: GitHub token>" in values["banner"], values
            assert values["token_count"] == "3", values
            evaluated = await client.call_tool("evaluate", {"expression": "banner"})
            assert "Zx8Zx8" not in evaluated.content[0].text + json.dumps(evaluated.structured_content)
            await client.call_tool("stop", {})

    run(body, timeout=120)
