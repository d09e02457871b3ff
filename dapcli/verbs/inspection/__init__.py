"""Inspection verbs: threads, stack, scopes, variables, evaluate, setVariable, source, output."""
