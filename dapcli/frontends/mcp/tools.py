"""One MCP tool per verb, generated from the verb table.

Tools are registered below the SDK's function introspection: a :class:`VerbTool` hands the raw
JSON arguments to the dispatcher, so the verb's arguments model is the single validator
(strict: unknown keys, ``true`` for a number and ``"42"`` for an int are refused). The SDK
would otherwise drop unknown keys and coerce values before we saw them.

Every tool takes an optional ``session``. Results carry the verb's result model as structured
content plus a compact text rendering; every error becomes ``isError`` with its message and hint.

tools/list is what every agent conversation pays for in context, so it stays small: the verbs an
agent uses all the time (:data:`DIRECT`) are tools of their own with a one-line description;
every other verb (including verbs added later, until someone lists them in :data:`DIRECT`) is
reached through the one ``more`` tool (``{"verb": NAME, "arguments": {...}}``), whose
description lists them with their parameters; each also stays callable by its own name (it is
only left out of tools/list). Output schemas are left out unless the server is
started with ``output_schemas=True`` (``dapcli serve-mcp --output-schemas``): results still
carry ``structuredContent``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, Protocol

from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from dapcli.errors import DapcliError
from dapcli.frontends.mcp.bounds import bound_structured, bound_text
from dapcli.frontends.mcp.compact import compact
from dapcli.frontends.mcp.render import render
from dapcli.verbs.models import Result
from dapcli.verbs.registry import VERBS, VerbSpec
from dapcli.verbs.shared.bounds import MAX_ID
from dapcli.verbs.shared.phrasing import phrase_all, phrase_text

__all__ = [
    "DIRECT", "MORE", "NEW_SESSION_HELP", "SESSION_HELP", "Dispatcher", "ToolCaller", "VerbTool", "error_text",
    "input_schema", "listed", "more_tool", "output_schema", "redacted_note", "verb_tools",
]

#: Verbs that are tools of their own; the rest go through :data:`MORE`.
DIRECT = frozenset({
    "launch", "debugTest", "stop", "status", "wait",
    "setBreakpoint",
    "continue", "next", "stepIn", "stepOut", "pause",
    "stackTrace", "variables", "evaluate", "output",
})
#: The tool that reaches every other verb.
MORE = "more"

SESSION_HELP = "session (default: the only one)"
NEW_SESSION_HELP = "new session's name (default: default)"
EXECUTES_NOTE = "Returns the stop state."


class Dispatcher(Protocol):
    """What the server needs: ``call`` a verb on a session, and the sessions it owns.

    A dispatcher may also offer ``session_names() -> list[str]`` (e.g. a routing dispatcher
    that also reaches hosted sessions); the default session is chosen from it when present.
    """

    manager: Any

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = ..., cwd: str | None = ...) -> Result:
        ...


class VerbTool(Tool):
    """An MCP tool whose call goes straight to ``fn(arguments)`` (no SDK argument model).

    Its output schema is built on the first tools/list, not at server start.
    """

    result_model: Any = Field(default=None, exclude=True)

    @functools.cached_property
    def output_schema(self) -> dict[str, Any] | None:
        return _result_schema(self.result_model) if self.result_model is not None else None

    async def run(self, arguments: dict[str, Any], context: Any, convert_result: bool = False) -> Any:
        return await self.fn(arguments, progress_of(context))


#: Most seconds between two ``notifications/progress`` while a call waits (clients' timers reset on each).
PROGRESS_EVERY = 4.0
Progress = Callable[[float, str], Awaitable[None]]


def progress_of(context: Any) -> Progress | None:
    """``report(elapsed_s, message)`` sending ``notifications/progress`` for this request: the SDK
    sends them only when the request carried a ``progressToken`` (else a no-op). None without a
    request context."""
    report = getattr(context, "report_progress", None)
    if report is None:
        return None

    async def send(elapsed: float, message: str) -> None:
        with contextlib.suppress(Exception):  # a lost notification never costs the call its result
            await report(elapsed, None, message)

    return send


async def with_progress(call: Awaitable[Result], progress: Progress, verb: str) -> Result:
    """Await ``call``, reporting progress every :data:`PROGRESS_EVERY` s until it ends."""
    task = asyncio.ensure_future(call)
    started = time.monotonic()
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=PROGRESS_EVERY)
            if done:
                return task.result()
            elapsed = time.monotonic() - started
            await progress(round(elapsed, 1), f"{verb}: waiting for the program ({elapsed:.0f} s)")
    finally:
        if not task.done():
            task.cancel()


class ToolCaller:
    """Runs one tool call: pick the session, dispatch, render; map every error to ToolError.

    ``after_call(verb, session)`` runs after each successful call (resource notifications).
    """

    def __init__(self, dispatcher: Dispatcher,
                 after_call: Callable[[str, str], Awaitable[None]] | None = None, *, compact: bool = True) -> None:
        self.dispatcher = dispatcher
        self.after_call = after_call
        #: structured content without defaults (off when output schemas are declared: they list every field)
        self.compact = compact

    async def call(self, spec: VerbSpec, arguments: Mapping[str, Any] | None,
                   progress: Progress | None = None) -> CallToolResult:
        """Run ``spec`` with ``arguments``; an execution verb (``continue``, ``wait``, ``launch``…)
        sends ``notifications/progress`` through ``progress`` every :data:`PROGRESS_EVERY` s while
        it waits (when the request carried a ``progressToken``).

        Raises:
            ToolError: bad arguments, unknown session, wrong state, adapter refusal, any crash."""
        args = dict(arguments or {})
        session = args.pop("session", None)
        if session is None:
            session = self.default_session(spec)
        elif not isinstance(session, str):
            raise ToolError(f"{spec.name}: session: expected a string, got {type(session).__name__} "
                            f"(session names: {', '.join(self.session_names()) or 'none yet'})")
        _unquote_lists(spec, args)
        try:
            pending = self.dispatcher.call(spec.name, args, session, None)
            result = await (with_progress(pending, progress, spec.name) if progress is not None and spec.executes
                            else pending)
        except DapcliError as exc:
            raise ToolError(error_text(exc)) from None
        except Exception as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc
        phrase_all(result, MCP_WORDS)  # hints name tools and their parameters, not the command line
        data = compact(result.to_json()) if self.compact else result.to_json()
        if self.after_call is not None:
            with contextlib.suppress(Exception):  # a notification never costs the caller its result
                await self.after_call(spec.name, session)
        text = bound_text(_text(result, data))
        if result.redacted:
            text += "\n" + redacted_note(result.redacted)
        data, note = bound_structured(data)
        if note:
            text += f"\n[structured result cut: {note}]"
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)

    def session_names(self) -> list[str]:
        names = getattr(self.dispatcher, "session_names", None)
        if callable(names):
            return list(names())
        return list(self.dispatcher.manager.sessions)

    def default_session(self, spec: VerbSpec) -> str:
        """The only session if exactly one exists, else ``default`` (always ``default`` for
        verbs that start a session)."""
        if spec.needs == "none":
            return "default"
        names = self.session_names()
        return names[0] if len(names) == 1 else "default"


def redacted_note(count: int) -> str:
    """What a tool result says when ``count`` of its values were redacted (structured: ``redacted``)."""
    said = "value was redacted: it looks" if count == 1 else "values were redacted: they look"
    return (f"[{count} {said} secret (by name or shape); the user sees them in the "
            "dapcli CLI or REPL, or when serve-mcp runs with --show-secrets]")


def _text(result: Result, data: dict[str, Any]) -> str:
    """The compact rendering; compact JSON if a renderer fails (a stop is never lost to a bug)."""
    try:
        return render(result)
    except Exception:
        return json.dumps(data, separators=(",", ":"))


def _unquote_lists(spec: VerbSpec, args: dict[str, Any]) -> None:
    """A list sent as JSON text (``"[\"a.py:3\"]"``, a habit of some clients) becomes the list;
    anything else is left for the verb's model to judge."""
    keys = _LIST_KEYS.get(spec.name)
    if keys is None:
        keys = _LIST_KEYS[spec.name] = _list_keys(spec)
    for key in keys:
        value = args.get(key)
        if isinstance(value, str) and value.lstrip().startswith("["):
            with contextlib.suppress(ValueError):
                parsed = json.loads(value)
                if isinstance(parsed, list):
                    args[key] = parsed


