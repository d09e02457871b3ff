"""Return values after `finish` (stepOut)."""


class Cart:
    def __init__(self) -> None:
        self.items = [3, 4]

    def total(self) -> int:
        return sum(self.items)  # @in-total


def square(x):
    y = x * x
    return y  # @in-square


def nothing():
    print("nothing")  # @in-nothing


def main():
    total = square(7)  # @call-square
    cart_total = Cart().total()
    nothing()
    print(total, cart_total)  # @print


main()
