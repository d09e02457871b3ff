"""A parent that stops while its multiprocessing child is stopped too: two sessions of one tree."""
import multiprocessing


def work(n):
    square = n * n  # @child
    return square


if __name__ == "__main__":
    child = multiprocessing.get_context("spawn").Process(target=work, args=(7,))
    parent_value = 11
    child.start()
    child.join()  # @parent
