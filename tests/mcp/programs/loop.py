"""Loops forever (for pause tests): python loop.py"""

import time


def spin():
    count = 0
    while True:
        count += 1  # @loop
        time.sleep(0.01)


if __name__ == "__main__":
    spin()
