"""An adapter's body that is off the spec is read field by field, never lost (issue 10)."""

from __future__ import annotations

from dapcli.protocol import types as t
from dapcli.protocol.connection import body_model
from dapcli.protocol.lenient import lenient


def test_delves_empty_break_mode_keeps_the_rest_of_exception_info() -> None:
    model = body_model(t.ExceptionInfoResponse)
    assert model is not None
    body = {"exceptionId": "panic", "description": '"boom"', "breakMode": "",
            "details": {"stackTrace": "Stack:\n main.fail", "typeName": 3}, "vendor": 1}
    read = lenient(model, body)
    assert read.exceptionId == "panic" and read.description == '"boom"' and read.breakMode == ""
    assert read.details.stackTrace == "Stack:\n main.fail" and read.details.typeName == 3
    assert read.model_extra == {"vendor": 1} or getattr(read, "vendor", None) == 1
