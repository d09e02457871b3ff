"""debugpy's family (Python): the adapter (:mod:`.adapter`), its early start (:mod:`.early`: the
adapter, a plain launch, a test run started while the session host imports), the TCP_NODELAY
``sitecustomize`` put on its processes' ``PYTHONPATH`` (``debugpy_nodelay/``), and the
python-only helpers (interpreter, function breakpoints, injection, noise filters)."""
