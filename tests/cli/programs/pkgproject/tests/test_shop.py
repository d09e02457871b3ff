from shop import PRICES, price


def test_pen():
    assert price("pen") == 525


def test_notebook():
    total = price("notebook")  # @notebook
    assert total == 1999


def test_misspelled():
    assert price("notebok") == 1999  # @keyerror


def test_last():
    assert PRICES["pen"] + 1 == 525  # @last
