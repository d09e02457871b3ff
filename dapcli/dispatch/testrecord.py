"""``dapcli test --record FILE``: write a failure stop of ``debugTest`` as a recipe that
reproduces it — ``target: {test: …}``, then checks of where it failed, its message and the
values of the failing frame's locals — so that ``dapcli run FILE`` replays green while the bug is
there and fails (exit 8) once it is fixed."""

from __future__ import annotations

import os
from typing import Any

from dapcli.dispatch.recorder import _dump, _path
from dapcli.errors import UsageError
from dapcli.files import write_text_file
from dapcli.verbs.models import StopState

__all__ = ["test_recipe", "write_test_recipe"]

#: Locals checked by the recipe (the first ones of the failing frame).
MAX_CHECKED_LOCALS = 6


def test_recipe(args: dict[str, Any], state: StopState, cwd: str, base: str) -> dict[str, Any]:
    """The recipe (as data) for the failure stop ``state`` of ``debugTest`` called with
    ``args`` (camelCase) from ``cwd``; paths relative to ``base``.

    Raises:
        UsageError: ``state`` is not a failure stop.
    """
    test = state.test
    if state.status != "stopped" or test is None or test.message is None or state.location is None:
        raise UsageError("nothing to record: the run did not stop at a failing test",
                         "run `dapcli test --record FILE` on tests that fail")
    work = os.path.normpath(os.path.join(cwd, args.get("cwd") or "."))
    target: dict[str, Any] = {"test": list(args.get("selectors") or []) or [test.id]}
    if len(target["test"]) == 1:
        target["test"] = target["test"][0]
    target["cwd"] = _path(work, cwd, base)
    for key in ("runner", "adapter", "python"):
        if args.get(key):
            target[key] = _path(args[key], cwd, base) if key == "python" and os.sep in args[key] else args[key]
    target.setdefault("runner", test.runner)
    if args.get("runnerArgs"):
        target["args"] = list(args["runnerArgs"])
    if args.get("stdin"):
        target["stdin"] = _path(args["stdin"], cwd, base)
    if args.get("untilFail"):  # a flaky failure: the replay runs the tests again until it comes
        target["untilFail"] = args["untilFail"]
    where = state.location
    expect: dict[str, Any] = {"line": where.line}
    if where.path:
        expect["file"] = os.path.basename(where.path)
    if test.id:
        expect["test.id"] = test.id
    expect["test.message"] = {"contains": test.message.splitlines()[0]}
    steps: list[dict[str, Any]] = [{"wait": {}, "name": "the test fails here", "expect": expect}]
    for variable in (state.locals or [])[:MAX_CHECKED_LOCALS]:
        if variable.value_truncated or variable.variables_reference or "\n" in variable.value:
            continue  # a container or a long text: its summary is not what evaluate answers
        steps.append({"evaluate": {"expression": variable.name}, "name": f"the value of {variable.name}",
                      "expect": {"result": variable.value}})
    return {"name": f"FAILED {test.id}: {test.message.splitlines()[0]}"[:200], "target": target, "steps": steps}


def write_test_recipe(path: str, args: dict[str, Any], state: StopState, cwd: str) -> str:
    """Write :func:`test_recipe` to ``path`` (relative to ``cwd``); return a line saying so."""
    full = os.path.normpath(os.path.join(cwd, path))
    data = test_recipe(args, state, cwd, os.path.dirname(full))
    steps = data.pop("steps")
    text = ("# A failing test, recorded by `dapcli test --record`. It replays green while the test fails\n"
            f"# the same way, and fails (exit 8) once it is fixed:  dapcli run {path}\n")
    text += _dump(data) + "steps:\n"
    text += "".join("  " + line + "\n" for step in steps for line in _dump([step]).splitlines())
    write_text_file(full, text, display=path, private=bool(args.get("env")))
    return f"recorded the failure as a recipe: {path} (replay: dapcli run {path})"
