"""Writes N numbered lines of 100 bytes each (argv[1] bytes in all) to stdout, 10,000 lines a write."""

import sys

lines = int(sys.argv[1]) // 100
for start in range(0, lines, 10_000):
    sys.stdout.write("".join(f"{i:09d} {'x' * 89}\n" for i in range(start, min(lines, start + 10_000))))
sys.stdout.flush()
