"""Reads two lines from stdin and prints their sum."""
a = int(input("a? "))  # @first
b = int(input("b? "))
print("sum", a + b)  # @sum
