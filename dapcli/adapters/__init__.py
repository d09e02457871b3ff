"""Adapter families: how to start or reach each debug adapter, and its quirks."""
