"""The lazily created DAP types (dapcli/protocol/types.py) are the classes of types.pyi, the
module datamodel-codegen wrote: same names, same fields, same validation and JSON schemas."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

from dapcli.protocol import types as t

STUB = Path(t.__file__).with_suffix(".pyi")


def _eager() -> types.ModuleType:
    """types.pyi run as a module (every class created at once, as before)."""
    module = types.ModuleType("dapcli.protocol.types")
    exec(compile(STUB.read_text(), str(STUB), "exec"), module.__dict__)
    return module


def test_every_class_of_the_stub_is_created_on_demand_with_the_same_schema() -> None:
    eager = _eager()
    names = sorted(name for name, value in vars(eager).items()
                   if isinstance(value, type) and value.__module__ == "dapcli.protocol.types")
    assert names == sorted(t._NEEDS)
    for name in names:
        lazy, full = getattr(t, name), getattr(eager, name)
        assert lazy.__name__ == lazy.__qualname__ == name
        assert [b.__name__ for b in lazy.__mro__] == [b.__name__ for b in full.__mro__], name
        assert lazy.model_json_schema() == full.model_json_schema(), name


def test_importing_the_module_creates_no_class_and_validation_resolves_what_a_class_names() -> None:
    code = ("from dapcli.protocol import types as t\n"
            "assert not [n for n in t._NEEDS if n in vars(t)]\n"
            "e = t.ExceptionDetails.model_validate({'innerException': [{'message': 'inner'}]})\n"
            "assert e.innerException[0].message == 'inner'\n"
            "r = t.StackTraceResponse.model_validate({'seq': 1, 'type': 'response', 'request_seq': 1,"
            " 'success': True, 'command': 'stackTrace', 'body': {'stackFrames': [{'id': 1, 'name': 'f',"
            " 'line': 3, 'column': 1, 'source': {'path': '/p.py'}}]}})\n"
            "assert r.body.stackFrames[0].source.path == '/p.py'\n"
            "from dapcli.protocol.types import Capabilities\n"
            "assert Capabilities is t.Capabilities\n"
            "try:\n    t.NoSuchType\nexcept AttributeError:\n    pass\nelse:\n    raise SystemExit('no error')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
