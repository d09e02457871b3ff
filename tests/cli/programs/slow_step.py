"""A line that takes a while to step over (1.5 s), so that a `next` over it is still running
when another command comes."""

import time

before = 1  # @before_nap
time.sleep(1.5)
after = 2  # @after_nap
print(before + after)
