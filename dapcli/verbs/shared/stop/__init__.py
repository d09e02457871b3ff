"""The stop state that every execution verb returns, and the pieces it is built from."""