#: Per verb name: :func:`_list_keys`.
_LIST_KEYS: dict[str, tuple[str, ...]] = {}


def _list_keys(spec: VerbSpec) -> tuple[str, ...]:
    """The argument names (alias and Python name) of ``spec``'s list parameters (read once per
    verb: a parameter's type is looked at through ``typing`` on every access)."""
    return tuple(key for param in spec.params if param.is_list for key in (param.alias, param.name))


def error_text(exc: DapcliError) -> str:
    """``message (hint)``, its verb references and command lines said as tool calls
    (`` `dapcli break list` `` → `` `more {"verb": "listBreakpoints"}` ``), and a lone option
    as the parameter's name (``--thread-id`` → ``threadId``)."""
    text = f"{exc.message} ({exc.hint})" if exc.hint else exc.message
    text = phrase_text(text, MCP_WORDS)
    return _FLAG.sub(_flag_as_argument, text) if "--" in text else text


class McpWords:
    """Verb references (:mod:`dapcli.calls`) as MCP tool calls: a direct tool with its arguments
    (``continue {"threadId": 1}``), any other verb through ``more`` (``more {"verb": "input",
    "arguments": {"text": "TEXT"}}``); a parameter as ``terminal: true``."""

    def call(self, verb: str, args: dict[str, Any]) -> str:
        arguments = _arguments(verb, args)
        if verb in DIRECT:
            return f"`{verb} {arguments}`" if args else f"`{verb}`"
        inner = f'"verb": {json.dumps(verb)}' + (f', "arguments": {arguments}' if args else "")
        return f"`{MORE} {{{inner}}}`"

    def option(self, verb: str, name: str, value: Any) -> str:
        return f"`{name}: {json.dumps(value, ensure_ascii=False)}`"


