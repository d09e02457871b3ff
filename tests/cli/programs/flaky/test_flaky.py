import os

from counter import bump


def test_sometimes() -> None:
    count = bump(os.environ["FLAKY_DIR"])
    fail_on = int(os.environ.get("FLAKY_FAIL_ON", "3"))
    assert count != fail_on  # @assert


def test_always() -> None:
    assert 1 + 1 == 2
