"""Recording dispatched verb calls as a recipe that replays to the same stops (shared by the
REPL, MCP and one-shot sessions; the recipe frontend replays what it writes).

A frontend appends every verb call that succeeded: ``recorder.add(verb, args, result)``. The
last ``launch`` becomes ``target`` and ``breakpoints``; the calls after it become steps, with
``expect`` lines for each stop they reached (``reason``, ``line``, ``function``; ``exitCode``
when the program ended), so the recipe doubles as a regression test. Replays launch paused at
entry, so a launch that ran straight to a breakpoint becomes a first ``continue`` step (after the
``input`` steps of what was typed to the program as it ran: the replay types it ahead, and the
program reads it from its terminal).
"""

from __future__ import annotations

import os
from typing import Any

import yaml

from dapcli.errors import UsageError
from dapcli.files import is_number
from dapcli.verbs import VERBS, validate_args

__all__ = ["Recorder"]

#: Verbs that say nothing about the path taken (or end it); not written as steps.
_SKIPPED = {"stop", "status", "sessions"}
_STOP_KEYS = ("reason", "line", "function")


class Recorder:
    """Collects ``(verb, args, result)`` of one session and writes them as recipe YAML.

    ``cwd`` is the directory the frontend's relative paths are relative to (default: the
    current one); ``name`` becomes the recipe's ``name``.
    """

    def __init__(self, *, cwd: str | None = None, name: str | None = None) -> None:
        self.cwd = cwd or os.getcwd()
        self.name = name
        self.launch: tuple[dict[str, Any], dict[str, Any], str] | None = None
        #: The recording started with ``debugTest``: the target is a test run.
        self.test_run = False
        self.calls: list[tuple[str, dict[str, Any], dict[str, Any], str]] = []

    def add(self, verb: str, args: dict[str, Any] | None, result: Any, *, cwd: str | None = None) -> None:
        """Record one successful call. ``result`` is the verb's result model (or its JSON).
        A ``launch`` starts the recording over."""
        data = result.to_json() if hasattr(result, "to_json") else dict(result)
        spec = VERBS.get(verb)
        if spec is None:
            raise UsageError(f"cannot record unknown verb {verb!r}")
        kwargs = validate_args(spec, args)
        given = {p.alias: kwargs[p.name] for p in spec.params if p.required or kwargs[p.name] != p.default}
        if verb in ("launch", "debugTest"):
            self.launch, self.calls = (given, data, cwd or self.cwd), []
            self.test_run = verb == "debugTest"
        elif verb == "attach":
            raise UsageError("an attached session cannot be recorded as a recipe yet", "launch the program instead")
        elif verb not in _SKIPPED:
            self.calls.append((verb, given, data, cwd or self.cwd))

    # -- writing -----------------------------------------------------------------------------------
    def recipe(self, path: str | None = None) -> dict[str, Any]:
        """The recipe as data; paths relative to ``path``'s directory (absolute without it).
        Raises UsageError when no launch was recorded."""
        if self.launch is None:
            raise UsageError("nothing to record: no program was launched", "launch a program, then record")
        base = os.path.dirname(os.path.abspath(path)) if path else None
        args, result, cwd = self.launch
        if self.test_run:
            return self.test_recipe(args, result, cwd, base)
        shown = f"-m {args['module']}" if args.get("module") else os.path.basename(args.get("program") or "")
        data: dict[str, Any] = {"name": self.name or f"recorded: {shown}"}
        data["target"] = self.target(args, cwd, base)
        data["breakpoints"] = [_breakpoint(item, cwd, base) for item in args.get("breakpoints", [])]
        if not data["breakpoints"]:
            del data["breakpoints"]
        steps, calls = [], list(self.calls)
        if not args.get("stopOnEntry"):  # lines typed to the program as it ran to its first stop
            while calls and calls[0][0] == "input":
                steps.append({"input": calls.pop(0)[1]})
            steps.append(_with_expect({"continue": {}}, result))
        for verb, given, out, call_cwd in calls:
            steps.append(_with_expect({verb: _paths(verb, given, call_cwd, base)}, out))
        data["steps"] = steps
        return data

    def test_recipe(self, args: dict[str, Any], result: dict[str, Any], cwd: str,
                    base: str | None) -> dict[str, Any]:
        """A recording that began with ``debugTest``: ``target: {test: …}``, then a ``wait`` step
        that checks the failure stop it reached, then the calls after it."""
        selectors = list(args.get("selectors") or [])
        target: dict[str, Any] = {"test": selectors[0] if len(selectors) == 1 else selectors}
        target["cwd"] = _path(args.get("cwd") or cwd, cwd, base)
        for key in ("runner", "adapter", "python"):
            if args.get(key):
                target[key] = _path(args[key], cwd, base) if key == "python" and os.sep in args[key] else args[key]
        if args.get("runnerArgs"):
            target["args"] = list(args["runnerArgs"])
        if args.get("exceptionFilters"):
            target["exceptions"] = list(args["exceptionFilters"])
        if args.get("untilFail"):
            target["untilFail"] = args["untilFail"]
        test = result.get("test") or {}
        steps = [_with_expect({"wait": {}}, result)]
        steps += [_with_expect({verb: _paths(verb, given, call_cwd, base)}, out)
                  for verb, given, out, call_cwd in self.calls]
        data: dict[str, Any] = {"name": self.name or f"recorded: test {test.get('id') or ' '.join(selectors)}",
                                "target": target}
        if args.get("breakpoints"):  # set in the test run, as they were
            data["breakpoints"] = [_breakpoint(item, cwd, base) for item in args["breakpoints"]]
        return {**data, "steps": steps}

    def target(self, args: dict[str, Any], cwd: str, base: str | None) -> dict[str, Any]:
        target: dict[str, Any] = {"module": args["module"]} if args.get("module") and not args.get("program") \
            else {"program": _path(args["program"], cwd, base)}
        if args.get("args"):
            target["args"] = list(args["args"])
        if args.get("cwd"):
            target["cwd"] = _path(args["cwd"], cwd, base)
        elif base is None or os.path.abspath(cwd) != base:
            target["cwd"] = _path(cwd, cwd, base)  # the program ran where the frontend was
        if args.get("env"):
            target["env"] = dict(pair.partition("=")[::2] for pair in args["env"])
        for key in ("adapter", "python"):
            if args.get(key):
                target[key] = _path(args[key], cwd, base) if key == "python" and os.sep in args[key] else args[key]
        if args.get("exceptionFilters"):
            target["exceptions"] = list(args["exceptionFilters"])
        return target

    def to_yaml(self, path: str | None = None) -> str:
        """The recipe as YAML text (see :meth:`recipe`)."""
        data = self.recipe(path)
        steps = data.pop("steps")
        shown = os.path.relpath(path) if path else "FILE.yaml"
        text = f"# Recorded by dapcli. Replay it with: dapcli run {shown}\n"
        text += _dump(data)
        if not steps:
            return text + "steps: []\n"
        text += "steps:\n"
        for step in steps:
            text += "".join("  " + line + "\n" for line in _dump([step]).splitlines())
        return text

    def save(self, path: str) -> str:
        """Write the recipe to ``path``; return the text written. A recipe with ``env`` values
        (secrets, often) is written 0600; a symbolic link or special file is refused.

        Raises:
            UsageError: ``path`` cannot be written (one line).
        """
        from dapcli.files import write_text_file

        text = self.to_yaml(path)
        write_text_file(path, text, private=self.launch is not None and bool(self.launch[0].get("env")))
        return text


