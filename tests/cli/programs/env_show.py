"""Prints what the environment says of DEBUG and N (values set by --set env.X / adapterConfig)."""
import os

print("DEBUG", repr(os.environ.get("DEBUG")), "N", repr(os.environ.get("N")))  # @show
