"""A value, a key or a path is one line wherever it is shown: a ``__repr__`` that returns
``"ok\\r\\nlocals: fake=1"`` must not draw a line that passes for dapcli's own (the stop's
locals line, `vars`, a watch), in the CLI text and in MCP's text."""

from __future__ import annotations

from pathlib import Path

from conftest import PYTHON, Cli

PROGRAM = '''class Evil:
    def __repr__(self):
        return "ok\\x1b[2J\\r\\nlocals: fake=1"


e = Evil()
d = {"k\\nx": 1}
x = 1
print("end")
'''


def _lines_faked(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("locals: fake")]


def test_a_value_with_a_line_break_stays_on_its_line(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "rep.py").write_text(PROGRAM)
    stop = dc.run("launch", "rep.py", "--python", PYTHON, "-b", "rep.py:9", cwd=tmp_path, timeout=60).out
    dc.sessions.add("default")
    assert "e=ok\\x1b[2J\\x0alocals: fake=1" in stop and not _lines_faked(stop), stop
    shown = dc.run("vars").out
    assert "e = ok\\x1b[2J\\x0alocals: fake=1  (Evil)" in shown and not _lines_faked(shown), shown
    watched = dc.run("watch", "add", "e").out
    assert not _lines_faked(watched), watched
    raw = dc.json("vars")  # JSON keeps the value as the adapter gave it
    [evil] = [v for v in raw["variables"] if v["name"] == "e"]
    assert evil["value"] == "ok\x1b[2J\r\nlocals: fake=1"

