"""The programs of the single-case fidelity tests (debugpy): lines are found by @marker."""

import sys
import time


class Game:
    def __init__(self):
        self.scores = {"ann": 1, "bob": 2}

    def bump(self):
        for k in self.scores:
            self.scores[k] += 10  # @bump


def deep(n):
    if n == 0:
        return 0  # @deep
    return deep(n - 1) + 1


def answer():
    return 42


def main(mode):
    print("a\tb héllo", flush=True)
    if mode == "sleep":
        time.sleep(0.01)  # @sleep
        with open(sys.argv[2]) as fifo:  # blocks in C until the test opens the FIFO to write
            fifo.read()
        return
    if mode == "deep":
        deep(60)
        return
    if mode == "crash":
        raise KeyError("missing")  # @crash
    value = answer()  # @answer
    line = "abc"
    Game().bump()
    print(value, line)  # @end


main(sys.argv[1] if len(sys.argv) > 1 else "")
