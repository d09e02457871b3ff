"""Raises an exception whose text is 200 KB (for bounded stop states)."""


def main():
    raise ValueError("x" * 200_000)  # @raise


if __name__ == "__main__":
    main()
