"""A local whose method blocks forever (for the adapter's own evaluation timeout)."""

import threading


class Stuck:
    def __init__(self) -> None:
        self.never = threading.Event()

    def wait(self) -> bool:
        return self.never.wait()


def main():
    stuck = Stuck()
    other = 42
    print("made", flush=True)  # @stop
    return stuck, other


if __name__ == "__main__":
    main()
