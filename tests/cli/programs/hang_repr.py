"""A value whose __repr__ never returns (for bounded stop rendering)."""

import time


class Stuck:
    def __repr__(self):
        time.sleep(3600)
        return "never"


def main():
    value = Stuck()
    print("made", flush=True)  # @stop
    return value


if __name__ == "__main__":
    main()
