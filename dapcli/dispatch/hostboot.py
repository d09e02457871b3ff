"""The first lines a session host runs: ``python -P -S -c BOOT NAME IDLE_S [EARLY|-]`` (see
:func:`dapcli.dispatch.spawn.host_command`); ``-``: ``EARLY`` comes as one line on stdin, which
the one-shot client writes while this interpreter starts. ``BOOT`` runs :func:`boot`, then
:func:`dapcli.frontends.cli.hostmain.main`.

``-P``: the user's working directory, where the host runs, is not on ``sys.path`` (a project's
``selectors.py`` or ``json.py`` would otherwise replace the standard library's in the host).
``-S``: the site packages are set up only after the adapter of an early launch
(:mod:`dapcli.adapters.early.launch`: ``EARLY`` is ``launch:`` and its JSON, which names the
adapter's command) has been started, ~20 ms sooner than ``site`` would allow; then the host runs
as usual. Standard library only.
"""

from __future__ import annotations

import os
import sys

#: What the host's ``-c`` runs; ``{root}`` is the folder that holds the ``dapcli`` package
#: (appended: a regular install's root is the site-packages folder, which must not come before the
#: standard library).
BOOT = ("import sys; sys.path.append({root!r}); from dapcli.dispatch.hostboot import boot; early = boot(); "
        "from dapcli.frontends.cli.hostmain import main; raise SystemExit(main(sys.argv[1:], early))")
#: Must equal :data:`dapcli.adapters.early.launch.PREFIX` (a test keeps them equal).
EARLY_PREFIX = "launch:"


def command(name: str, idle: float) -> list[str]:
    """The argv of a session host for ``name`` (idle timeout ``idle`` s)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return [sys.executable, "-P", "-S", "-c", BOOT.format(root=root), name, repr(idle)]


def boot() -> object | None:
    """Read ``EARLY`` (``sys.argv`` is updated to hold it), start the adapter it names, then set up
    the site packages (typer, pydantic, psutil…, .pth files, sitecustomize). Returns that
    adapter's ``subprocess.Popen``, or None."""
    from dapcli.engine.watchmark import own_mark

    own_mark()  # before the adapter starts: all it starts carries this host's mark
    argv = sys.argv
    if len(argv) > 3 and argv[3] == "-":  # the client writes what to start early on our stdin
        argv[3:4] = [text] if (text := _read_early()) else []
    early = _spawn(argv[3]) if len(argv) > 3 and argv[3].startswith(EARLY_PREFIX) else None
    import site

    site.main()
    return early


def _read_early() -> str:
    """The line the client wrote on our stdin ("" at once when it wrote none); stdin is
    ``/dev/null`` afterwards, as for any host."""
    try:
        text = sys.stdin.buffer.readline(1 << 20).decode("utf-8", "surrogateescape").strip()
    except (OSError, ValueError):
        text = ""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    return text


def _spawn(early: str) -> object | None:
    """Start the adapter an early launch names (``command``, and ``env`` added to ours) in its
    own session, with pipes, as the family would; None when that fails (the verb starts it)."""
    import json
    import subprocess

    try:
        spec = json.loads(early[len(EARLY_PREFIX):])
        argv, env = spec["command"], spec.get("env") or {}
        if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv) and isinstance(env, dict)):
            return None
        return subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True, env={**os.environ, **{str(k): str(v) for k, v in env.items()}})
    except (OSError, ValueError, KeyError, TypeError):
        return None
