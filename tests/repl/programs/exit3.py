"""Ends at once with exit code 3 (the REPL announces an end made by another frontend)."""
import sys

print("bye", flush=True)
sys.exit(3)
