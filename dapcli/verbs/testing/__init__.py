"""The ``debugTest`` verb: run one test under the debugger."""
