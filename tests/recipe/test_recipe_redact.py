"""``dapcli --redact run RECIPE`` hides values that look secret in the transcript (its checks see
what it shows); ``dapcli run`` shows them."""

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


def _run(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    line = next(n for n, text in enumerate(PROGRAM.read_text().splitlines(), 1) if "# @stop" in text)
    recipe = tmp_path / "secret.yaml"
    recipe.write_text(f"""name: secrets
target:
  program: {PROGRAM}
  python: {sys.executable}
breakpoints:
  - {PROGRAM}:{line}
steps:
  - continue: {{}}
    expect: {{line: {line}}}
  - evaluate: {{expression: password}}
  - evaluate: {{expression: len(password)}}
    expect: {{result: "10"}}
""")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    return subprocess.run([DAPCLI, *options, "run", "--json", str(recipe)], cwd=tmp_path, env=env, text=True,
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL)


def test_run_with_redact_hides_secrets_in_the_transcript(tmp_path: Path) -> None:
    done = _run(tmp_path, "--redact")
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert "hunter2-x9" not in done.stdout and "<redacted: the name looks secret>" in done.stdout
    shown = _run(tmp_path)
    assert shown.returncode == 0, (shown.stdout, shown.stderr)
    assert "hunter2-x9" in shown.stdout
