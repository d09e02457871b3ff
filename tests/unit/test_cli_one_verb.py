"""A session host parses its first command with a command of that verb alone (built in ~2 ms)
instead of every verb's: the parse must be the very one the full app gives."""

from __future__ import annotations

import pytest

from dapcli.frontends.cli import app

CASES = [
    ["launch", "p.py", "-b", "p.py:3"],
    ["--json", "-S", "other", "launch", "p.py", "--", "a", "--b"],
    ["launch", "p.py", "--stop-on-entry", "--env", "A=1", "--cwd", "/tmp"],
    ["launch", "-m", "pytest", "--", "-x", "t.py"],
    ["launch", "--bogus", "p.py"],
    ["launch", "--help"],
    ["launch"],
    ["attach", "--pid", "12"],
    ["attach", "--port", "x"],
    ["test", "t.py::test_one", "--", "-k", "x"],
    ["next"],
    ["eval", "1 + 2"],
    ["-S", "s", "break", "add", "p.py:3", "--condition", "x > 1"],
    ["break", "list", "--json"],
    ["break", "add", "--bogus"],
    ["break", "add", "--help"],
    ["watch", "delete", "2"],
]


def _fields(parsed: object) -> object:
    return vars(parsed).copy()


@pytest.mark.parametrize("argv", CASES, ids=lambda argv: " ".join(argv))
def test_one_verb_command_parses_as_the_full_app(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "_COMMAND", None)
    monkeypatch.setattr(app, "_ONE", {})
    lean = _fields(app.parse(list(argv)))
    assert app._ONE, "the one-verb command was not used"
    monkeypatch.setattr(app, "_COMMAND", app.get_command() if app._COMMAND is None else app._COMMAND)
    full = _fields(app.parse(list(argv)))
    assert lean == full
