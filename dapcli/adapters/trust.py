"""Consent to run what a project's ``.dapcli/adapters.yaml`` says to run.

A project file can name any command as an adapter; cloning a repository must not be enough to
run it. Such a command runs only when the user agreed to **that file as it is now**: a yes at a
terminal prompt (CLI, REPL, recipes) or ``--trust-project`` records the file's SHA-256 in
``trusted-projects.json`` of the state directory (``$DAPCLI_STATE_DIR``, else
``$XDG_STATE_HOME/dapcli``, else ``~/.local/state/dapcli``); every later run, in any frontend (an
MCP server included), trusts the file while its content is the same, and refuses it again once it
changes. ``DAPCLI_TRUST_PROJECT=1`` trusts every project file (for a throwaway container or CI).
Otherwise starting the adapter raises :class:`UntrustedProjectError`. Stdlib only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os

from dapcli.errors import UntrustedProjectError

__all__ = ["TRUST_ENV", "digest", "require_trust", "trust", "trusted"]

TRUST_ENV = "DAPCLI_TRUST_PROJECT"
#: The file (in the state directory) of the trusted project files: ``{"path": "sha256"}``.
STORE = "trusted-projects.json"
#: The largest project file hashed (a bigger one is never trusted: the loader refuses it anyway).
MAX_BYTES = 1024 * 1024


def _store_path() -> str:
    explicit = os.environ.get("DAPCLI_STATE_DIR")
    if explicit:
        return os.path.join(explicit, STORE)
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "dapcli", STORE)


def digest(path: str) -> str | None:
    """The SHA-256 (hex) of the file ``path``; None when it cannot be read or is too large."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError:
        return None
    return hashlib.sha256(data).hexdigest() if len(data) <= MAX_BYTES else None


def _recorded() -> dict[str, str]:
    try:
        with open(_store_path(), encoding="utf-8") as handle:
            data = json.loads(handle.read(MAX_BYTES))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def trusted(path: str | None = None) -> bool:
    """True when the user agreed to run the commands of the project file ``path`` as it is now
    (or of every project file: ``DAPCLI_TRUST_PROJECT``)."""
    if os.environ.get(TRUST_ENV, "").lower() in ("1", "yes", "true"):
        return True
    if path is None:
        return False
    known = _recorded().get(os.path.realpath(path))
    return known is not None and known == digest(path)


def require_trust(warning: str, path: str | None = None) -> None:
    """Raise :class:`UntrustedProjectError` (announcing ``warning``) unless :func:`trusted`."""
    if trusted(path):
        return
    changed = path is not None and os.path.realpath(path) in _recorded()
    why = "; it changed since you trusted it" if changed else ""
    raise UntrustedProjectError(
        f"{warning}{why}; refusing to run it without your consent",
        "if you trust this project, run dapcli with --trust-project once in it, at a terminal (kept until "
        f"the file changes), or set {TRUST_ENV}=1")


def trust(paths: list[str] | None = None) -> str:
    """Agree to the project files ``paths`` as they are now, for every later run (their hashes
    are recorded), and to every project file for this process and the ones it starts. Returns
    "" or, when the agreement could not be recorded, why (it holds for this run only)."""
    os.environ[TRUST_ENV] = "1"
    if not paths:
        return ""
    store = _store_path()
    known = _recorded()
    for path in paths:
        value = digest(path)
        if value is not None:
            known[os.path.realpath(path)] = value
    try:
        os.makedirs(os.path.dirname(store), mode=0o700, exist_ok=True)
        tmp = f"{store}.tmp{os.getpid()}"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(known, handle, indent=1, sort_keys=True)
        os.replace(tmp, store)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(f"{store}.tmp{os.getpid()}")
        return f"cannot record the trust in {store}: {exc.strerror or exc}"
    return ""
