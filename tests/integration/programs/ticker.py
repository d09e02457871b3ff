"""Prints a numbered line every 0.05 s, forever."""

import time

n = 0
while True:
    n += 1
    print("tick", n)  # @tick
    time.sleep(0.05)
