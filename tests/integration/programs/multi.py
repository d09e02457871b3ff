"""A parent that runs work in a multiprocessing child."""

import multiprocessing


def work(n):
    square = n * n  # @child
    return square


if __name__ == "__main__":
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        print("result", pool.apply(work, (7,)))  # @parent
