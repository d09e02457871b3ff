"""Sleeps far longer than any test waits: for step timeouts."""

import time

print("sleeping", flush=True)
time.sleep(120)  # @sleep
