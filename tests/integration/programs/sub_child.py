import sys

word = sys.argv[1]
print("got", word)  # @child
sys.exit(3)
