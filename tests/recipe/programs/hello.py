"""Prints hello and its arguments, then exits with the code given by --exit."""
import sys

words = [a for a in sys.argv[1:] if not a.startswith("--exit=")]
codes = [int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--exit=")]
print("hello", " ".join(words))  # @hello
sys.exit(codes[0] if codes else 0)
