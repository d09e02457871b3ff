"""A loop for ``trace`` on a line that holds a breakpoint of the user's: a line breakpoint (with a
condition, a hit count or a log message) or a function breakpoint on that line."""


def scale(i):
    return i * 10  # @scale-body


def main():
    total = 0
    for i in range(5):
        name = f"item{i}"
        total += scale(i)  # @add
        print(f"{name} total={total}")
    print("done", total)


main()
