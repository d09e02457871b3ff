"""The CLI's generated command tree (``shape.json`` beside this module), read once.

``shape.json`` is written by :mod:`dapcli.frontends.cli.shapegen` from the typer app; the quick
answers (:mod:`dapcli.frontends.cli.quick`) and the completion scripts
(:mod:`dapcli.frontends.cli.completion`) read it. Standard library only (the hot path).
"""

from __future__ import annotations

import json
import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["load_shape"]

_SHAPE: dict[str, Any] | None = None
_HERE = os.path.dirname(__file__)


def load_shape() -> dict[str, Any]:
    """The generated command tree (``shape.json`` beside this module), read once."""
    global _SHAPE
    if _SHAPE is None:
        with open(os.path.join(_HERE, "shape.json"), encoding="utf-8") as handle:
            _SHAPE = json.load(handle)
    return _SHAPE
