"""Fixtures for the depth tests: see depth_helpers.py."""

from depth_helpers import cli, in_process, state_dir, workspace  # noqa: F401  (fixtures)
