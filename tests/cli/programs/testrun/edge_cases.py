"""Stops `dapcli test` must pass (skip, xfail, expected exceptions) and the ones it must make."""
# ruff: noqa: SIM105, RUF061  (the forms a test suite really uses, on purpose)

import contextlib
import unittest

import pytest


def boom(value):
    raise ValueError(value)  # @boom


def test_skip():
    pytest.skip("not today")


@pytest.mark.xfail
def test_expected_failure():
    assert 1 == 2


def test_handled():
    try:
        boom(1)
    except ValueError:
        pass


def test_raises_callable():
    pytest.raises(ValueError, boom, 2)


def test_raises_block():
    with pytest.raises(ValueError):
        boom(3)
    with contextlib.suppress(ValueError):
        boom(4)


class CartTest(unittest.TestCase):
    def test_assert_raises(self):
        with self.assertRaises(ValueError):
            boom(5)


@pytest.fixture
def coupon():
    codes = {"SPRING": 10}
    return codes["SUMMER"]  # @fixture


def test_with_coupon(coupon):
    assert coupon == 10


def test_error_in_code():
    boom("deep")


def test_assert_in_raises_block():
    with pytest.raises(ValueError):
        assert 1 + 1 == 3  # @inraises
