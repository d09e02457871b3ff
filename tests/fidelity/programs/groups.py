"""debugpy groups big containers: the first 100 items, then `more` ranges of 1000 items."""


def main():
    big = list(range(2500))
    table = {f"k{i}": i for i in range(300)}
    return big, table  # @bp


main()
