"""Prints far more than the output buffer holds: 20 MB of lines, then one 64 MB line."""

import sys

LINE = "x" * 99 + "\n"
for _ in range(200):  # 20 MB, 100 KB a write
    sys.stdout.write(LINE * 1000)
sys.stdout.flush()
sys.stdout.write("B" * (64 * 1024 * 1024) + "\n")  # one 64 MB chunk
sys.stdout.flush()
print("flood done", flush=True)
done = True  # @flooded
print("after the flood")
