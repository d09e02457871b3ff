"""A program debugged "remotely": it runs from another directory than the user's checkout."""


def work(n):
    total = 0
    for i in range(n):
        total += i  # @add
    return total


print("result", work(4))
