"""Ends by SIGABRT (os.abort): debugpy reports it as exit code 250."""
import os

print("about to abort", flush=True)
os.abort()  # @abort
