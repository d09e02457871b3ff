"""A test that `dapcli launch -m pytest` stops in."""


def add(a, b):
    return a + b


def test_add():
    x = add(1, 2)  # @test
    assert x == 3
