"""abba.py with each inner ``with`` and its body on one line (``with lock_b: print()``): the
thread waits on the lock of its line; it does not hold it.

Prints "both wait for the other's lock" once each worker holds its first lock and waits."""

import threading

from ready import announce_when_waiting

lock_a = threading.Lock()
lock_b = threading.Lock()
both = threading.Barrier(2)


def transfer_ab() -> None:
    with lock_a:
        both.wait()
        with lock_b: print("never")  # @wait_b  # noqa: E701


def transfer_ba() -> None:
    with lock_b:
        both.wait()
        with lock_a: print("never")  # @wait_a  # noqa: E701


first = threading.Thread(target=transfer_ab, name="ab")
second = threading.Thread(target=transfer_ba, name="ba")
first.start()
second.start()
announce_when_waiting(__file__, {first: "wait_b", second: "wait_a"}, "both wait for the other's lock")
first.join()
second.join()
