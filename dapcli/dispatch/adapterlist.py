"""What the one-shot client may show about adapters without the verb table: the ``adapters``
verb's rows (:func:`dapcli.adapters.registry.describe_all`), for ``dapcli adapters``'s fast path."""

from __future__ import annotations

from dapcli.adapters.registry import describe_all

__all__ = ["describe_all"]
