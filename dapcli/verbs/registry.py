"""The verb table: one typed ``async def`` per verb, registered with :func:`verb`.

Registration reads the signature once and derives the arguments model (the single validator
for every frontend: camelCase aliases, unknown keys rejected, ``true`` is not a number), the
result model, preconditions and help. Frontends are generated from :data:`VERBS`.
"""

from __future__ import annotations

import functools
import inspect
import re
import types
import typing
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, create_model, model_validator
from pydantic.alias_generators import to_camel, to_snake
from pydantic_core import PydanticUndefined

from dapcli.errors import UsageError
from dapcli.verbs.shared.bounds import field_bounds, number_problem, text_problem

__all__ = ["VERBS", "Param", "ParamSpec", "VerbSpec", "usage_error_from", "validate_args", "verb"]

Need = Literal["none", "session", "alive", "stopped"]


@dataclass(frozen=True)
class Param:
    """Metadata of one verb parameter, given as ``Annotated[T, Param(...)]``.

    ``complete`` names what completion offers: ``path``, ``location`` (FILE:LINE), ``breakpoint``,
    ``thread``, ``frame``, ``variable``, ``session``, ``expression``. ``positional`` makes it a
    positional argument on the command line and in the REPL.
    """

    help: str
    complete: str | None = None
    positional: bool = False
    short: str | None = None
    flag: str | None = None
    #: Checks (and may convert) the value in the arguments model, before its type is checked;
    #: raises ValueError with a one-line reason. Every frontend gets it.
    check: Callable[[Any], Any] | None = None
    #: A value that passes ``check`` (for help and for tests that build sample calls).
    example: Any = None
    #: The wider type that ``check`` accepts and converts (e.g. an object for a ``NAME=VALUE``
    #: list): the JSON schema (MCP) offers it, so validating clients may send it.
    accepts: Any = None


@dataclass(frozen=True)
class ParamSpec:
    """A parameter as the frontends see it: Python ``name``, camelCase ``alias`` (JSON, MCP,
    recipes), kebab-case ``flag`` (CLI), its type, default and metadata."""

    name: str
    alias: str
    flag: str
    annotation: Any
    default: Any
    required: bool
    meta: Param

    @property
    def is_list(self) -> bool:
        return get_origin(_strip_optional(self.annotation)) is list

    @property
    def base_type(self) -> Any:
        """The scalar type (``int``, ``str``, ``bool``, ``float``) without Optional/list; ``str``
        for an object or a union with ``str`` (the command line gives those as text)."""
        inner = _strip_optional(self.annotation)
        if get_origin(inner) is list:
            inner = get_args(inner)[0]
        if get_origin(inner) is Annotated:
            inner = get_args(inner)[0]
        if get_origin(inner) is dict or (get_origin(inner) in (typing.Union, types.UnionType)
                                         and str in get_args(inner)):
            return str  # typed as text where people type (JSON text, or a grammar such as -b's)
        return inner


@dataclass
class VerbSpec:
    """Everything a frontend needs to expose one verb."""

    name: str
    func: Callable[..., Awaitable[BaseModel]]
    summary: str
    doc: str
    group: str
    params: list[ParamSpec]
    result_model: type[BaseModel]
    needs: Need = "session"
    capability: str | None = None
    read_only: bool = False
    destructive: bool = False
    concurrent: bool = False
    executes: bool = False
    cli: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    @functools.cached_property
    def args_model(self) -> type[BaseModel]:
        """The arguments' pydantic model (camelCase aliases, unknown keys refused), made on first
        use: making the models of every verb cost each process that imports the verb table
        ~30-40 ms, and a session host validates the arguments of a few verbs."""
        return _args_model(self.name, self.params)

    @property
    def prose(self) -> str:
        """The docstring for users: each paragraph on one line, for a frontend to wrap to its width
        (the source's line breaks showed as breaks in mid-sentence), without the paragraphs for
        programmers (``Raises``, ``Args:``, ``Returns:``), with ``code`` shown as `code`."""
        return "\n\n".join(user_text(paragraph) for paragraph in self.doc.split("\n\n")
                             if user_text(paragraph))

    @property
    def cli_path(self) -> tuple[str, ...]:
        """The command words on the CLI: e.g. ``("break", "add")`` or ``("next",)``."""
        return self.cli or (_kebab(self.name),)


