"""Threads that wait without any deadlock: one sleeps in a loop, one waits on an empty queue.

Prints "waiting" once the consumer sleeps in the queue's get."""

import queue
import threading
import time

from ready import announce_when_waiting

jobs: "queue.Queue[int]" = queue.Queue()


def sleeper() -> None:
    while True:
        time.sleep(0.2)  # @sleep


def consumer() -> None:
    job = jobs.get()  # @get
    print("got", job)


threading.Thread(target=sleeper, name="sleeper", daemon=True).start()
waiter = threading.Thread(target=consumer, name="consumer", daemon=True)
waiter.start()
announce_when_waiting(__file__, {waiter: "get"}, "waiting")
while True:
    time.sleep(0.5)  # @main_sleep
