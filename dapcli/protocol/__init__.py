"""DAP wire layer: framing, transports, connection. Knows nothing of verbs or frontends."""
