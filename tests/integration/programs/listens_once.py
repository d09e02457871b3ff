"""Listens for one debug client (port in argv[1]), stops at a breakpoint() call, then ends."""
import sys

import debugpy

debugpy.listen(("127.0.0.1", int(sys.argv[1])))
debugpy.wait_for_client()
value = 41
debugpy.breakpoint()
value += 1  # @after
print("value", value)
