"""Over MCP, values that look secret are redacted by default (locals, evaluate, variables,
watches, output, environment variables), the result says so, and ``--show-secrets`` shows them;
a secret-looking value can still be set."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp_helpers import call, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

PROGRAM = Path(__file__).resolve().parents[1] / "cli" / "programs" / "secrets.py"
ENV_TOKEN = "ghp_" + "Env" * 12
#: Pieces of every secret the program holds (none of them is in its source whole).
SECRETS = ("hunter2-x9", "Zx8Zx8", "pw123q", "EnvEnv", "-Q7-Q7")
NAME_MARK = "<redacted: the name looks secret>"


def _launch_args() -> dict[str, Any]:
    return {"program": str(PROGRAM), "python": sys.executable, "env": {"GITHUB_TOKEN": ENV_TOKEN},
            "breakpoints": [f"{PROGRAM}:{marker_line(PROGRAM, 'stop')}"]}


def _leaks(result: Any) -> list[str]:
    seen = result.content[0].text + json.dumps(result.structured_content)
    return [secret for secret in SECRETS if secret in seen]


async def _tool(client: Any, tool: str, args: dict[str, Any]) -> tuple[dict[str, Any], str, Any]:
    result = await client.call_tool(tool, args)
    assert not result.is_error, result.content[0].text
    return result.structured_content, result.content[0].text, result


def test_secrets_are_redacted_over_mcp_by_default() -> None:
    async def body() -> None:
        async with connected() as client:
            stop, text, result = await _tool(client, "launch", _launch_args())
            assert stop["reason"] == "breakpoint"
            assert _leaks(result) == []
            values = {v["name"]: v["value"] for v in stop["locals"]}
            assert values["password"] == values["api_token"] == values["creds"] == NAME_MARK
            assert values["token_count"] == "3"
            assert values["dsn"] == "'postgres://bob:<redacted: password in URL>@db.example:5432/app'"
            assert values["github_token"] == NAME_MARK
            # five in the locals; the printed key counts too when its output came before the stop (debugpy
            # sends the program's output apart from the stop: under load it may come after it)
            assert stop["redacted"] >= 5 + ("using key" in text), stop
            assert "redacted: they look secret" in text and "--show-secrets" in text
            assert f"password={NAME_MARK}" in text

            for expression in ("password", "creds", "os.environ", "os.environ['GITHUB_TOKEN']", "api_token.upper()"):
                evaluated, _, result = await _tool(client, "evaluate", {"expression": expression, "maxLength": 0})
                assert _leaks(result) == [], expression
                assert evaluated["redacted"] >= 1, expression
            evaluated, _, _ = await _tool(client, "evaluate", {"expression": "len(password)"})
            assert evaluated["result"] == "10" and "redacted" not in evaluated
            evaluated, _, _ = await _tool(client, "evaluate", {"expression": "os.environ", "maxLength": 0})
            assert "'GITHUB_TOKEN': '<redacted: " in evaluated["result"]

            evaluated, _, _ = await _tool(client, "evaluate", {"expression": "creds"})
            reference = evaluated["variablesReference"]
            listed, _, result = await _tool(client, "variables", {"variablesReference": reference})
            assert _leaks(result) == []
            assert {v["name"]: v["value"] for v in listed["variables"]}["'user'"] == NAME_MARK  # all of creds

            output, _, result = await _tool(client, "output", {})
            assert _leaks(result) == []
            assert "using key <redacted: API key>" in "".join(c["output"] for c in output["chunks"])

            await call(client, "more", {"verb": "addWatch", "arguments": {"expression": "api_token"}})
            watched, _, result = await _tool(client, "more", {"verb": "listWatches"})
            assert _leaks(result) == []
            assert watched["watches"][0]["value"] == NAME_MARK

            # an adapter's error that quotes a secret value
            failed = await client.call_tool("evaluate", {"expression": "int(password)"})
            assert failed.is_error and "invalid literal" in failed.content[0].text
            assert _leaks(failed) == [] and NAME_MARK in failed.content[0].text

            # the session resource (status and recent output)
            resource = await client.read_resource("dapcli://session/default")
            assert [s for s in SECRETS if s in str(resource)] == [] and "<redacted: API key>" in str(resource)

            # a value that looks secret is still sent to the adapter as it is
            await call(client, "more", {"verb": "setVariable",
                                        "arguments": {"name": "password", "value": "'ghp_" + "Set" * 12 + "'"}})
            evaluated, _, _ = await _tool(client, "evaluate", {"expression": "password[4:10]"})
            assert evaluated["result"] == NAME_MARK
            evaluated, _, _ = await _tool(client, "evaluate", {"expression": "password.startswith('ghp_SetSet')"})
            assert evaluated["result"] == "True"
            await call(client, "stop")

    run(body, timeout=150)


def test_show_secrets_turns_redaction_off() -> None:
    async def body() -> None:
        from dapcli.frontends.mcp.server import build_server

        async with connected(build_server(redact=False)) as client:
            stop, _, _ = await _tool(client, "launch", _launch_args())
            assert "redacted" not in stop
            assert {v["name"]: v["value"] for v in stop["locals"]}["password"] == "'hunter2-x9'"
            evaluated, _, _ = await _tool(client, "evaluate", {"expression": "os.environ['GITHUB_TOKEN']"})
            assert evaluated["result"] == repr(ENV_TOKEN)
            await call(client, "stop")

    run(body, timeout=150)


NAMES_PROGRAM = Path(__file__).resolve().parent / "programs" / "secret_names.py"


def test_secrets_in_names_and_across_a_cut_are_redacted() -> None:
    """A thread named with a token, a dict keyed by one (its child's name and ``evaluateName``),
    and a DSN whose password the value's cut would split: none of them leaks; the cut is marked."""

    async def body() -> None:
        async with connected() as client:
            args = {"program": str(NAMES_PROGRAM), "python": sys.executable,
                    "breakpoints": [f"{NAMES_PROGRAM}:{marker_line(NAMES_PROGRAM, 'stop')}"]}
            stop, _, result = await _tool(client, "launch", args)
            assert stop["reason"] == "breakpoint"

            def leaks(result: Any) -> bool:
                seen = result.content[0].text + json.dumps(result.structured_content)
                return "Nm4Nm4" in seen or "Pw7Pw7" in seen

            assert not leaks(result)
            values = {v["name"]: v["value"] for v in stop["locals"]}
            assert values["dsn"].startswith("'postgres://" + "u" * 60 + ":<redacted: password in URL>@")
            assert values["dsn"].endswith("…")  # still cut, and marked so
            threads, _, result = await _tool(client, "more", {"verb": "threads"})
            assert not leaks(result)
            assert "sync <redacted: GitHub token>" in [t["name"] for t in threads["threads"]]
            evaluated, _, _ = await _tool(client, "evaluate", {"expression": "keyed"})
            listed, _, result = await _tool(client, "variables",
                                            {"variablesReference": evaluated["variablesReference"]})
            assert not leaks(result)
            children = {v["name"]: v for v in listed["variables"]}
            assert "'<redacted: GitHub token>'" in children and children["'<redacted: GitHub token>'"]["value"] == "1"
            assert children["'plain'"]["value"] == "2"
            await call(client, "stop")

    run(body, timeout=150)
