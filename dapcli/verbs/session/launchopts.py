"""What ``launch``/``attach`` take beyond a program: adapter options (``--set KEY=VALUE``,
``adapterConfig``), breakpoints of every kind (see :mod:`dapcli.verbs.breakpoints.spec`), and what the
adapter answered about them.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BeforeValidator

from dapcli.adapters.base import deep_merge
from dapcli.engine.breakpoints import taken_error
from dapcli.engine.session import Session
from dapcli.errors import UsageError
from dapcli.verbs.breakpoints.args import check_hit_condition
from dapcli.verbs.breakpoints.breakpoints import at_form, place
from dapcli.verbs.breakpoints.match import check_condition, refuse_log_point, resolve_function
from dapcli.verbs.breakpoints.spec import spec_fields
from dapcli.verbs.context import VerbContext
from dapcli.verbs.shared.envnames import check_env
from dapcli.verbs.shared.programfile import program_source

__all__ = [
    "SET_HELP",
    "JsonObject",
    "adapter_settings",
    "add_breakpoints",
    "env_pairs",
    "parse_settings",
]

def env_pairs(value: Any) -> Any:
    """A ``Param(check=…)`` for ``env``: see :func:`~dapcli.verbs.shared.envnames.check_env`."""
    return check_env(value)


CATCH_HELP = "exception filters on from the start, e.g. raised,uncaught (ids: `exceptions list`)"


def filter_list(value: Any) -> Any:
    """A ``Param(check=…)`` for exception filters: ``"raised,uncaught"`` (one text, or texts of a
    list, split at commas) becomes ``["raised", "uncaught"]``; anything else is left to the type check."""
    words = [value] if isinstance(value, str) else value
    if isinstance(words, list) and all(isinstance(w, str) for w in words):
        return [part.strip() for w in words for part in w.split(",") if part.strip()]
    return value


SET_HELP = "KEY=VALUE adapter option (JSON, else text; dotted keys nest)"
SET_EXAMPLE = "e.g. --set justMyCode=false, --set args='[\"a b\"]', --set env.DEBUG=1"


def _json_object(value: Any) -> Any:
    """A JSON object given as text (the command line, the REPL) becomes the object."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ValueError('expected a JSON object, e.g. {"justMyCode": false}') from None
    return value


#: A ``dict`` argument that the command line may give as JSON text.
JsonObject = Annotated[dict[str, Any], BeforeValidator(_json_object)]


def parse_settings(pairs: list[str]) -> dict[str, Any]:
    """``["justMyCode=false", "env.DEBUG=1"]`` → ``{"justMyCode": False, "env": {"DEBUG": "1"}}``
    (values under ``env`` stay text; a JSON string such as ``env.X='"a b"'`` is decoded).

    Raises:
        UsageError: a pair without ``=`` or with an empty key (the message shows a right one).
    """
    found: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        parts = key.strip().split(".")
        if not sep or not all(p.strip() for p in parts):
            raise UsageError(f"bad --set value {pair!r}: write KEY=VALUE", SET_EXAMPLE)
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        if parts[0].strip() == "env" and not isinstance(value, str):
            value = text  # an environment value is text: env.DEBUG=1 is "1", env.X=1e3 stays "1e3"
        node = found
        for part in parts[:-1]:
            child = node.setdefault(part.strip(), {})
            if not isinstance(child, dict):
                raise UsageError(f"--set {key}: {part} is already a value, not an object", SET_EXAMPLE)
            node = child
        node[parts[-1].strip()] = value
    return found


def adapter_settings(settings: list[str], adapter_config: dict[str, Any] | None,
                     just_my_code: bool | None) -> dict[str, Any]:
    """The options the user set for the adapter's request, merged: ``adapterConfig``, then
    ``--set`` pairs, then the named flags. The values of an ``env`` object are sent as text
    (``{"env": {"DEBUG": 1}}`` → ``"1"``; ``null`` stays: it unsets a variable)."""
    merged = deep_merge(adapter_config or {}, parse_settings(settings))
    if isinstance(merged.get("env"), dict):
        merged["env"] = {str(k): _env_text(v) for k, v in merged["env"].items()}
    if just_my_code is not None:
        merged["justMyCode"] = just_my_code
    return merged


def _env_text(value: Any) -> Any:
    """An environment value as text: ``1`` → ``"1"``, ``true`` → ``"true"``; text and None as they are."""
    return value if value is None or isinstance(value, str) else json.dumps(value)


def add_breakpoints(ctx: VerbContext, session: Session, items: list[str | dict[str, Any]],
                    skip: Any = None) -> None:
    """Put each breakpoint (grammar text or structured) in the session's book before it starts.
    ``skip(fields)`` True leaves a breakpoint out (already restored). A line holds one breakpoint,
    as with ``break add``: a second on one line is refused before anything starts. A
    function is the adapter's own function breakpoint (one the program's files do not
    define is listed pending, see :mod:`~dapcli.verbs.breakpoints.match`).

    Raises:
        UsageError: bad grammar, missing file, line outside the file, two breakpoints on one
            line (or function).
    """
    restored = set(session.book.entries)
    default_path = program_source(ctx, session)
    for item in items:
        form = at_form(ctx, item) if isinstance(item, str) else None
        if form is not None:
            location, statement, clauses = form
            clauses = {**clauses, "statement": statement}
        else:
            location, clauses = spec_fields(item)
        check_condition(session, clauses.get("condition"), location)
        refuse_log_point(session, clauses.get("log_message"), location)
        if clauses.get("hit_condition") is not None:  # as break add refuses it: a hit count no adapter means
            try:
                check_hit_condition(clauses["hit_condition"])
            except ValueError as exc:
                raise UsageError(f"bad hit count in {location!r}: {exc}", "e.g. hit 3, hit >=3, hit %4") from None
        found = place(ctx, None, location, clauses.pop("statement", None), clauses.pop("near_line", None),
                      clauses.pop("expect", None), default_path=default_path)
        fields = {**resolve_function(session, found), **clauses}
        taken = session.book.occupant(fields.get("path"), fields.get("line"), fields.get("function"))
        if taken is not None and taken.id not in restored:  # a line holds one breakpoint; nothing has started
            raise taken_error(taken, fields.get("line"), at_launch=True)
        if skip is None or not skip(fields):
            session.book.new_entry(**fields)
