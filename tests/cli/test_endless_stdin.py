"""``launch --stdin -`` keeps this command's stdin for the program, bounded: an endless stdin
(``/dev/zero``) is refused in one line before any session host starts, never read into memory."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from conftest import DAPCLI, PROGRAMS, PYTHON, Cli, one_line_error

from dapcli.errors import UsageError
from dapcli.files import save_stdin


def test_an_endless_stdin_is_refused_and_nothing_starts(dc: Cli) -> None:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([*DAPCLI, "launch", "sum_input.py", "--python", PYTHON, "--stdin", "-"], stdin=zero,
                              env=dc.env, cwd=PROGRAMS, capture_output=True, timeout=120)
    line = one_line_error(done.stderr.decode())
    assert done.returncode == 2
    assert "--stdin -: more than 256 MiB came on stdin" in line
    assert os.listdir(dc.runtime_dir) == []  # no host, no session file, no kept input
    run = subprocess.run([*DAPCLI, "launch", "sum_input.py", "--python", PYTHON, "--stdin", "-"], input=b"3\n4\n",
                         env=dc.env, cwd=PROGRAMS, capture_output=True, timeout=120)
    dc.sessions.add("default")
    assert run.returncode == 0 and "sum 7" in run.stdout.decode(), run


def test_save_stdin_keeps_what_fits_and_nothing_of_what_does_not(tmp_path: Path) -> None:
    kept = tmp_path / "kept"
    save_stdin(str(kept), io.BytesIO(b"a\r\nb\x00"), limit=10)
    assert kept.read_bytes() == b"a\r\nb\x00" and kept.stat().st_mode & 0o777 == 0o600
    with pytest.raises(UsageError, match="more than 0 MiB came on stdin"):
        save_stdin(str(kept), io.BytesIO(b"x" * 11), limit=10)
    assert not kept.exists()
