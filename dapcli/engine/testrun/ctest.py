"""A ctest test by name: its command and working directory, read from
``ctest --show-only=json-v1`` run in a CMake build directory (one with ``CTestTestfile.cmake``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass

from dapcli.errors import UsageError

__all__ = ["CtestTest", "find_ctest_test", "is_ctest_dir"]

#: Longest wait for ``ctest --show-only`` (s).
CTEST_TIMEOUT = 30.0


@dataclass
class CtestTest:
    """A ctest test: ``argv`` (the test binary first) and the directory it runs in."""

    name: str
    argv: list[str]
    cwd: str


def is_ctest_dir(directory: str) -> bool:
    """A CMake build directory with tests (``CTestTestfile.cmake``)."""
    return os.path.isfile(os.path.join(directory, "CTestTestfile.cmake"))


def find_ctest_test(name: str, build_dir: str) -> CtestTest:
    """The test called ``name`` in ``build_dir``.

    Raises:
        UsageError: ctest is missing or fails, or no test has that name (the names are listed).
    """
    ctest = shutil.which("ctest")
    if ctest is None:
        raise UsageError(f"{name} is not a file, and ctest is not installed to look it up as a test name",
                         "give the path of the test binary, or install cmake")
    try:
        done = subprocess.run([ctest, "--show-only=json-v1"], cwd=build_dir, capture_output=True, text=True,
                              timeout=CTEST_TIMEOUT)
        tests = json.loads(done.stdout).get("tests", [])
    except (OSError, subprocess.TimeoutExpired, ValueError) as exc:
        raise UsageError(f"cannot list the ctest tests in {build_dir}: {exc}", "run: ctest -N") from None
    for test in tests:
        if test.get("name") == name:
            if not test.get("command"):
                raise UsageError(f"ctest test {name} has no command (its executable was not built?)",
                                 "build it first: cmake --build .")
            properties = {p.get("name"): p.get("value") for p in test.get("properties", [])}
            return CtestTest(name, [str(a) for a in test["command"]],
                             str(properties.get("WORKING_DIRECTORY") or build_dir))
    names = ", ".join(str(t.get("name")) for t in tests[:20]) or "none"
    raise UsageError(f"no test binary or ctest test named {name} in {build_dir} (ctest tests: {names})",
                     "list them with: ctest -N")
