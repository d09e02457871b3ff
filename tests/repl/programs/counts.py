"""Locals to set with gdb's words and two breakpoint lines to clear (``set var``, ``clear LINE``)."""


def main():
    n = 5
    m = n * 2  # @first
    total = n + m  # @second
    print("total", total)  # @done


main()
