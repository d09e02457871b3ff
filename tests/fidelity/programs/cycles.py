"""Cycles by identity: a cycle through two objects, a list that holds itself, two lists that
print the same, and a list nested deeper than debugpy writes."""

class Node:
    def __init__(self, name):
        self.name = name
        self.next = None


a = Node("a")
b = Node("b")
a.next = b
b.next = a
loop = [1]
loop.append(loop)
same = [[1, 2], [1, 2]]
deep = [[[[[1]]]]]
nest = [[1, [2]], 3]
print("ready")  # @ready