MCP_WORDS = McpWords()


def _arguments(verb: str, args: dict[str, Any]) -> str:
    """``args`` as the JSON object a tool takes; a placeholder (``N``, ``ID``) given for a number
    parameter is written bare (``{"index": N}``: a number goes there), never as a string that
    the tool would refuse (``{"index": "N"}``)."""
    spec = VERBS.get(verb)
    numbers = {p.alias for p in spec.params if p.base_type in (int, float)} if spec else set()
    return "{" + ", ".join(
        f"{json.dumps(key)}: " + (value if key in numbers and _placeholder(value) else
                                  json.dumps(value, ensure_ascii=False))
        for key, value in args.items()) + "}"


def _placeholder(value: Any) -> bool:
    """``N``, ``ID``, ``LINE``: a word a hint writes where the user puts a value of their own."""
    return isinstance(value, str) and value.replace("_", "").isalpha() and value.isupper()


_FLAG = re.compile(r"--([a-z][a-z-]+)(?: ([A-Z][A-Z_]*)\b)?")


def _flag_as_argument(match: re.Match[str]) -> str:
    flag, value = match.group(1), match.group(2)
    aliases = {p.flag: p.alias for spec in VERBS.values() for p in spec.params}
    aliases["session"] = "session"  # every tool takes it
    name = aliases.get(flag)
    if name is None:
        return match.group(0)  # a command-line option of no tool (--trust-project): said as it is
    return f"{name}={value}" if value else name


def verb_tools(specs: Iterable[VerbSpec], caller: ToolCaller, *, output_schemas: bool = False) -> list[Tool]:
    """One :class:`VerbTool` per verb, and the ``more`` tool for the verbs outside :data:`DIRECT`.
    Every verb stays callable by its own name; tools/list shows only :data:`DIRECT` and ``more``
    (see :func:`listed`).

    ``output_schemas``: declare each tool's result schema (clients rarely use them; they are
    most of the listing's size).
    """
    specs = list(specs)
    tools: list[Tool] = []
    for spec in specs:
        if any(p.alias in ("session", "verb") for p in spec.params):
            raise TypeError(f"verb {spec.name} has a 'session' or 'verb' parameter; it clashes with the MCP tools")
        tools.append(VerbTool(
            fn=functools.partial(caller.call, spec), name=spec.name, description=description(spec),
            parameters=input_schema(spec), fn_metadata=FuncMetadata(arg_model=ArgModelBase),
            result_model=spec.result_model if output_schemas else None, is_async=True,
            context_kwarg=None, annotations=tool_annotations(spec),
        ))
    rest = [spec for spec in specs if spec.name not in DIRECT]
    if rest:
        tools.append(more_tool(rest, caller))
    return tools


def listed(tools: Iterable[Any]) -> list[Any]:
    """The tools that tools/list shows: :data:`DIRECT` and ``more``."""
    return [tool for tool in tools if tool.name in DIRECT or tool.name == MORE]


