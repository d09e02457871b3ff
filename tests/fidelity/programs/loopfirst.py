"""A function whose first statement is a loop, called twice (function breakpoints stop once per call)."""


def count(n):
    for i in range(n):  # @count-body
        n += i
    return n


class Box:
    def spin(self, n):
        while n > 0:  # @spin-body
            n -= 1
        return n


count(3)
count(2)
Box().spin(3)
Box().spin(2)
print("done")