def _dump(data: Any) -> str:
    """YAML with block structure and flow style for collections of plain values."""
    text: str = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=120)
    return text


def _with_expect(step: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    status = result.get("status")
    if "session" not in result or status is None:
        return step
    if status == "stopped":
        where = result.get("location") or {}
        values = {"reason": result.get("reason"), "line": where.get("line"), "function": where.get("function")}
        expect = {k: values[k] for k in _STOP_KEYS if values[k] is not None}
    elif status in ("exited", "terminated") and result.get("exitCode") is not None:
        expect = {"exitCode": result["exitCode"]}
    elif status in ("exited", "terminated"):
        expect = {"status": status}
    else:
        return step
    return {**step, "expect": expect} if expect else step


def _path(value: str, cwd: str, base: str | None) -> str:
    """``value`` relative to ``base`` when they share more than the root, else absolute."""
    absolute = os.path.normpath(os.path.join(cwd, os.path.expanduser(value)))
    if base and os.path.dirname(shared := os.path.commonpath([absolute, base])) != shared:
        return os.path.relpath(absolute, base)
    return absolute


def _breakpoint(item: str | dict[str, Any], cwd: str, base: str | None) -> str | dict[str, Any]:
    """A ``breakpoints`` item of launch or debugTest as a recipe's breakpoint: a text with its
    FILE rewritten (see :func:`_location`), an object with its ``path`` rewritten (``expect`` is
    the recipe's ``expectText``)."""
    if isinstance(item, str):
        return _location(item, cwd, base)
    found = {("expectText" if key == "expect" else key): value for key, value in item.items()}
    if isinstance(found.get("path"), str):
        found["path"] = _path(found["path"], cwd, base)
    return found


def _location(location: str, cwd: str, base: str | None) -> str:
    """``FILE:LINE`` or ``FILE`` with FILE rewritten; a bare line or a function name unchanged."""
    file_part, sep, line_part = location.rpartition(":")
    if sep and is_number(line_part) and file_part:
        return f"{_path(file_part, cwd, base)}:{line_part}"
    if os.path.isfile(os.path.join(cwd, location)):
        return _path(location, cwd, base)
    return location


def _paths(verb: str, given: dict[str, Any], cwd: str, base: str | None) -> dict[str, Any]:
    """Arguments with paths and locations made relative to the recipe (the runner resolves
    them against the recipe's directory)."""
    out = dict(given)
    for param in VERBS[verb].params:
        value = out.get(param.alias)
        if not isinstance(value, str):
            continue
        if param.meta.complete == "location":
            out[param.alias] = _location(value, cwd, base)
        elif param.meta.complete == "path" and param.alias != "python":
            out[param.alias] = _path(value, cwd, base)
    return out
