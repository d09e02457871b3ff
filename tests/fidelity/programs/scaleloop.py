"""A loop of N passes (argv[1], default 10000): hit counts and log points at scale."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
total = 0
for i in range(n):
    total += i  # @scale-body
print("sum", total)
