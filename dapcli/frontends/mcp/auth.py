"""Bearer-token authentication of ``serve-mcp --transport streamable-http``.

Any local user can connect to a loopback port, so the HTTP server requires
``Authorization: Bearer TOKEN`` by default. The token is generated at start with :mod:`secrets`
(or read from ``--token-file``), printed once on stderr and written mode 0600 to the private
runtime directory as ``mcp-PORT.token``; it is compared in constant time
(:func:`hmac.compare_digest`). The check itself is the mcp SDK's: a :class:`StaticTokenVerifier`
handed to ``MCPServer(token_verifier=…, auth=…)``, whose Starlette middleware answers 401 to a
request without a valid token. The SDK's Origin/Host checks (DNS rebinding protection on
loopback) stay on.
"""

from __future__ import annotations

import contextlib
import errno
import hmac
import os
import secrets
import shlex
import stat
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server.auth.provider import AccessToken

__all__ = ["StaticTokenVerifier", "auth_settings", "load_token", "new_token", "remove_token_file",
           "token_path", "write_token_file"]

#: Shortest token accepted from ``--token-file`` (characters).
MIN_TOKEN_LENGTH = 16
#: Longest ``--token-file`` read (bytes).
MAX_TOKEN_FILE = 4096
CLIENT_ID = "dapcli-owner"


class StaticTokenVerifier:
    """The SDK's ``TokenVerifier`` protocol for one shared secret."""

    def __init__(self, token: str) -> None:
        self._token = token.encode()

    async def verify_token(self, token: str) -> AccessToken | None:
        """An ``AccessToken`` when ``token`` is the secret (constant-time compare), else None."""
        from mcp.server.auth.provider import AccessToken

        if hmac.compare_digest(token.strip().encode(), self._token):
            return AccessToken(token="<redacted>", client_id=CLIENT_ID, scopes=[])
        return None


def auth_settings(host: str, port: int) -> Any:
    """The SDK's ``AuthSettings`` for a plain bearer-token resource server (no OAuth routes)."""
    from mcp.server.auth.settings import AuthSettings

    url_host = f"[{host}]" if ":" in host else host
    return AuthSettings(issuer_url=f"http://{url_host}:{port}", resource_server_url=None)


def new_token() -> str:
    """A fresh random token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def load_token(path: str) -> str:
    """The token in ``path`` (surrounding whitespace stripped).

    Raises:
        UsageError: unreadable, not a regular file, readable by others, or too short.
    """
    from dapcli.errors import UsageError

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        hint = ("create one: (umask 077; python3 -c 'import secrets; print(secrets.token_urlsafe(32))' > "
                f"{shlex.quote(path)})") if exc.errno == errno.ENOENT else "give a readable file"
        raise UsageError(f"cannot read the token file {path}: {exc.strerror}", hint) from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"the token file {path} is not a regular file", "give a file holding the token")
        if stat.S_IMODE(info.st_mode) & 0o077:
            raise UsageError(f"the token file {path} is readable by others (mode "
                             f"{stat.S_IMODE(info.st_mode):o})", f"chmod 600 {path}")
        token = handle.read(MAX_TOKEN_FILE).decode("utf-8", "replace").strip()
    if len(token) < MIN_TOKEN_LENGTH or any(c.isspace() or not c.isprintable() for c in token):
        raise UsageError(f"the token in {path} is too short or holds spaces or control characters",
                         f"use at least {MIN_TOKEN_LENGTH} printable characters, e.g. "
                         "`python3 -c 'import secrets; print(secrets.token_urlsafe(32))'`")
    return token


def token_path(port: int) -> str:
    """Where the server of ``port`` writes its token: ``RUNTIME_DIR/mcp-PORT.token``."""
    from dapcli.dispatch.sessionfile import runtime_dir

    return os.path.join(runtime_dir(), f"mcp-{port}.token")


def write_token_file(port: int, token: str) -> str:
    """Write ``token`` to :func:`token_path` (mode 0600, whatever the umask); return the path."""
    path = token_path(port)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w") as handle:
        os.fchmod(handle.fileno(), 0o600)
        handle.write(token + "\n")
    return path


def remove_token_file(path: str | None) -> None:
    if path:
        with contextlib.suppress(OSError):
            os.unlink(path)