VERBS: dict[str, VerbSpec] = {}

#: A sentence of a docstring for programmers (``Raises UsageError when …``): not in user help.
_FOR_PROGRAMMERS = ("Raises", "Args:", "Returns:", "Yields:")
_SENTENCE_END = re.compile(r"(?<=[.;])\s+(?=[A-Z])")
_ROLE = re.compile(r":(?:func|meth|class|data|attr|mod|exc):`~?(?:[\w.]+\.)?([^`]+)`")


def user_text(paragraph: str) -> str:
    """A docstring paragraph as every frontend's help shows it to users: on one line, without
    its sentences for programmers (``Raises …``, ``Args:``, ``Returns:``), Sphinx roles shown as
    their name (``:func:`~a.b.name``` → `name`), ``code`` marked once (`code`). The one place
    where verb help is made fit for users (CLI ``--help``, REPL ``help``, MCP descriptions)."""
    text = " ".join(paragraph.split())
    if text.startswith(_FOR_PROGRAMMERS):  # a ``Raises:`` section: every line of it
        return ""
    sentences = _SENTENCE_END.split(text)
    kept = " ".join(s for s in sentences if s and not s.startswith(_FOR_PROGRAMMERS))
    return _ROLE.sub(r"`\1`", kept).replace("``", "`")


