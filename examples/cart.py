"""A cart summed in a loop: breakpoints with conditions, hit counts, log messages, functions."""
import json


class Cart:
    def __init__(self):
        self.items = []

    def total(self):
        return sum(self.items)  # @total


def add(a, b):
    return a + b


cart = Cart()
total = 0
for i in range(5):
    cart.items.append(i)
    total = cart.total()  # @loop
extra = add(total, 1)  # @add
text = json.dumps({"total": total})  # @dumps
print("total", total, extra, text)
