"""A 10,000-frame stack (a hostile trial's `stack --levels 20000`)."""
import sys

sys.setrecursionlimit(50000)


def rec(n: int) -> int:
    if n == 0:
        return 0  # @base
    return rec(n - 1) + 1


print(rec(10000))
