"""A method's return value (debugpy names it `(return) Meter.read`), and an exception raised and
caught before the program goes on: for quoted names in paths and exception filters at launch."""


class Meter:
    def read(self):
        return 42  # @read


def check():
    try:
        raise ValueError("caught")  # @raised
    except ValueError:
        pass
    return Meter().read()  # @call


print("read", check())  # @done
