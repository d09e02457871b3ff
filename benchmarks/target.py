"""Benchmark target: a long loop of simple lines to step through."""


def work(limit):
    running = 0
    for i in range(limit):
        running += i  # @running
        running -= 1
    return running


print(work(1_000_000))
