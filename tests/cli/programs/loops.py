"""A loop that calls a function: for breakpoints, conditions and stepping in and out."""


def add(a, b):
    total = a + b  # @add_body
    return total  # @add_return


def main():
    acc = 0
    # @comment_only: a comment, no code on this line
    for i in range(10):  # @for
        value = i * 2  # @loop_body
        acc = add(acc, value)  # @call
        print(f"i={i} acc={acc}")  # @after_call
    print("done", acc)  # @done
    return acc


if __name__ == "__main__":
    main()  # @main_call
