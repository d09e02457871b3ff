"""Entry point of a session host process:
``python -m dapcli.frontends.cli.hostmain NAME [IDLE_S [ADAPTER]]``.

Imports everything a command needs up front, so that forwarded one-shot commands find it warm;
``ADAPTER`` (from :func:`dapcli.adapters.prestart.hint`) is started before those imports.
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    name = argv[0]
    idle = float(argv[1]) if len(argv) > 1 else 3600.0
    if len(argv) > 2:
        from dapcli.dispatch import prestart

        prestart.start(argv[2])  # runs while the imports below do
    import asyncio

    from dapcli.dispatch.host import SessionHost
    from dapcli.frontends.cli.app import get_command
    from dapcli.frontends.cli.runner import handle_argv

    get_command()  # build the typer app now, not on the first forwarded command
    host = SessionHost(name, idle_timeout=idle, argv_handler=handle_argv)
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
