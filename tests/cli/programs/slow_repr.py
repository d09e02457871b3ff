"""A value whose __repr__ takes 12 s: longer than a stop waits for its locals (5 s)."""

import time


class Slow:
    def __repr__(self):
        time.sleep(12)
        return "slow"


def main():
    value = Slow()
    print("made", flush=True)  # @stop
    print("after", flush=True)  # @after
    return value


if __name__ == "__main__":
    main()
