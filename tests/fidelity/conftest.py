"""Fixtures for the fidelity tests: the programs copied to a private folder and built once
(C with ``-g -O0``, Go with ``-gcflags=all=-N -l``), a :class:`Cli` per test, and a check that
nothing built here is left running; for the per-adapter scenario modules, each adapter's
program (``programs/fid.*``) built once per module into its own folder."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from fid_helpers import CC, GO, PROGRAMS, Cli
from fidelity import copy_program


@pytest.fixture(scope="session")
def programs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private copy of tests/fidelity/programs (debug info points here)."""
    folder = tmp_path_factory.mktemp("fidelity")
    shutil.copytree(PROGRAMS, folder, dirs_exist_ok=True)
    return folder


def _build_c(folder: Path, name: str) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    done = subprocess.run([CC, "-g", "-O0", "-o", name, f"{name}.c"], cwd=folder, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return folder / name


@pytest.fixture(scope="session")
def c_programs(programs: Path) -> Path:
    """The C programs built: errors, loop, sleepy, tracevals."""
    for name in ("errors", "loop", "sleepy", "tracevals"):
        _build_c(programs, name)
    return programs


@pytest.fixture(scope="session")
def fncond(programs: Path) -> Path:
    """programs/fncond.c built (a function breakpoint's condition)."""
    return _build_c(programs, "fncond")


@pytest.fixture(scope="session")
def returns_c(programs: Path) -> Path:
    """programs/returns.c built (return values after ``finish``)."""
    return _build_c(programs, "returns")


@pytest.fixture(scope="session")
def hitloop(programs: Path) -> Path:
    """hitloop/main.go built for debugging."""
    if GO is None:
        pytest.skip("needs go to build the Go program")
    folder = programs / "hitloop"
    done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "hitloop", "."], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / "hitloop"


@pytest.fixture(scope="session")
def scaleloop(programs: Path) -> Path:
    """programs/scaleloop.c built: a loop of argv[1] passes (hit counts, log points at scale)."""
    return _build_c(programs, "scaleloop")


@pytest.fixture(scope="session")
def goscaleloop(programs: Path) -> Path:
    """programs/goscale/main.go built for debugging (a loop of os.Args[1] passes)."""
    if GO is None:
        pytest.skip("needs go to build the Go program")
    folder = programs / "goscale"
    done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "goscale", "."], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / "goscale"


@pytest.fixture(scope="session")
def gocrash(programs: Path) -> Path:
    """tests/go/programs/crash.go (a nil map write: a runtime panic) built for debugging."""
    if GO is None:
        pytest.skip("needs go to build the Go program")
    folder = programs / "gocrash"
    folder.mkdir(exist_ok=True)
    shutil.copy(PROGRAMS.parent.parent / "go" / "programs" / "crash.go", folder / "main.go")
    (folder / "go.mod").write_text("module crash\n\ngo 1.19\n")
    done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "crash", "."], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / "crash"


@pytest.fixture
def cli(programs: Path) -> Iterator[Cli]:
    runner = Cli(programs)
    yield runner
    runner.close()


@pytest.fixture(autouse=True, scope="module")
def nothing_left(programs: Path) -> Iterator[None]:
    """After each module: no program built here is still running."""
    yield
    left = []
    for process in psutil.process_iter(["pid", "cmdline"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if str(programs) in cmdline and process.info["pid"] and _alive(process):
            left.append(f"{process.info['pid']}: {cmdline}")
    assert not left, f"left running: {left}"


def _alive(process: psutil.Process) -> bool:
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False

def _build(folder: Path, argv: list[str]) -> None:
    done = subprocess.run(argv, cwd=folder, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{argv[0]} failed: {done.stderr}"


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fidelity")


@pytest.fixture(scope="module")
def c_program(workdir: Path) -> tuple[Path, Path]:
    """(executable, source) of programs/fid.c."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler (gcc or cc) to build the test program")
    source = copy_program("fid.c", workdir)
    _build(workdir, [cc, "-g", "-O0", "-o", "fid", source.name])
    return workdir / "fid", source


@pytest.fixture(scope="module")
def go_program(workdir: Path) -> tuple[Path, Path]:
    """(executable, source) of programs/fid.go."""
    go = shutil.which("go")
    if go is None:
        pytest.skip("go is not installed (needed to build the test program)")
    source = copy_program("fid.go", workdir)
    (workdir / "go.mod").write_text("module fid\n\ngo 1.19\n")
    _build(workdir, [go, "build", "-gcflags=all=-N -l", "-o", "fid", source.name])
    return workdir / "fid", source


@pytest.fixture(scope="module")
def script_program(workdir: Path, request: pytest.FixtureRequest) -> tuple[Path, Path]:
    """(program, source) of an interpreted program: the module's ``SOURCE`` (fid.py, fid.js)."""
    source = copy_program(request.module.SOURCE, workdir)
    return source, source
