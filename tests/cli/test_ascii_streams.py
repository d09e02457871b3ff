"""A terminal whose encoding cannot write what dapcli draws (``PYTHONIOENCODING=ascii``): each
result is written whole with escapes for what the encoding lacks, exit 0 — it was an internal
error after the session had started, which left the session running behind a failed launch."""

from __future__ import annotations

from pathlib import Path

from conftest import PYTHON, Cli


def test_an_ascii_terminal_gets_every_result_whole(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "wide.py").write_text('name = "café"\nprint(name)\n')
    ascii_env = {"PYTHONIOENCODING": "ascii"}
    stop = dc.run("launch", "wide.py", "--python", PYTHON, "-b", "wide.py:2", cwd=tmp_path, env=ascii_env,
                  timeout=60)
    dc.sessions.add("default")
    assert stop.out.isascii() and "wide.py:2" in stop.out and "\\u2192 2 \\u2502 print(name)" in stop.out, stop.out
    shown = dc.run("vars", env=ascii_env).out
    assert "name = 'caf\\xe9'" in shown, shown
    assert dc.run("stop", env=ascii_env).code == 0


def test_json_writes_c1_and_bidi_controls_as_escapes(dc: Cli, tmp_path: Path) -> None:
    """``--json`` kept U+009B (an 8-bit CSI) and U+202E raw: a terminal may act on them. They are
    written ``\\u009b`` now: the same JSON value."""
    (tmp_path / "c1.py").write_text('import sys\nsys.stdout.write("x\\x9b31my\\u202e\\n")\nsys.stdout.flush()\n'
                                    'done = 1\n')
    dc.run("launch", "c1.py", "--python", PYTHON, "-b", "c1.py:4", cwd=tmp_path, timeout=60)
    dc.sessions.add("default")
    data = dc.wait_output("31m")
    said = dc.run("--json", "output").out
    assert "\x9b" not in said and "\u202e" not in said and "\\u009b31my\\u202e" in said, said
    assert "x\x9b31my\u202e\n" in "".join(c["output"] for c in data["chunks"])
