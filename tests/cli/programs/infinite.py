"""Runs forever (until paused or stopped)."""

import time


def main():
    counter = 0
    while True:
        counter += 1  # @loop
        time.sleep(0.01)


if __name__ == "__main__":
    main()
