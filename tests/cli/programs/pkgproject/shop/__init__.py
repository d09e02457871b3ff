"""A package that the tests in tests/ import (run from the project's root)."""

PRICES = {"notebook": 1999, "pen": 525}


def price(name: str) -> int:
    return PRICES[name]


def check_stock(stock, wanted):
    assert stock == wanted  # @stock: a bare assert (pytest rewrites only the test modules)
