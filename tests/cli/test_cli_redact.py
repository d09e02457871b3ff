"""The CLI shows values (the user's own terminal) unless ``--redact`` is given, a global option
that works before or after the command, in text and in ``--json``; a one-shot ``run`` of a
recipe takes it too."""

from __future__ import annotations

import pytest
from conftest import Cli

pytest.importorskip("debugpy", reason="debugpy is not installed")

ENV_TOKEN = "ghp_" + "Env" * 12
SECRETS = ("hunter2-x9", "Zx8Zx8", "pw123q", "EnvEnv", "-Q7-Q7")
NAME_MARK = "<redacted: the name looks secret>"


def _leaks(text: str) -> list[str]:
    return [secret for secret in SECRETS if secret in text]


def test_the_cli_shows_values_unless_redact_is_given(dc: Cli) -> None:
    launched = dc.launch("secrets.py", "stop", options=("--env", f"GITHUB_TOKEN={ENV_TOKEN}"))
    assert "hunter2-x9" in launched.out and "redacted" not in launched.out  # the user's own terminal

    assert "'hunter2-x9'" in dc.run("eval", "password").out
    assert dc.json("eval", "os.environ['GITHUB_TOKEN']")["result"] == repr(ENV_TOKEN)

    redacted = dc.run("--redact", "eval", "password")
    assert NAME_MARK in redacted.out and "hunter2" not in redacted.out
    assert "(1 value redacted: it looks secret; run without --redact to see them)" in redacted.out
    after = dc.run("eval", "os.environ", "--max-length", "0", "--redact")  # the flag after the command
    assert _leaks(after.out) == [] and "'GITHUB_TOKEN': '<redacted: GitHub token>'" in after.out

    listed = dc.json("--redact", "vars")
    assert {v["name"]: v["value"] for v in listed["variables"]}["password"] == NAME_MARK
    assert listed["redacted"] >= 5
    for args in (("vars",), ("output",), ("stack",), ("status",)):
        assert _leaks(dc.run("--redact", *args).out) == [], args
    assert "using key <redacted: API key>" in dc.run("--redact", "output").out
    assert "-Q7-Q7" in dc.run("output").out

    # what is sent to the adapter is never changed: a value that looks secret is set as it is
    dc.run("--redact", "set", "password", "'ghp_" + "Set" * 12 + "'")
    assert dc.json("eval", "password")["result"] == repr("ghp_" + "Set" * 12)
    # an error keeps its meaning: the type names and the user's own words it quotes are no secrets
    typed = dc.run("--redact", "eval", "password + 1", check=False)
    assert 'can only concatenate str (not "int") to str' in typed.err, typed.err
    dc.run("stop")
    ended = dc.run("--redact", "eval", "password", check=False)  # dapcli's own error: the session's name
    assert "'default'" in ended.err and "redacted" not in ended.err, ended.err
