"""The debugging engine: sessions, their state machine, breakpoint book and output buffer."""
