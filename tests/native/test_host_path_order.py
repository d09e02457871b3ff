"""The session host (``python -P -S -c BOOT``) puts the folder that holds dapcli (site-packages,
for an installed dapcli) after the standard library, as ``site`` does: a module named like a
standard one in that folder (the PyPI ``typing`` backport's ``typing.py``, enum34's ``enum/``)
does not replace the standard library's in the host."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from native_helpers import marker_line, needs

ROOT = Path(__file__).resolve().parents[2]  # the folder that holds the dapcli package


def _client(root: Path) -> list[str]:
    """The one-shot CLI run from ``root`` (a folder holding dapcli), as if installed there."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(root)!r}); "
            "from dapcli.frontends.cli.fast import main; sys.exit(main())"]


@needs("lldb")
@pytest.mark.parametrize("flags", [[], ["--timeout", "60"]], ids=["early-launch", "usual-launch"])
def test_a_module_beside_dapcli_named_like_the_standard_library_stays_out_of_the_host(
        cli_env: dict[str, str], sample: Path, tmp_path: Path, flags: list[str]) -> None:
    installed = tmp_path / "site-packages"
    installed.mkdir()
    (installed / "dapcli").symlink_to(ROOT / "dapcli")
    (installed / "typing.py").write_text("raise SystemExit('the typing.py beside dapcli was imported')\n")
    line = marker_line(sample.parent / "sample.c", "init")
    client = _client(installed)
    done = subprocess.run([*client, "launch", sample.name, "-b", f"sample.c:{line}", *flags], env=cli_env,
                          cwd=sample.parent, capture_output=True, text=True, timeout=90)
    try:
        assert done.returncode == 0, done.stderr
        assert f"at sample.c:{line}" in done.stdout.splitlines()[0]
    finally:
        subprocess.run([*client, "stop"], env=cli_env, cwd=sample.parent, capture_output=True, timeout=30)
