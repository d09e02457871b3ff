"""Entry point of a session host process:
``python -m dapcli.frontends.cli.hostmain NAME [IDLE_S [ADAPTER]]``.

Imports the engine and the verb table up front; ``ADAPTER`` (what the one-shot client names, see
:func:`dapcli.adapters.early.runner.early_argument`: an adapter, a plain launch, or a test run) is
started before those imports. Each forwarded command
line is parsed with the typer command of its verb alone (built once per verb); the renderers
and the validators of a first stop are prepared in a thread once the first command arrives
(:mod:`dapcli.frontends.cli.warmup`), while its launch waits on the adapter.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def main(argv: list[str], early: Any = None) -> int:
    """Serve the session ``argv[0]`` until it ends; ``early``: the adapter of an early launch,
    already started by :mod:`dapcli.dispatch.hostboot` (a ``subprocess.Popen``)."""
    name = argv[0]
    idle = float(argv[1]) if len(argv) > 1 else 3600.0
    if len(argv) > 2:
        from dapcli.dispatch import prestart

        prestart.start(argv[2], early)  # runs while the imports below do
    import asyncio

    from dapcli.engine.prewarm import skip_pydantic_plugins

    skip_pydantic_plugins()
    from dapcli.dispatch.host import SessionHost
    from dapcli.frontends.cli import warmup
    from dapcli.frontends.cli.runner import handle_argv

    async def handle(server: Any, session: str, request: dict[str, Any], emit: Any) -> int:
        warmup.start()  # once: the rest of the app, while this first command waits on its adapter
        return await handle_argv(server, session, request, emit)

    host = SessionHost(name, idle_timeout=idle, argv_handler=handle)
    try:
        asyncio.run(host.serve())
    finally:
        if len(argv) > 2:
            prestart.discard()
    _remove_files(name)
    return 0


def _remove_files(name: str) -> None:
    """The session ended: remove its NAME.log (the host's stderr) and NAME.lock (launch's lock)."""
    import contextlib
    import os

    from filelock import FileLock, Timeout

    from dapcli.dispatch import sessionfile

    folder = sessionfile.runtime_dir()
    with contextlib.suppress(OSError):
        os.unlink(os.path.join(folder, name + ".log"))
    lock = os.path.join(folder, name + ".lock")
    if os.path.exists(lock):
        with contextlib.suppress(OSError, Timeout), FileLock(lock, timeout=0, mode=0o600):
            os.unlink(lock)  # only when no launch holds it (a waiting one keeps its file)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
