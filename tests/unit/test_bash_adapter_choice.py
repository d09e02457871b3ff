"""Which programs go to bash-dap, and the bash it is given for conditions and hit counts."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from dapcli.adapters.bashdap import BashAdapter, is_bash_script
from dapcli.adapters.registry import adapter_for, by_name


@pytest.mark.parametrize("text", ["#!/bin/bash\n", "#!/usr/bin/env bash\necho\n", "#!/bin/sh -e\n"])
def test_a_script_without_extension_is_known_by_its_shebang(tmp_path: Path, text: str) -> None:
    script = tmp_path / "deploy"
    script.write_text(text)
    assert is_bash_script(str(script))
    assert adapter_for(str(script), cwd=str(tmp_path)).name == "bash"


def test_extensions_and_aliases_choose_bash(tmp_path: Path) -> None:
    assert adapter_for(str(tmp_path / "run.sh"), cwd=str(tmp_path)).name == "bash"
    assert adapter_for(str(tmp_path / "run.bash"), cwd=str(tmp_path)).name == "bash"
    assert by_name("sh", str(tmp_path)).name == "bash" and by_name("bash-dap", str(tmp_path)).name == "bash"


def test_other_shebangs_are_not_bash(tmp_path: Path) -> None:
    script = tmp_path / "tool"
    script.write_text("#!/usr/bin/env python3\nprint(1)\n")
    assert not is_bash_script(str(script))
    assert adapter_for(str(script), cwd=str(tmp_path)).name == "python"


@pytest.mark.parametrize(("hit", "stops_at"), [("3", [3]), ("==2", [2]), (">=2", [2, 3, 4]), ("%2", [2, 4]),
                                               ("<3", [1, 2])])
def test_the_hit_counter_is_a_bash_command_that_counts_in_a_file(tmp_path: Path, hit: str,
                                                                  stops_at: list[int]) -> None:
    """Run as bash-dap runs a condition (a subshell each time, ``$__bdap_dir`` set)."""
    counter = BashAdapter().hit_counter(hit, "dapcli_hits_1_1")
    assert counter is not None
    stops = []
    for n in range(1, 5):
        done = subprocess.run(["bash", "-c", '( eval "$1" )', "bash", counter],
                              env={"__bdap_dir": str(tmp_path), "PATH": "/usr/bin:/bin"}, check=False)
        if done.returncode == 0:
            stops.append(n)
    assert stops == stops_at


def test_a_condition_and_a_hit_count_count_only_where_the_condition_holds(tmp_path: Path) -> None:
    spec = BashAdapter()
    command = spec.counted_condition("[[ $p -gt 4 ]]", spec.hit_counter("2", "c") or "")
    stops = []
    for p in (3, 5, 3, 8, 9):
        done = subprocess.run(["bash", "-c", '( eval "$1" )', "bash", command],
                              env={"__bdap_dir": str(tmp_path), "p": str(p), "PATH": "/usr/bin:/bin"}, check=False)
        if done.returncode == 0:
            stops.append(p)
    assert stops == [8]
