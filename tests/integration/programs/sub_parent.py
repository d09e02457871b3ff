import os
import subprocess
import sys

child = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sub_child.py")
done = subprocess.run([sys.executable, child, "x y"], capture_output=True, text=True)
print(f"child said {done.stdout.strip()!r} rc={done.returncode}")  # @after
