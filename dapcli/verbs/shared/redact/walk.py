"""A verb result with its secrets redacted: the one mechanism every frontend's policy uses.

:func:`redact_result` walks any result model (so a verb added later is covered by the views it
is made of, without knowing of this module):

- a **variable** (:class:`VariableView`: locals, ``variables``, a stop's ``locals``, ``deciding``
  and return value, evaluate's children): its value is replaced when its ``name`` or
  ``evaluateName`` is a secret name (:func:`~.names.secret_name`) and the value is not plain
  (:func:`~.names.plain_value`), and then every value below it too (the children of a
  ``credentials`` dict); otherwise the secrets found in its text (:mod:`.text`) are;
- an **evaluate** result, a **watch**, a **trace** value and a ``set`` result: the same, with the
  expression as the name (``os.environ['GITHUB_TOKEN']``, ``config.db.password``);
- **program output** (a stop's ``output``, the ``output`` verb, a console command's output), an
  exception's message and stack text, a test failure's message: the secrets found in the text
  (output chunks are looked at in order: a private key printed in pieces is hidden whole), and a
  stop's warnings and a trace's errors;
- a raw DAP response body (``dap``): an object with a ``name``/``evaluateName`` and a ``value``
  by the variable rule, every other string by its text.

A variable's name and ``evaluateName`` (a dict's key shaped like a token) and a thread's name
(the program names its threads) are scanned for shapes too. Source lines, paths, frame names and
breakpoint texts are not values and are kept (the agent
reads the same files). The result's ``redacted`` says how many values were replaced; the model
passed in is never changed (a session's last stop is shared with other clients): each model on
the way is copied shallowly, an output chunk only when its text changes (no deep copy of a large
output).
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

from pydantic import BaseModel

from dapcli.verbs.models import (
    ConsoleResult,
    DapResult,
    EvaluateResult,
    ExceptionView,
    OutputChunkView,
    Result,
    SetVariableResult,
    StopState,
    TestView,
    ThreadView,
    TraceHit,
    VariableView,
    WatchView,
)
from dapcli.verbs.models.hang import DeadlockEdge, HangThread
from dapcli.verbs.shared.redact.names import plain_value, secret_name
from dapcli.verbs.shared.redact.text import MARK, marker, redact_text, redact_texts

__all__ = ["NAME_MARK", "redact_result"]

#: What a value whose name says secret becomes.
NAME_MARK = marker("the name looks secret")

R = TypeVar("R", bound=Result)


def redact_result(result: R) -> R:
    """A copy of ``result`` with every value that looks secret replaced by ``<redacted: …>``,
    and ``redacted`` set to how many were (None when none were: then ``result`` itself is
    returned). Linear in the size of the result."""
    walker = _Walker()
    copy = walker.walk(result)
    count = walker.count
    if not count:
        return result
    copy.redacted = count + (result.redacted or 0)
    return copy


class _Walker:
    def __init__(self) -> None:
        self.count = 0

    def walk(self, node: Any) -> Any:
        """A copy of ``node`` (a model, or a list of them) with its secrets replaced; the models
        in ``node`` are never changed."""
        return self._node(node)

    # -- dispatch ------------------------------------------------------------------------------
    def _node(self, node: Any) -> Any:
        if isinstance(node, VariableView):
            return self._variable(node, False)
        if isinstance(node, BaseModel):
            return self._model(node)
        if isinstance(node, list):
            if node and all(isinstance(item, OutputChunkView) for item in node):
                return self._chunks(node)
            return [self._node(item) for item in node]
        return node

    def _model(self, original: BaseModel) -> BaseModel:
        model = original.model_copy()
        if isinstance(model, EvaluateResult):
            self._evaluate(model)
        elif isinstance(model, WatchView):
            self._named(model, model.expression, ("value", "previous"))
        elif isinstance(model, SetVariableResult):
            self._named(model, model.name, ("value",), model.type)
        elif isinstance(model, TraceHit):
            self._trace_hit(model)
        elif isinstance(model, ConsoleResult):  # a debugger command that names a secret prints its value
            self._named(model, model.command.strip().lstrip("`>").strip(), ("output",))
        elif isinstance(model, DapResult):
            model.body = self._raw(model.body)
        else:
            for field in _TEXT_FIELDS.get(type(model), ()):
                self._text(model, field)
        for name in type(model).model_fields:
            if name in _DONE.get(type(model), ()):
                continue
            value = getattr(model, name)
            if isinstance(value, BaseModel | list):
                setattr(model, name, self._node(value))
        return model

    # -- values --------------------------------------------------------------------------------
    def _variable(self, original: VariableView, inherited: bool) -> VariableView:
        view = original.model_copy()
        secret = inherited or secret_name(view.name) or secret_name(view.evaluate_name)
        if secret and not plain_value(view.value, view.type) and not view.value.startswith(MARK):
            view.value = NAME_MARK
            self.count += 1
            if view.adapter_value:
                view.adapter_value = NAME_MARK
        else:
            self._text(view, "value")
            self._text(view, "adapter_value")
        self._text(view, "name")  # a dict's key shaped like a token (``{"ghp_…": 1}``)
        self._text(view, "evaluate_name")
        if view.children:
            view.children = [self._variable(child, secret) for child in view.children]
        return view

    def _evaluate(self, result: EvaluateResult) -> None:
        secret = secret_name(result.expression)
        if secret and not plain_value(result.result, result.type) and not result.result.startswith(MARK):
            result.result = NAME_MARK
            self.count += 1
            if result.adapter_value:
                result.adapter_value = NAME_MARK
        else:
            self._text(result, "result")
            self._text(result, "adapter_value")
        if result.children:
            result.children = [self._variable(child, secret) for child in result.children]

    def _named(self, model: BaseModel, name: str, fields: tuple[str, ...], type_name: str | None = None) -> None:
        secret = secret_name(name)
        for field in fields:
            value = getattr(model, field)
            if value is None:
                continue
            if secret and not plain_value(value, type_name) and not value.startswith(MARK):
                setattr(model, field, NAME_MARK)
                self.count += 1
            else:
                self._text(model, field)

    def _trace_hit(self, hit: TraceHit) -> None:
        hit.values = dict(hit.values)  # the copy's own (``hit`` is a shallow copy)
        hit.errors = dict(hit.errors) if hit.errors is not None else None
        for expression, value in list(hit.values.items()):
            if secret_name(expression) and not plain_value(value) and not value.startswith(MARK):
                hit.values[expression] = NAME_MARK
                self.count += 1
            else:
                hit.values[expression] = self._scanned(value)
        for expression, error in list((hit.errors or {}).items()):
            hit.errors[expression] = self._scanned(error)  # type: ignore[index]

    def _chunks(self, chunks: list[OutputChunkView]) -> list[OutputChunkView]:
        texts, count = redact_texts((chunk.output for chunk in chunks), open_end=True)
        if not count:
            return chunks
        self.count += count
        return [chunk if text is chunk.output else _with_output(chunk, text)
                for chunk, text in zip(chunks, texts, strict=True)]

    def _raw(self, node: Any, name: str | None = None) -> Any:
        """A raw JSON value: ``{"name", "value"}`` objects by the variable rule."""
        if isinstance(node, str):
            if name is not None and secret_name(name) and not plain_value(node) and not node.startswith(MARK):
                self.count += 1
                return NAME_MARK
            return self._scanned(node)
        if isinstance(node, list):
            return [self._raw(item, name) for item in node]
        if isinstance(node, dict):
            label = node.get("evaluateName") or node.get("name")
            label = label if isinstance(label, str) else None
            return {key: self._raw(value, label if key in ("value", "result") else None)
                    for key, value in node.items()}
        return node

    def _text(self, model: BaseModel, field: str) -> None:
        value = getattr(model, field)
        if isinstance(value, str) and value:
            setattr(model, field, self._scanned(value))
        elif isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            setattr(model, field, [self._scanned(item) for item in value])

    def _scanned(self, text: str) -> str:
        redacted, count = redact_text(text)
        self.count += count
        return redacted


def _with_output(chunk: OutputChunkView, text: str) -> OutputChunkView:
    """A copy of ``chunk`` that shows ``text`` (a shallow copy: half of ``model_copy(update=…)``)."""
    copied = copy.copy(chunk)
    copied.output = text
    return copied


#: Per model: the text fields scanned for secrets (program output, exception and failure texts).
_TEXT_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {
    StopState: ("description", "text", "warnings"),
    ExceptionView: ("description", "message", "stack_trace"),
    TestView: ("message", "summary"),
    ThreadView: ("name",),  # the program names its threads: a thread named with a token
    HangThread: ("name",),
    DeadlockEdge: ("thread_name",),
    ConsoleResult: ("output",),
}
#: Per model: the fields its own rule already walked.
_DONE: dict[type[BaseModel], tuple[str, ...]] = {
    EvaluateResult: ("children",),
}
