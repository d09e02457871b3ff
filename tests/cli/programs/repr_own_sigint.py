"""A program that handles Ctrl+C itself, with a local whose __repr__ takes 8 s: dapcli must not
interrupt it with a SIGINT (that would run the program's handler)."""

import signal
import time


def on_sigint(number, frame):
    print("handler ran", flush=True)


class Slow:
    def __repr__(self):
        time.sleep(8)
        return "slow but done"


def main():
    signal.signal(signal.SIGINT, on_sigint)
    slow = Slow()
    fine = 42
    print("made", flush=True)  # @stop
    return fine if slow else 0


if __name__ == "__main__":
    print("result", main(), flush=True)
