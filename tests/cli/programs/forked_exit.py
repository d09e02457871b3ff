"""Forks a child that outlives the program, then ends: abruptly (``os._exit``, the answer to the
last request lost) when the first argument is ``abrupt``, else normally."""

import os
import sys
import time

if os.fork() == 0:
    time.sleep(120)  # holds the program's connection to debugpy (inherited)
    os._exit(0)
ending = "abrupt" if sys.argv[1:] == ["abrupt"] else "normal"  # @forked
if ending == "abrupt":
    os._exit(0)
print("the program ends", flush=True)
