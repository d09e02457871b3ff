"""Exits with code 3 before any breakpoint can be hit."""

import sys

print("about to fail: héllo 世界")
print("stderr line before exit", file=sys.stderr)
sys.stdout.flush()
sys.stderr.flush()
sys.exit(3)
print("never printed")  # @never
