"""Tracing verbs: ``trace`` (log a breakpoint's hits) and watch expressions."""
