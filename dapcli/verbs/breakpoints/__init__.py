"""Breakpoint verbs: line and function breakpoints, their edits, data breakpoints (watchpoints), exception filters."""
