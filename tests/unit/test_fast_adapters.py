"""``dapcli adapters`` on the one-shot fast path: the same text as rich prints, without rich,
asyncio, pydantic or the transports."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dapcli.adapters.registry import describe_all
from dapcli.frontends.cli import texttable
from dapcli.frontends.cli.quick import _rich_adapters_text, adapters_text

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["go", "install", "github.com/go-delve/delve/cmd/dlv@latest", "(Debian/Ubuntu:", "apt-get", "x", "",
         "a-very-long-word-that-never-ends-at-all-really", "C,", "C++", "(gdb;", "for", "gdb", "<", "14)", " ", "  "]


def _variants(seed: int, count: int) -> list[list[dict[str, Any]]]:
    """The real adapter rows, changed at random: missing adapters with long hints, warnings,
    odd descriptions and versions."""
    rnd = random.Random(seed)
    base = describe_all(str(ROOT))
    out = []
    for _ in range(count):
        infos = [dict(info) for info in base]
        for info in infos:
            if rnd.random() < 0.3:
                info["found"] = False
                info["install_hint"] = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 12)))
            if rnd.random() < 0.2:
                info["warning"] = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 25)))
            if rnd.random() < 0.2:
                info["description"] = " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 8)))
            if rnd.random() < 0.2:
                info["version"] = rnd.choice([None, "", "1.2", "gdb 13.1 via cdt-gdb-adapter 1.7.0"])
        out.append(infos)
    return out


def test_the_stdlib_table_is_what_rich_prints() -> None:
    """At every width and in every terminal mode; where it cannot be exact it says so (None)
    and rich renders instead, which must stay rare."""
    exact = compared = 0
    rnd = random.Random(7)
    for infos in _variants(1, 40):  # ~3 s of CPU: a loaded machine must not time it out
        for width in (rnd.randint(10, 220), 80, 120):
            for tty, color in ((False, False), (True, True), (True, False)):
                term = {"tty": tty, "color": color, "width": width}
                assert adapters_text(infos, term) == _rich_adapters_text(infos, term), term
                compared += 1
                header = ["adapter", "for", "found", "version", "path / install hint"]
                rows = [[(a["name"], None)] for a in infos]
                exact += texttable.render(header, [r * 5 for r in rows], [], width=width, color=color,
                                          tty=tty) is not None
    assert exact > compared * 0.8


def test_non_ascii_falls_back_to_rich() -> None:
    infos = describe_all(str(ROOT))
    infos[0] = {**infos[0], "description": "Pythön (débugpy) 🐍"}
    term = {"tty": False, "color": False, "width": 100}
    assert texttable.render(["a"], [[("é", None)]], [], width=80, color=False, tty=False) is None
    assert adapters_text(infos, term) == _rich_adapters_text(infos, term)


def test_dapcli_adapters_imports_neither_rich_nor_asyncio(tmp_path: Path) -> None:
    code = ("import sys, io, contextlib\nfrom dapcli.frontends.cli.fast import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    main(['adapters'])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('rich', 'asyncio', 'pydantic', 'typer', 'dataclasses', 'email') or m == 'dapcli.protocol.transport'))")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=60)
    assert json.loads(out.stdout.replace("'", '"')) == [], out.stderr


@pytest.mark.parametrize("as_json", [False, True])
def test_fast_adapters_output_is_the_full_apps(tmp_path: Path, as_json: bool) -> None:
    """The console script's answer equals the typer app's (``dapcli.frontends.cli.inprocess.run``)."""
    words = ["adapters", "--json"] if as_json else ["adapters"]
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": str(tmp_path), "COLUMNS": "97"}
    fast = subprocess.run([sys.executable, "-m", "dapcli", *words], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)
    full = subprocess.run([sys.executable, "-c", f"from dapcli.frontends.cli.inprocess import run; run({words!r})"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert fast.returncode == full.returncode == 0, fast.stderr + full.stderr
    assert fast.stdout == full.stdout
