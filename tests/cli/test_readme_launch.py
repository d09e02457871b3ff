"""README's first "Launching real programs" example, run as written on tests/cli/programs/cart.py."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import Cli

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_cart_example_launches(dc: Cli) -> None:
    text = re.sub(r"\\\n\s*", " ", README.read_text(encoding="utf-8"))
    found = re.search(r"^\$ dapcli launch cart\.py (.*?)\s+#", text, re.M)
    assert found, "README's cart.py launch example is gone"
    import shlex

    specs = shlex.split(found.group(1))
    assert specs[::2] == ["-b"] * (len(specs) // 2), specs
    run = dc.launch("cart.py", options=(*specs, "--json"))
    state = run.json()
    assert not [w for w in state.get("warnings") or [] if "breakpoint" in w.lower()], state["warnings"]
    assert state["status"] == "stopped"
    assert state["location"]["function"].endswith("total")  # Cart.total, hit first (i == 0)
