"""A flaky test: it fails on its third run only. Each run counts itself in the file "runs" of the
folder that FLAKY_DIR names. Catch the failing run under the debugger with:
    cd examples/flaky && FLAKY_DIR=$(mktemp -d) dapcli test test_flaky.py --until-fail 10
"""

import os
from pathlib import Path


def test_sometimes():
    runs = Path(os.environ["FLAKY_DIR"]) / "runs"
    count = int(runs.read_text()) + 1 if runs.exists() else 1
    runs.write_text(str(count))
    assert count != 3  # @assert
