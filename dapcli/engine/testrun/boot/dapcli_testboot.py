"""Run pytest or unittest under debugpy, traced only while the tests run.

``python dapcli_testboot.py pytest|unittest ARGS…`` (started by debugpy, as dapcli's program).
pydevd traces every call from the first line on; importing pytest, its plugins and collecting the
tests under that tracer is ~10x slower than without it. This starts with the tracer off on this
thread and turns it on once collection is done (``debugpy.trace_this_thread``), so the tests
themselves run traced: failures, breakpoints and steps in them behave as usual. A breakpoint in
code that runs at import or collection time is not hit. Needs nothing but the standard library,
the runner and debugpy (which runs this).
"""

import os
import sys


def _trace(on):
    try:
        import debugpy

        debugpy.trace_this_thread(on)
    except Exception:  # not under debugpy: run untraced, the tests still run
        pass


class _Traced:
    """A pytest plugin: turn tracing on when the run loop starts (collection is over)."""

    def pytest_runtestloop(self, session):
        _trace(True)


def _pytest(args):
    import pytest

    return pytest.main(args, plugins=[_Traced()])


def _unittest(args):
    import unittest

    class Program(unittest.TestProgram):
        def runTests(self):
            _trace(True)
            super().runTests()

    Program(module=None, argv=["python -m unittest", *args])
    return 0


def main():
    runner, args = sys.argv[1], sys.argv[2:]
    sys.path[0] = os.getcwd()  # as `python -m RUNNER` does (not this file's directory)
    _trace(False)
    code = _pytest(args) if runner == "pytest" else _unittest(args)
    sys.exit(int(code))


if __name__ == "__main__":
    main()
