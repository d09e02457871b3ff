"""A program stopped at module level: its functions and classes are in debugpy's groups."""
import sys


class Node:
    def __init__(self, value, kids=()):
        self.value = value
        self.kids = list(kids)


def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)


def main():
    return fact(5)


d = {f"k{i}": i for i in range(100)}
big = list(range(500))
tree = {"a": {"b": {"c": {"d": 1}}}, "l": [[1, [2, [3]]]], "e": {"f": {"g": {"h": 2}}}}
count = 7
print(len(d), len(big), len(sys.argv), main(), count)  # @ready
