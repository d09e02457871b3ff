class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def main():
    big = list(range(1000))
    text = "héllo\twörld " + "x" * 400
    point = Point(1, 2)
    pairs = {"a": 1, "b": [1, 2]}
    print(len(big), len(text), point.x, pairs["a"])  # @values-ready


main()
