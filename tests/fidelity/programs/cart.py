"""Function breakpoints on debugpy: a method, a plain function, and a name that is nowhere."""


class Cart:
    def __init__(self) -> None:
        self.items = [3, 4]

    def total(self) -> int:
        """Sum of the items."""
        s = sum(self.items)  # @total-body
        return s


def helper(x: int) -> int:
    return x * 2  # @helper-body


def main() -> None:
    cart = Cart()
    value = cart.total()
    print(helper(value))  # @print


main()
