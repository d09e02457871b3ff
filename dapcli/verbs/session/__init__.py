"""Session verbs: launch, attach, restart, stop, status, wait, sessions; launch configurations, adapters, doctor."""
