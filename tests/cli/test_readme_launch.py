"""docs/launching.md's first example, run as written on examples/cart.py from the repository root:
each breakpoint is set where it was asked for (none refused or left unverified) and the launch stops
at the one hit first. (tests/docs runs the whole session; this checks the breakpoints' answers.)"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from conftest import Cli

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "launching.md"


def test_docs_cart_example_launches(dc: Cli) -> None:
    text = re.sub(r"\\\n\s*", " ", PAGE.read_text(encoding="utf-8"))
    found = re.search(r"^\$ dapcli launch examples/cart\.py (.*?)\s+#", text, re.M)
    assert found, "docs/launching.md's cart.py launch example is gone"
    specs = shlex.split(found.group(1))
    assert specs[::2] == ["-b"] * (len(specs) // 2), specs
    argv = ["launch", "examples/cart.py", "--python", sys.executable, "--timeout", "10", *specs, "--json"]
    run = dc.run(*argv, cwd=ROOT, timeout=40)
    dc.sessions.add("default")
    dc.record("default")
    state = run.json()
    assert not [w for w in state.get("warnings") or [] if "breakpoint" in w.lower()], state["warnings"]
    assert state["status"] == "stopped"
    assert state["location"]["function"].endswith("total")  # Cart.total, hit first (i == 0)
