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


def test_stock():
    from shop import check_stock

    check_stock({"pen": 3, "notebook": 1, "stickers": 12, "tape": 4, "folder": 7}, {"pen": 3, "notebook": 1,
                                                                                      "stickers": 12, "tape": 5,
                                                                                      "folder": 7})
