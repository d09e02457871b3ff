"""Debugging a test run (``debugTest``): one :class:`TestRunner` per kind of runner (pytest,
unittest, go test, a native test binary) decides which stops are failures, in which frame of the
user's code each one failed, and what the run's summary was. :class:`TestRun` ties one runner to
a session (``session.test_run``); the session asks it to review every new stop."""

from dapcli.engine.testrun.base import Failure, Summary, TestRun, TestRunner

__all__ = ["Failure", "Summary", "TestRun", "TestRunner"]
