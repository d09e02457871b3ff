"""``explainHang`` (``dapcli hang``): where each thread waits and why, per language
(:mod:`.python` for debugpy, :mod:`.native` for pthread mutexes, :mod:`.golang` for Delve),
on what :mod:`.stacks` and :mod:`.common` share."""
