"""A program that daemonizes: a child calls os.setsid() and forks the daemon, which writes its
pid to the file named by argv[1] and sleeps; the child exits at once (the daemon is re-parented
to init), and the parent goes on to a breakpoint. `dapcli stop` must end the daemon too.
With ``at-once`` as argv[2], the child exits right after its fork: the daemon is an orphan before
anyone can see it as a descendant."""

import os
import sys
import time


def main():
    pidfile = sys.argv[1]
    pid = os.fork()
    if pid == 0:
        os.setsid()
        if os.fork() == 0:
            with open(pidfile + ".tmp", "w") as out:
                out.write(str(os.getpid()))
            os.rename(pidfile + ".tmp", pidfile)
            time.sleep(3000)
        if sys.argv[2:] == ["at-once"]:
            os._exit(0)
        while not os.path.exists(pidfile):  # linger a moment, as a real daemon's starter does
            time.sleep(0.05)
        time.sleep(1.0)
        os._exit(0)
    os.waitpid(pid, 0)
    forked = True  # @forked
    return forked


if __name__ == "__main__":
    main()
