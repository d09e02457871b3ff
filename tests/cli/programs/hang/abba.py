"""Two threads take two locks in opposite orders and deadlock (ABBA).

Usage: abba.py [lock|rlock]. Prints "both wait for the other's lock" once each worker holds
its first lock and sleeps waiting for the other's."""

import sys
import threading

from ready import announce_when_waiting

kind = sys.argv[1] if len(sys.argv) > 1 else "lock"
make = threading.RLock if kind == "rlock" else threading.Lock
lock_a = make()
lock_b = make()
both = threading.Barrier(2)


def transfer_ab() -> None:
    with lock_a:
        both.wait()
        with lock_b:  # @wait_b
            print("never")


def transfer_ba() -> None:
    with lock_b:
        both.wait()
        with lock_a:  # @wait_a
            print("never")


first = threading.Thread(target=transfer_ab, name="ab")
second = threading.Thread(target=transfer_ba, name="ba")
first.start()
second.start()
announce_when_waiting(__file__, {first: "wait_b", second: "wait_a"}, "both wait for the other's lock")
first.join()  # @join
second.join()
