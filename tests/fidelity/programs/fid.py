"""The fidelity scenario in Python (the same steps as fid.c, fid.go, fid.js): lines are found
by their @marker comments."""

import os
import sys
import time


def square(n):
    result = n * n  # @square-body
    return result  # @square-return


def main(flag):
    point = {"x": 3, "y": 4}
    values = [10, 20, 30, 40, 50]
    total = 0
    for i in range(5):
        total += values[i]  # @loop-body
        mark = i  # @loop-hit
        mark += 1  # @log
    sq = square(point["x"])  # @call
    print("a\tb héllo wörld", total, sq, mark, flush=True)  # @print
    while not os.path.exists(flag):  # @wait
        time.sleep(0.01)
    raise ValueError("boom")  # @raise


main(sys.argv[1])
