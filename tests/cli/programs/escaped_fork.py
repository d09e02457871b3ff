"""Starts a process that leaves both its tree and its process group (a double fork: the middle
process ends at once, the grandchild moves to a process group of its own and writes its pid to
the file named by the first argument), then stops at a breakpoint line."""

import os
import sys
import time

if os.fork() == 0:
    if os.fork() == 0:
        os.setpgid(0, 0)
        with open(sys.argv[1] + ".part", "w") as handle:
            handle.write(str(os.getpid()))
        os.rename(sys.argv[1] + ".part", sys.argv[1])
        time.sleep(120)
        os._exit(0)
    os._exit(0)
os.wait()
while not os.path.exists(sys.argv[1]):
    time.sleep(0.01)
print("escaped", flush=True)  # @escaped
