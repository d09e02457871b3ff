"""Sums the numbers on stdin, one a line; an empty stdin ends the loop at once, quietly."""
import sys

total = 0
for line in sys.stdin:
    total += int(line)
print("total", total)  # @total
