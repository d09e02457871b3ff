"""An endless loop for the REPL's Ctrl-C test: prints once, then spins."""

import time

print("loop started", flush=True)
count = 0
while True:  # @loop
    count += 1
    if count % 1_000_000 == 0:
        time.sleep(0.001)
