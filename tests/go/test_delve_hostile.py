"""The hostile trial on Delve (one-shot CLI): raw ``dap`` arguments of the wrong type are refused
before they are sent (Delve's DAP server exited on ``{"expression": 5}``, ending the session)."""

from __future__ import annotations

import json

import pytest
from delve_helpers import BASICS, dapcli, marker_line, requires_delve

pytestmark = [pytest.mark.slow, requires_delve]



@pytest.mark.parametrize(("arguments", "text"), [
    ('{"expression": 5}', "dap evaluate: expression: must be a valid string"),
    ("{}", "dap evaluate: expression: Field required"),
])
def test_raw_arguments_of_the_wrong_type_are_refused(cli_env: dict[str, str], arguments: str, text: str) -> None:
    loop = marker_line(BASICS, "loop")
    assert dapcli(cli_env, "launch", "basics.go", "--break", f"basics.go:{loop}").returncode == 0
    done = dapcli(cli_env, "dap", "evaluate", arguments)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[0].startswith(f"error: {text}"), done.stderr
    status = json.loads(dapcli(cli_env, "--json", "status").stdout)
    assert status["state"] == "stopped"
    assert json.loads(dapcli(cli_env, "--json", "stack").stdout)["frames"][0]["line"] == loop
