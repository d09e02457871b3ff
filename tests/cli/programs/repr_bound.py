"""Locals whose __repr__ never returns, each beside one that is fine: one asleep in the main
thread, one spinning in another thread (dapcli bounds each value's repr)."""

import threading
import time


class Sleeps:
    def __repr__(self):
        time.sleep(3600)
        return "slept"


class Spins:
    def __repr__(self):
        while True:
            pass


def work():
    spins = Spins()
    fine = 7
    print("in thread", fine, flush=True)  # @thread-stop
    return spins


def main():
    sleeps = Sleeps()
    fine = 42
    print("made", flush=True)  # @main-stop
    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    return fine if sleeps else 0


if __name__ == "__main__":
    print("result", main(), flush=True)
