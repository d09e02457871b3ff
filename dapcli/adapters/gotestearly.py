"""Delve's early start (its starter, see :mod:`dapcli.adapters.early.runner`): the test binary of
``dapcli test PACKAGE [TEST…]`` built while the session host imports.

Delve's test mode builds the package's test binary (``go test -c``) before it runs it: most of
the time to a Go test's failure. When the one-shot client can tell the package for sure (the
first word a directory with ``_test.go`` files, the others test names, no option, no project
adapters file, ``go`` and ``dlv`` installed), the host starts that build first thing
(:func:`start_test`: ``go test -c -gcflags=all=-N -l`` into a private folder), and ``debugTest``
takes the binary (:func:`take`) and has Delve run it (``exec``) in the package's folder, as its
test mode would; ``restart`` builds again through Delve's test mode. A failed build is dropped
(Delve's test mode then builds and reports the error); a build nobody takes is killed and its
folder removed. Standard library only at import (the one-shot client imports it).
"""

from __future__ import annotations

import os

from dapcli.adapters.early import process as early_process
from dapcli.adapters.early.slot import EarlySlot

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    import subprocess

__all__ = ["BUILD_FLAGS", "KEYS", "command", "discard_test", "family", "launches", "named", "runs", "start_test",
           "take", "test_plan"]

KEYS = ("go",)
#: What Delve's test mode builds with (no optimizations, no inlining).
BUILD_FLAGS = "-gcflags=all=-N -l"
#: A build not taken within this many seconds is killed.
UNCLAIMED_S = 300.0
#: The test binary's name in its private folder.
BINARY = "package.test"


class _Build:
    """``go test -c`` of ``package`` into ``folder`` (its process, once started)."""

    def __init__(self, package: str, folder: str, process: subprocess.Popen[bytes]) -> None:
        self.package, self.folder, self.process = package, folder, process

    def kill(self) -> None:
        import contextlib
        import shutil
        import signal

        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(Exception):
            self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)


_early = EarlySlot(lambda build: build.kill())


def named(chosen: str) -> str | None:
    """Delve starts nothing early for ``launch``."""
    return None


def runs(program: str) -> str | None:
    return None


def command(name: str) -> tuple[list[str], dict[str, str] | None] | None:
    return None


def launches(program: str) -> str | None:
    return None


def family(key: str) -> None:
    return None


def test_plan(words: list[str], flags: dict[str, dict[str, object]], cwd: str) -> dict[str, object] | None:
    """``{"package": DIR}`` when ``dapcli test WORDS…`` surely runs ``go test`` on that package
    (see the module's doc), else None."""
    import shutil

    if not words or any(word.startswith("-") for word in words) or early_process.adapters_file(cwd):
        return None
    package = os.path.normpath(os.path.join(cwd, words[0]))
    try:
        if not os.path.isdir(package) or not any(name.endswith("_test.go") for name in os.listdir(package)):
            return None
    except OSError:
        return None
    if any(os.path.exists(os.path.join(cwd, word)) for word in words[1:]):
        return None  # a second path: the verb decides what it is
    if shutil.which("go") is None or shutil.which("dlv") is None:
        return None
    return {"package": package}


def start_test(plan: dict[str, object] | None) -> None:
    """Start the build ``plan`` names; never raises (the verb builds through Delve then)."""
    import subprocess
    import tempfile

    package = plan.get("package") if isinstance(plan, dict) else None
    if not isinstance(package, str) or not os.path.isdir(package):
        return
    folder = tempfile.mkdtemp(prefix="dapcli-gotest-")
    try:
        # PWD names the package's real folder (go build believes $PWD: a symlinked checkout's
        # package would be "outside main module"), as Delve's own build does
        process = subprocess.Popen(["go", "test", "-c", BUILD_FLAGS, "-o", os.path.join(folder, BINARY)],
                                   cwd=package, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True,
                                   env={**os.environ, "PWD": os.path.realpath(package)})
    except OSError:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        return
    _early.put(_Build(package, folder, process), UNCLAIMED_S)


def take(package: str, timeout: float) -> tuple[str, str] | None:
    """``(binary, folder)``: the test binary built early for ``package`` (the caller removes
    ``folder`` when done with it), waiting up to ``timeout`` s for the build; None when there is
    none, it failed, or it did not end in time (a build of another package is killed)."""
    build: _Build | None = _early.take(lambda held: held.package == package)
    if build is None:
        return None
    import subprocess

    try:
        code = build.process.wait(timeout)
    except subprocess.TimeoutExpired:
        build.kill()
        return None
    binary = os.path.join(build.folder, BINARY)
    if code != 0 or not os.path.isfile(binary):
        build.kill()
        return None
    return binary, build.folder


def discard_test() -> None:
    """Kill the build started early, unless it was taken."""
    _early.discard()
