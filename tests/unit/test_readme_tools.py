"""The docs' list of MCP tools (docs/agents.md) is the server's tools/list (tests/mcp/tools_snapshot.json, which
tests/mcp/test_tools.py keeps equal to what the server lists)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme_names_exactly_the_tools_the_server_lists() -> None:
    readme = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    found = re.search(r"^Tools: (.*?) —", readme, re.M | re.S)
    assert found, "docs/agents.md's tool section starts its tool list with `Tools: `"
    named = set(re.findall(r"`(\w+)`", found.group(1)))
    listed = set(json.loads((ROOT / "tests" / "mcp" / "tools_snapshot.json").read_text(encoding="utf-8")))
    assert named == listed
