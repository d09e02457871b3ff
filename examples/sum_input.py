"""Reads two numbers from stdin and prints their sum: the stdin example of docs/launching.md.

    dapcli launch examples/sum_input.py --stdin examples/numbers.txt -b examples/sum_input.py:6
"""
a = int(input("a? "))
b = int(input("b? "))  # @second
print("sum", a + b)  # @sum
