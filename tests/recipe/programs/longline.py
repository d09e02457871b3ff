"""One 40,000-character line, then a stop: a recipe's output check judges all of it."""
import sys

sys.stdout.write("START" + "a" * 40000 + "!\n")
sys.stdout.flush()
done = 1  # @after
print("end")
