"""Regenerate completions/dapcli.{bash,zsh,fish} from the CLI (``python tools/gen_completions.py``)."""

from pathlib import Path

from dapcli.frontends.cli.completion import SHELLS, script

ROOT = Path(__file__).resolve().parent.parent

for shell in SHELLS:
    (ROOT / "completions" / f"dapcli.{shell}").write_text(script(shell))
