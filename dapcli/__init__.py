"""dapcli: one debugger for the terminal, shell scripts, YAML recipes and AI agents (DAP)."""

__version__ = "0.1.0"
