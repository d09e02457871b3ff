"""Ends with exit status 3 through os._exit before any breakpoint (no SystemExit to stop at)."""

import os
import sys
import time

print("about to fail: héllo 世界")
print("stderr line before exit", file=sys.stderr)
sys.stdout.flush()
sys.stderr.flush()
time.sleep(0.2)  # let the debugger forward the output before the process vanishes
os._exit(3)
print("never printed")  # @never
