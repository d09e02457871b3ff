"""The requests of the DAP specification (``protocol/debugAdapterProtocol.json``), for the raw
``dap`` verb: an adapter that ends the session on a request it does not know (lldb-dap 19 closes
its connection) is only sent the spec's requests, and the arguments of a spec request are checked
against the spec's type first (Delve exits on ``{"expression": 5}``).

A spec request that needs a capability the adapter did not set is refused before it is sent:
adapters answer it badly or not at all (lldb-dap 19 aborts on ``stepBack``; debugpy and js-debug
never answer ``stepBack``/``loadedSources``/``disassemble``; cdt-gdb-adapter and Delve answer
``stepBack`` with success and then never stop). An adapter that never answers a request it does
not know (js-debug) is given a short wait for a request outside the spec."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from pydantic import BaseModel, ValidationError

from dapcli.errors import DapTimeoutError, PreconditionError, RequestError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.registry import usage_error_from

__all__ = ["CAPABILITY", "UNKNOWN_REQUEST_WAIT", "check_arguments", "check_supported", "refused", "spec_requests",
           "unanswered"]

#: Spec request → the capability an adapter sets when it implements it (the spec: "clients should
#: only call this request if the corresponding capability … is true").
CAPABILITY: dict[str, str] = {
    "cancel": "supportsCancelRequest", "terminate": "supportsTerminateRequest",
    "breakpointLocations": "supportsBreakpointLocationsRequest",
    "setFunctionBreakpoints": "supportsFunctionBreakpoints", "dataBreakpointInfo": "supportsDataBreakpoints",
    "setDataBreakpoints": "supportsDataBreakpoints", "setInstructionBreakpoints": "supportsInstructionBreakpoints",
    "stepBack": "supportsStepBack", "reverseContinue": "supportsStepBack", "restartFrame": "supportsRestartFrame",
    "goto": "supportsGotoTargetsRequest", "gotoTargets": "supportsGotoTargetsRequest",
    "setVariable": "supportsSetVariable", "setExpression": "supportsSetExpression",
    "terminateThreads": "supportsTerminateThreadsRequest", "modules": "supportsModulesRequest",
    "loadedSources": "supportsLoadedSourcesRequest", "stepInTargets": "supportsStepInTargetsRequest",
    "completions": "supportsCompletionsRequest", "exceptionInfo": "supportsExceptionInfoRequest",
    "readMemory": "supportsReadMemoryRequest", "writeMemory": "supportsWriteMemoryRequest",
    "disassemble": "supportsDisassembleRequest",
}

#: The longest wait (s) for a request outside the spec on an adapter that never answers a request
#: it does not know (its own custom requests are answered in milliseconds).
UNKNOWN_REQUEST_WAIT = 3.0


@functools.cache
def _requests() -> dict[str, tuple[str | None, bool]]:
    """command → (its arguments' definition name or None, whether arguments are required)."""
    text = resources.files("dapcli.protocol").joinpath("debugAdapterProtocol.json").read_text("utf-8")
    found: dict[str, tuple[str | None, bool]] = {}
    for name, definition in json.loads(text)["definitions"].items():
        if not name.endswith("Request"):
            continue
        for part in definition.get("allOf", []):
            properties = part.get("properties", {})
            ref = properties.get("arguments", {}).get("$ref", "")
            for command in properties.get("command", {}).get("enum", []):
                found[command] = (ref.rpartition("/")[2] or None, "arguments" in part.get("required", []))
    return found


def spec_requests() -> frozenset[str]:
    """Every ``command`` the specification defines a request for (``threads``, ``modules`` …)."""
    return frozenset(_requests())


def check_arguments(command: str, arguments: dict[str, Any] | None) -> None:
    """Raise UsageError (one line naming the field) when ``arguments`` do not fit the spec's
    arguments of ``command``; a command outside the spec is not checked (extra fields pass)."""
    model_name, required = _requests().get(command, (None, False))
    model = getattr(t, model_name, None) if model_name else None
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return
    if arguments is None and not required:
        return
    try:
        model.model_validate(arguments or {})
    except ValidationError as exc:
        raise usage_error_from(f"dap {command}", exc, f"see the DAP specification's {model_name}") from None
    except (TypeError, ValueError) as exc:
        raise UsageError(f"dap {command}: {exc}", f"see the DAP specification's {model_name}") from None


def check_supported(command: str, adapter: str, supports: Callable[[str], bool]) -> None:
    """Raise PreconditionError (exit 4) when ``command`` is a spec request whose capability
    ``supports`` (the session's ``initialize`` answer) does not set."""
    capability = CAPABILITY.get(command)
    if capability is not None and not supports(capability):
        raise PreconditionError(f"{adapter} does not support the {command} request (it does not set {capability})",
                                "the adapter cannot do this; another adapter may (see `dapcli adapters`)")


def unanswered(command: str, adapter: str, waited: float, exc: DapTimeoutError) -> DapTimeoutError:
    """The timeout of ``dap COMMAND`` said plainly: a request outside the spec was not known."""
    if command in spec_requests():
        return exc
    return DapTimeoutError(f"{adapter} did not answer {command} within {waited:g} s: it is not a request of the "
                           "DAP specification, and the adapter does not seem to know it",
                           "check the request's name (e.g. loadedSources, modules, exceptionInfo)")


#: The longest adapter refusal ``dap`` shows (debugpy lists every command it knows: ~1,000 characters).
REFUSAL_CHARS = 200


def refused(command: str, adapter: str, exc: RequestError) -> RequestError:
    """The adapter's refusal of ``dap COMMAND`` on one short line: a request it does not know is
    said so (not its list of every command), any other message is cut at :data:`REFUSAL_CHARS`."""
    hint = "check the request's name (e.g. loadedSources, modules, exceptionInfo)"
    if command not in spec_requests() and command in exc.message:
        return RequestError(f"{adapter} does not know the request {command!r} (it is not in the DAP specification)",
                            hint, command=command)
    text = " ".join(exc.message.split())
    if len(text) <= REFUSAL_CHARS:
        return exc
    return RequestError(text[:REFUSAL_CHARS - 1] + "…", exc.hint,
                        command=command)
