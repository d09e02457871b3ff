"""JSON-RPC errors for lines the MCP SDK would drop without a word.

The SDK's stdio transport hands a line that is not a JSON-RPC message to the session as an
exception, and the session only logs it: the client waits for an answer that never comes. Here
such a line is answered as JSON-RPC 2.0 says: ``-32700`` (parse error, id null) for text that
is not JSON, ``-32600`` (invalid request) for JSON that is not one JSON-RPC message object
(a number, a string, a batch array, a request with a bad ``jsonrpc``/``id``/``params``), with
the request's id when one can be read. A line nested too deeply for Python's parser is refused the
same way (its RecursionError ended the server, and every session with it).
"""

from __future__ import annotations

import json
from typing import Any

import mcp_types as types
from pydantic import ValidationError

__all__ = ["refusal"]

_SHOWN = 200  # characters of a validation problem in the error message


def refusal(line: str) -> bytes | None:
    """The JSON-RPC error line (with its newline) answering ``line``, or None when ``line`` is a
    valid JSON-RPC message (or blank) and goes on to the SDK."""
    if not line.strip():
        return None
    try:
        message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        if isinstance(message, types.JSONRPCNotification) and '"id"' in line:
            return _bad_id(line)  # a request whose id is not an id reads as a notification
        return None
    except ValidationError as exc:
        problem = exc
    except ValueError as exc:  # not UTF-8 / not JSON at the pydantic level
        problem = exc
    try:
        value = json.loads(line)
    except ValueError as exc:
        return _error(None, types.PARSE_ERROR, f"Parse error: not JSON ({exc})")
    except RecursionError:  # `[[[[…]]]]` 100,000 deep: it must not end the server and its sessions
        return _error(None, types.INVALID_REQUEST, "Invalid Request: nested too deeply")
    if isinstance(value, list):
        return _error(None, types.INVALID_REQUEST,
                      "Invalid Request: batches are not supported; send one object per line")
    if not isinstance(value, dict):
        return _error(None, types.INVALID_REQUEST, "Invalid Request: a JSON-RPC message is an object")
    return _error(_id_of(value), types.INVALID_REQUEST, f"Invalid Request: {_first_problem(problem)}")


def _bad_id(line: str) -> bytes | None:
    try:
        value = json.loads(line)
    except RecursionError:  # valid to the SDK's parser (its own depth limit), too deep for ours
        return _error(None, types.INVALID_REQUEST, "Invalid Request: nested too deeply")
    if not isinstance(value, dict) or "id" not in value:
        return None
    return _error(None, types.INVALID_REQUEST, "Invalid Request: id must be a string or an integer")


def _id_of(message: dict[str, Any]) -> str | int | None:
    ident = message.get("id")
    return ident if isinstance(ident, str | int) and not isinstance(ident, bool) else None


def _first_problem(exc: Exception) -> str:
    if isinstance(exc, ValidationError) and exc.errors():
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()) if not isinstance(part, int))
        text = f"{where}: {first.get('msg', '')}" if where else str(first.get("msg", ""))
    else:
        text = str(exc)
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def _error(ident: str | int | None, code: int, message: str) -> bytes:
    body = {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}
    return json.dumps(body).encode() + b"\n"
