"""Regenerate everything derived from the verb table's CLI: ``dapcli/frontends/cli/shape.json``
and ``help.json`` (what the fast path answers help and completion from), then
``completions/dapcli.{bash,zsh,fish}``, and serve-mcp's recorded ``initialize``/``tools/list``
answers (``dapcli/frontends/mcp/prelude.json``). Run ``python tools/gen_completions.py`` after changing a
verb; ``tests/unit/test_cli_shape.py`` fails while any of them is stale."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# a fresh interpreter: the help is rendered with a fixed width and colours, whatever this shell has
subprocess.run([sys.executable, "-m", "dapcli.frontends.cli.shapegen"], check=True, cwd=ROOT,
               env={"PATH": "/usr/bin:/bin", "HOME": str(ROOT), "TERM": "xterm-256color"})

from dapcli.frontends.cli.completion import SHELLS, script  # noqa: E402  (reads the new shape)

for shell in SHELLS:
    (ROOT / "completions" / f"dapcli.{shell}").write_text(script(shell))

# serve-mcp's recorded answers to initialize and tools/list (the tool listing follows the verbs)
subprocess.run([sys.executable, "-m", "dapcli.frontends.mcp.preludegen"], check=True, cwd=ROOT)