def more_tool(specs: list[VerbSpec], caller: ToolCaller) -> Tool:
    """The ``more`` tool: ``{"verb": NAME, "arguments": {...}, "session"?}`` runs any verb in ``specs``."""
    by_name = {spec.name: spec for spec in specs}

    async def run(arguments: dict[str, Any], progress: Progress | None = None) -> CallToolResult:
        args = dict(arguments or {})
        name = args.pop("verb", None)
        spec = by_name.get(name) if isinstance(name, str) else None
        if spec is None:
            raise ToolError(f"{MORE}: verb: expected one of {', '.join(by_name)}, got {name!r}")
        inner = args.pop("arguments", None) or {}
        if not isinstance(inner, dict):
            raise ToolError(f"{name}: arguments: expected an object")
        unknown = set(args) - {"session"}
        if unknown:
            raise ToolError(f"{MORE}: unknown parameter(s) {', '.join(sorted(unknown))} (put them in arguments)")
        return await caller.call(spec, {**inner, **args}, progress)

    lines = [f"- {spec.name}({', '.join(p.alias + ('' if p.required else '?') for p in spec.params)}): "
             f"{_short(spec.summary)}" for spec in specs]
    text = "Run a less common verb: verb=NAME, arguments={...}.\n" + "\n".join(lines)
    schema = {
        "type": "object", "additionalProperties": False, "required": ["verb"],
        "properties": {
            "verb": {"type": "string", "description": "a verb listed above"},
            "arguments": {"type": "object", "description": "the verb's parameters (camelCase)"},
            "session": {"type": "string", "description": SESSION_HELP},
        },
    }
    return VerbTool(fn=run, name=MORE, description=text, parameters=schema,
                    fn_metadata=FuncMetadata(arg_model=ArgModelBase), is_async=True, context_kwarg=None,
                    annotations=ToolAnnotations(destructive_hint=False))


def _short(summary: str) -> str:
    """A summary without its parenthesis or the part after a colon (the ``more`` listing is terse)."""
    return plain(summary).split(" (")[0].split(": ")[0].rstrip(".")


def plain(text: str) -> str:
    """Docstring markup as Markdown (``x`` → `x`)."""
    return text.replace("``", "`")


def description(spec: VerbSpec) -> str:
    """The verb's one-line summary (the parameters describe themselves), plus how execution
    tools return."""
    text = plain(spec.summary)
    return f"{text} {EXECUTES_NOTE}" if spec.executes else text


def tool_annotations(spec: VerbSpec) -> ToolAnnotations:
    """readOnlyHint for read-only verbs, else destructiveHint (readOnlyHint false is the default)."""
    if spec.read_only:
        return ToolAnnotations(read_only_hint=True)
    # readOnlyHint defaults to false (MCP spec): said only when true, which keeps tools/list small
    return ToolAnnotations(destructive_hint=spec.destructive)


def input_schema(spec: VerbSpec) -> dict[str, Any]:
    """The arguments model's JSON Schema (camelCase, descriptions) plus ``session``."""
    schema = _compact(spec.args_model.model_json_schema(by_alias=True))
    help_text = NEW_SESSION_HELP if spec.needs == "none" and spec.executes else SESSION_HELP
    schema.setdefault("properties", {})["session"] = {"type": "string", "description": help_text}
    schema.pop("additionalProperties", None)  # unknown keys are refused by the verb's model, with their names
    return schema


def output_schema(spec: VerbSpec) -> dict[str, Any]:
    """The result model's JSON Schema as ``to_json`` serializes it (no nulls: they are omitted)."""
    return _result_schema(spec.result_model)


@functools.cache
def _result_schema(model: type[Result]) -> dict[str, Any]:
    """Built once per model (a dozen verbs share StopState)."""
    return _compact(model.model_json_schema(by_alias=True, mode="serialization"))


def _compact(schema: dict[str, Any]) -> dict[str, Any]:
    """Drop generated titles, ``null`` alternatives (dapcli omits None fields), ``false``
    defaults of flags, JSON Schema's own default ``additionalProperties: true`` and the bound
    that only says "a JSON-safe integer" (ids: the verb's model still refuses a larger one):
    shorter schemas cost an agent fewer tokens on every tools/list."""
    compacted: dict[str, Any] = _compact_node(schema)  # builds new containers: the input is not changed
    return compacted


def _compact_node(node: Any) -> Any:
    if isinstance(node, list):
        return [_compact_node(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _compact_node(value) for key, value in node.items()
           if not (key == "title" and isinstance(value, str))}
    options = out.get("anyOf")
    if isinstance(options, list):
        kept = [o for o in options if o != {"type": "null"}]
        if len(kept) == 1 and len(kept) < len(options):
            del out["anyOf"]
            out = {**kept[0], **out}
            if out.get("default", 0) is None:
                del out["default"]
    if out.get("type") == "boolean" and out.get("default") is False:
        del out["default"]  # an absent flag is false: saying so costs every agent bytes
    if out.get("additionalProperties") is True:
        del out["additionalProperties"]
    if out.get("type") == "integer" and out.get("maximum") == MAX_ID:
        del out["maximum"]
    return out
