"""Checkout for a tiny shop, with a real bug: the discount loses its cents.
Usage: python examples/buggy.py [PERCENT]   (default: 15% off)
With 15% off the total should be 24.41, but this prints total=26.73.
Find out why with: dapcli launch examples/buggy.py --break examples/buggy.py:17
"""

import sys

CART = [("notebook", 19.99), ("pen", 5.25), ("stickers", 0.99), ("tape", 2.50)]


def total(items, percent):
    running = 0.0
    for i, (name, amount) in enumerate(items):
        discount = amount * percent // 100  # the bug: floor division drops the cents
        line = round(amount - discount, 2)
        running += line  # @running
    return round(running, 2)


def receipt(items, percent):
    """Print one line per item, then the total."""
    for i, (name, amount) in enumerate(items):
        print(f"{i + 1}. {name:<10} {amount:6.2f}")  # @receipt
    print(f"total={total(items, percent):.2f}")


def main(argv):
    percent = float(argv[1]) if len(argv) > 1 else 15.0
    receipt(CART, percent)


if __name__ == "__main__":
    main(sys.argv)
