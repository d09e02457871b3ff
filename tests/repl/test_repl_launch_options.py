"""``dapcli repl PROGRAM`` takes ``dapcli launch``'s options (it took only -b, --python, --record,
--session, --test: ``dapcli repl tot.py --stop-on-entry`` was "No such option")."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from dapcli.frontends.cli.app import get_command

DAPCLI = str(Path(sys.executable).with_name("dapcli"))


def _options(command: Any) -> set[str]:
    return {name for p in command.params if p.param_type_name == "option" for name in (*p.opts, *p.secondary_opts)}


def test_repl_takes_every_option_of_launch() -> None:
    app = get_command()
    launch, repl = app.commands["launch"], app.commands["repl"]
    assert len(_options(launch)) > 30 and _options(launch) - {"--json"} <= _options(repl)
    assert [p.name for p in repl.params if p.param_type_name == "argument"] == ["program", "args"]
    assert {"--record", "--test"} <= _options(repl)


def test_repl_with_launch_options_through_a_pipe(tmp_path: Path) -> None:
    (tmp_path / "prog.py").write_text("import os\nvalue = os.environ.get('FOO', 'none')\nprint(value)\n")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    argv = [DAPCLI, "repl", "prog.py", "--python", sys.executable, "--stop-on-entry", "-b", "prog.py:3",
            "--env", "FOO=bar", "--cwd", str(tmp_path)]
    done = subprocess.run(argv, input=b"c\np value\n", capture_output=True, env=env, cwd=tmp_path, timeout=90)
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, (out, err)
    assert "Stopped (entry)" in out and "Stopped (breakpoint 1)" in out, out
    assert "'bar'  (str)" in out, out
