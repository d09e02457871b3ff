"""A small program for the depth tests: python buggy.py [NAME [GREETING]]"""

import os
import sys


def total(items):
    result = 0
    for item in items:
        result += item  # @add
    return result


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "nobody"
    greeting = os.environ.get("GREETING", "hello")
    values = [1, 2, 3]
    answer = total(values)  # @call
    print(f"{greeting} {name}: {answer}")  # @print
    return answer


if __name__ == "__main__":
    main()
