"""The launch of a Ruby test run (``dapcli test test/test_cart.rb``, ``dapcli test spec/cart_spec.rb``)
under rdbg: the test file (minitest) or the ``rspec`` script as the program, after finding where
the test library raises a failure (its breakpoint: ``engine/testrun/ruby.py``)."""

from __future__ import annotations

import os
import shutil

from dapcli.adapters.base import LaunchOptions
from dapcli.engine.testrun.ruby import RSpecRunner, RubyTestRunner, rspec_program
from dapcli.errors import AdapterError, UsageError

__all__ = ["ruby_test_launch"]


def ruby_test_launch(chosen: RubyTestRunner, work_dir: str, env: dict[str, str]) -> LaunchOptions:
    """The launch of ``chosen``'s run in ``work_dir``: minitest runs its test file with ``-Ilib``
    and ``-Itest`` (those that exist), RSpec runs ``rspec`` with the selectors.

    Raises:
        UsageError: no test file, or several (minitest runs one file); rspec missing.
        AdapterError: Ruby or the test library is not installed.
    """
    ruby = shutil.which("ruby")
    if ruby is None:
        raise AdapterError("ruby is not on PATH", "apt-get install ruby (tools/install-adapters.sh)")
    if isinstance(chosen, RSpecRunner):
        program, extra = rspec_program(), {}
    else:
        files = chosen.files()
        if len(files) != 1:
            raise UsageError("minitest runs one test file" + (f", not {len(files)}" if files else ""),
                             "e.g. dapcli test test/test_cart.rb [TEST_NAME…]")
        program = os.path.normpath(os.path.join(work_dir, files[0]))
        extra = {"rubyOptions": [f"-I{d}" for d in ("lib", "test") if os.path.isdir(os.path.join(work_dir, d))]}
    chosen.find_raise(ruby)
    return LaunchOptions(program=program, args=chosen.arguments(), cwd=work_dir, env=env, extra=extra)
