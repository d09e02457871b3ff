"""`serve-mcp --token-file FILE`: a missing file gets a hint that creates a good one."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest

from dapcli.errors import UsageError
from dapcli.frontends.mcp.auth import load_token


def test_a_missing_token_file_says_how_to_create_one(tmp_path: Path) -> None:
    path = tmp_path / "my token"
    with pytest.raises(UsageError) as failed:
        load_token(str(path))
    assert "cannot read the token file" in failed.value.message
    hint = failed.value.hint or ""
    assert hint.startswith("create one: ")
    subprocess.run(hint.removeprefix("create one: "), shell=True, check=True)  # the hint works as given
    assert os.stat(path).st_mode & 0o777 == 0o600
    assert len(load_token(str(path))) >= 32
    assert shlex.quote(str(path)) in hint
