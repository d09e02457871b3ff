"""A test that fails on one run only: each run counts itself in a file of the folder that
FLAKY_DIR names; the run numbered FLAKY_FAIL_ON (default 3) fails."""

import os
from pathlib import Path


def bump(folder: str) -> int:
    path = os.path.join(folder, "runs")
    count = int(Path(path).read_text()) if os.path.exists(path) else 0
    count += 1  # @bump
    with open(path, "w") as handle:
        handle.write(str(count))
    return count
