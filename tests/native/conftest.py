"""Fixtures for the native adapter tests: C programs built once per session with ``-g -O0``,
a core file of the crashing one, and a check that nothing built here is left running."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from native_helpers import CC, CRASH_C, DAPCLI, SAMPLE_C, SPIN_C, running_below


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with copies of the sources (so that the programs' debug info points here)."""
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    folder = tmp_path_factory.mktemp("native")
    for source in (SAMPLE_C, CRASH_C, SPIN_C):
        shutil.copy(source, folder / source.name)
    return folder


def _compile(folder: Path, source: str, output: str, *flags: str) -> Path:
    assert CC is not None
    done = subprocess.run([CC, *flags, "-o", output, source], cwd=folder, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, f"{CC} failed: {done.stderr}"
    return folder / output


@pytest.fixture(scope="session")
def sample(build_dir: Path) -> Path:
    return _compile(build_dir, "sample.c", "sample", "-g", "-O0")


@pytest.fixture(scope="session")
def sample_nodebug(build_dir: Path) -> Path:
    """The same program without debug info (for the warning)."""
    return _compile(build_dir, "sample.c", "sample_nodebug", "-O0")


@pytest.fixture(scope="session")
def crash(build_dir: Path) -> Path:
    return _compile(build_dir, "crash.c", "crash", "-g", "-O0")


@pytest.fixture(scope="session")
def spin(build_dir: Path) -> Path:
    return _compile(build_dir, "spin.c", "spin", "-g", "-O0")


@pytest.fixture(scope="session")
def core_file(crash: Path) -> Path:
    """A core file of ``crash``: from the kernel (``ulimit -c unlimited``) when its core pattern
    writes a plain file, else written by gdb's ``gcore`` at the crash."""
    folder = crash.parent / "cores"
    folder.mkdir(exist_ok=True)

    def unlimited() -> None:
        resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    pattern = Path("/proc/sys/kernel/core_pattern").read_text().strip() if os.path.exists(
        "/proc/sys/kernel/core_pattern") else ""
    reasons = []
    if pattern and not pattern.startswith("|") and "/" not in pattern:
        done = subprocess.run([str(crash)], cwd=folder, preexec_fn=unlimited, capture_output=True, timeout=30)
        found = [p for p in folder.iterdir() if p.name.startswith(pattern.split("%")[0] or "core")]
        if done.returncode != 0 and found:
            return found[0]
        reasons.append(f"the kernel wrote no core file (core_pattern {pattern!r})")
    else:
        reasons.append(f"the kernel's core_pattern {pattern!r} does not write a file here")
    gdb = shutil.which("gdb")
    if gdb:
        target = folder / "crash.core"
        subprocess.run([gdb, "-batch", "-nx", "-ex", "run", "-ex", f"gcore {target}", str(crash)],
                       cwd=folder, capture_output=True, timeout=60)
        if target.exists():
            return target
        reasons.append("gdb's gcore wrote nothing")
    pytest.skip("cannot make a core file: " + "; ".join(reasons))


@pytest.fixture(autouse=True, scope="module")
def no_program_left(build_dir: Path) -> object:
    """After each module: no program built here is still running (debuggees are killed)."""
    yield
    left = running_below(build_dir)
    assert not left, f"processes left behind: {left}"


@pytest.fixture
def cli_env(sample: Path) -> Iterator[dict[str, str]]:
    """An environment for one-shot CLI tests: its own short runtime dir; the session is stopped after."""
    runtime = tempfile.mkdtemp(prefix="dc")  # unix socket paths must stay short
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=runtime, NO_COLOR="1", COLUMNS="160")
    env.pop("DAPCLI_SESSION", None)
    yield env
    subprocess.run([DAPCLI, "stop"], env=env, cwd=sample.parent, capture_output=True, timeout=30)
    shutil.rmtree(runtime, ignore_errors=True)
