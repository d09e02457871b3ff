"""``dapcli repl --redact`` hides values that look secret (the stop's locals, ``p``, ``info
locals``, output, watches); ``dapcli repl`` without it shows them (the user's own terminal)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("debugpy", reason="debugpy is not installed")

DAPCLI = str(Path(sys.executable).with_name("dapcli"))
PROGRAM = Path(__file__).resolve().parents[1] / "cli" / "programs" / "secrets.py"
SECRETS = ("hunter2-x9", "Zx8Zx8", "pw123q", "-Q7-Q7")
NAME_MARK = "<redacted: the name looks secret>"


def _repl(*options: str) -> tuple[int, str, str]:
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1",
           "COLUMNS": "200"}
    env.pop("DAPCLI_SESSION", None)
    line = next(n for n, text in enumerate(PROGRAM.read_text().splitlines(), 1) if "# @stop" in text)
    commands = b"p password\np creds\ninfo locals\ndisplay api_token\noutput\np len(password)\n"
    argv = [DAPCLI, "repl", str(PROGRAM), "--python", sys.executable, "-b", f"{PROGRAM}:{line}", *options]
    with subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          cwd=PROGRAM.parent) as proc:
        try:
            out, err = proc.communicate(commands, timeout=90)
        finally:
            if proc.poll() is None:
                proc.kill()
    return proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def test_repl_redact_hides_secrets() -> None:
    code, out, err = _repl("--redact")
    assert code == 0, (out, err)
    assert [secret for secret in SECRETS if secret in out] == [], out
    assert NAME_MARK in out and "using key <redacted: API key>" in out
    assert "values redacted: they look secret; start the REPL without --redact to see them" in out
    assert "10  (int)" in out  # len(password) is a number: shown
    assert "Traceback" not in err


def test_repl_shows_values_by_default() -> None:
    code, out, err = _repl()
    assert code == 0, (out, err)
    assert "'hunter2-x9'" in out and "-Q7-Q7" in out and "redacted" not in out
