"""A small program for recipe tests: a loop calling a helper, then one line of output."""

import sys


def scale(value, factor):
    result = value * factor  # @scale
    return result


def main(argv):
    factor = int(argv[1]) if len(argv) > 1 else 2
    total = 0
    for i in range(3):
        total += scale(i, factor)  # @loop
    print(f"total={total}")  # @print
    return total


if __name__ == "__main__":
    main(sys.argv)