def verb(
    *, name: str | None = None, group: str, needs: Need = "session", capability: str | None = None,
    read_only: bool = False, destructive: bool = False, concurrent: bool = False, executes: bool = False,
    cli: tuple[str, ...] = (), aliases: tuple[str, ...] = (),
) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """Register an ``async def verb(ctx, *, param: Annotated[T, Param(...)] = default) -> Result``.

    ``needs``: what the session must be (``none``: no session needed; ``session``: exists;
    ``alive``: not ended; ``stopped``). ``capability``: a DAP ``Capabilities`` field the adapter
    must set. ``concurrent``: may run while another verb blocks (``pause``, ``status``).
    ``executes``: resumes the debuggee and returns a stop state. ``cli``: command words;
    ``aliases``: extra CLI/REPL names.
    """

    def register(func: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        verb_name = name or func.__name__.rstrip("_")
        hints = typing.get_type_hints(func, include_extras=True)
        params = _params(func, hints)
        doc = inspect.getdoc(func) or verb_name
        VERBS[verb_name] = VerbSpec(
            name=verb_name, func=func, summary=user_text(doc.splitlines()[0]), doc=doc, group=group, params=params,
            result_model=hints["return"], needs=needs,
            capability=capability, read_only=read_only, destructive=destructive, concurrent=concurrent,
            executes=executes, cli=cli, aliases=aliases,
        )
        return func

    return register


def validate_args(spec: VerbSpec, args: dict[str, Any] | None) -> dict[str, Any]:
    """Validate ``args`` (camelCase or snake_case keys) against the verb's model; return the
    Python keyword arguments.

    Raises:
        UsageError: unknown key, missing or ill-typed value; the message names the parameter.
    """
    try:
        model = spec.args_model.model_validate(args or {})
    except ValidationError as exc:
        known = ", ".join(p.alias for p in spec.params) or "none"
        raise usage_error_from(spec.name, exc, f"parameters of {spec.name}: {known}") from None
    return {p.name: getattr(model, p.name) for p in spec.params}


def usage_error_from(name: str, exc: ValidationError, hint: str = "") -> UsageError:
    """A pydantic ``exc`` as one line naming each refused field: ``NAME: field: must be …``."""
    problems = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"])
        text = "unknown parameter" if error["type"] == "extra_forbidden" else error["msg"]
        text = text.removeprefix("Value error, ").replace("Input should be ", "must be ")
        problems.append(f"{where}: {text}" if where else text)
    message = f"{name}: " + "; ".join(" ".join(p.split()) for p in problems)
    return UsageError(message, hint or "check the values given (ids come from the last stop)")


def _params(func: Callable[..., Any], hints: dict[str, Any]) -> list[ParamSpec]:
    params = []
    for index, parameter in enumerate(inspect.signature(func).parameters.values()):
        if index == 0:
            continue  # the VerbContext
        annotation = hints[parameter.name]
        meta = next((m for m in getattr(annotation, "__metadata__", ()) if isinstance(m, Param)), None)
        if meta is None:
            raise TypeError(f"{func.__name__}.{parameter.name} needs Annotated[T, Param(help=...)]")
        bare = get_args(annotation)[0]
        required = parameter.default is inspect.Parameter.empty
        params.append(
            ParamSpec(
                name=parameter.name, alias=to_camel(parameter.name), flag=meta.flag or parameter.name.replace("_", "-"),
                annotation=bare, default=None if required else parameter.default, required=required, meta=meta,
            )
        )
    return params


def _empty_list() -> list[Any]:
    """A list parameter's default. Not ``list`` itself: pydantic reads a default factory's
    signature, and the signature of a builtin is parsed with :mod:`tokenize`, whose first use
    compiles its large pattern (~30 ms of CPU on the way to a first command's result)."""
    return []


def _args_model(verb_name: str, params: list[ParamSpec]) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for p in params:
        bounds: dict[str, Any] = field_bounds(p.name, p.base_type)
        if p.required:
            field_info = Field(description=p.meta.help, **bounds)
        elif isinstance(p.default, list):
            field_info = Field(default_factory=_empty_list, description=p.meta.help)
        else:
            field_info = Field(p.default, description=p.meta.help, **bounds)
        annotation = p.annotation
        if p.meta.check:
            accepts = p.meta.accepts if p.meta.accepts is not None else PydanticUndefined
            annotation = Annotated[p.annotation, BeforeValidator(p.meta.check, json_schema_input_type=accepts)]
        fields[p.name] = (annotation, field_info)
    model_name = verb_name[:1].upper() + verb_name[1:] + "Arguments"
    return create_model(model_name, __base__=_StrictArgs, **fields)


class _StrictArgs(BaseModel):
    # strict: no text for a number (``"42"``), no number for text, no ``1`` for ``true``; the
    # command line and the REPL convert their words to typed values before they get here
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True, defer_build=True,
                              strict=True)

    @model_validator(mode="before")
    @classmethod
    def _reject_bool_as_number(cls, data: Any) -> Any:
        """``true`` is not the line number 1: refused with a line naming the field (strict mode
        refuses it too, in pydantic's words)."""
        if isinstance(data, dict):
            for key, value in data.items():
                info = cls.model_fields.get(key) or next(
                    (f for n, f in cls.model_fields.items() if to_camel(n) == key), None
                )
                if info is not None and isinstance(value, bool) and not _accepts_bool(info.annotation):
                    raise ValueError(f"{key}: expected {_type_name(info.annotation)}, got a boolean")
                problem = text_problem(value) if info is not None else None
                if info is not None and problem is None and _strip_optional(info.annotation) in (int, float):
                    problem = number_problem(to_snake(key), value)
                if problem:
                    raise ValueError(f"{key}: {problem}")
        return data


def _accepts_bool(annotation: Any) -> bool:
    inner = _strip_optional(annotation)
    return inner is bool or inner is Any or (get_origin(inner) is typing.Union and bool in get_args(inner))


def _type_name(annotation: Any) -> str:
    inner = _strip_optional(annotation)
    return getattr(inner, "__name__", str(inner))


def _strip_optional(annotation: Any) -> Any:
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    args = [a for a in get_args(annotation) if a is not type(None)]
    if type(None) in get_args(annotation) and len(args) == 1:
        return args[0]
    return annotation


def _kebab(name: str) -> str:
    return "".join("-" + c.lower() if c.isupper() else c for c in name)
