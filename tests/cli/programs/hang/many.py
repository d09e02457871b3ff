"""200 threads: two deadlock (ABBA), the main thread and 197 others wait on one event. Prints "all wait" once each is
asleep at its marked line."""

import threading

from ready import announce_when_waiting

lock_a = threading.Lock()
lock_b = threading.Lock()
both = threading.Barrier(2)
never = threading.Event()


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


def idle() -> None:
    never.wait()  # @idle


waits = {threading.Thread(target=transfer_ab, name="ab"): "wait_b",
         threading.Thread(target=transfer_ba, name="ba"): "wait_a"}
waits.update({threading.Thread(target=idle, name=f"idle-{n:03}", daemon=True): "idle" for n in range(197)})
for thread in waits:
    thread.start()
announce_when_waiting(__file__, waits, "all wait")
never.wait()  # @main
