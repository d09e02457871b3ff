"""Stops once, then dies with os._exit(3) before reaching its second breakpoint."""

import os


def main():
    value = 41  # @first
    value += 1
    print("about to crash", flush=True)
    os._exit(3)
    print("never printed", value)  # @never


main()
