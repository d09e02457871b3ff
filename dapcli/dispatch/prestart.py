"""What the one-shot client and the session host use of :mod:`dapcli.adapters.prestart`
(the adapter a host starts while it imports); standard library only."""

from __future__ import annotations

from dapcli.adapters.prestart import discard, hint, start

__all__ = ["discard", "hint", "start"]
