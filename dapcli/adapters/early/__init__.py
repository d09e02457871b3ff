"""Early start: the adapter of a ``launch`` (or a whole start, or a test run) started while the
session host imports, one mechanism with one seam.

A family that can start early names its *starter* in ``AdapterSpec.early_start``: a module of the
standard library only (the one-shot client reads it) that says which command lines it is sure to
run, with which adapter command, and, on the host, which family speaks for an early launch (see
:mod:`.runner` for its contract). :mod:`.runner` runs them all, for ``launch`` and for ``test``;
the pieces below it know no family: :mod:`.process` (an adapter process started early, taken by
the family's ``start()`` when it is the very same command), :mod:`.launch` and
:mod:`.launch_transport` (a plain launch said to the adapter early, and the session's side of
it), :mod:`.slot` (the one thing held until a session takes it).
"""
