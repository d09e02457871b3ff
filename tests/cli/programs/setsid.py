"""A debuggee that leaves its process group (os.setsid) and starts a child in a new session."""

import os
import subprocess
import sys
import time


def main():
    os.setsid()
    child = subprocess.Popen(["sleep", "300"], start_new_session=True)
    print(f"debuggee={os.getpid()} child={child.pid}", flush=True)
    sys.stdout.flush()
    ready = True  # @ready
    while ready:
        time.sleep(0.05)


if __name__ == "__main__":
    main()
