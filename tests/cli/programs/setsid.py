"""A debuggee that leaves its process group: it calls os.setsid() (or, when it already leads a
process group, which debugpy's launcher arranges, it forks a child that does), and starts a
`sleep` in a new session too. `dapcli stop` must end all of them."""

import os
import subprocess
import time


def main():
    try:
        os.setsid()
        moved = "debuggee"
    except PermissionError:  # already a process group leader
        moved = "none"
    pid = os.fork()
    if pid == 0:  # the child leaves the group and the session, then lingers
        os.setsid()
        time.sleep(300)
        os._exit(0)
    sleeper = subprocess.Popen(["sleep", "300"], start_new_session=True)
    print(f"setsid={moved} debuggee={os.getpid()} forked={pid} sleeper={sleeper.pid}", flush=True)
    ready = True  # @ready
    while ready:
        time.sleep(0.05)


if __name__ == "__main__":
    main()
