"""A project's ``.dapcli/adapters.yaml`` runs nothing without consent, in every frontend; YAML
anchors, aliases and duplicate keys are refused (issue 14, item 5 and "also found")."""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from dapcli.adapters.config import load_config
from dapcli.dispatch.consent import confirm_project
from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import UntrustedProjectError, UsageError

ECHO = Path(__file__).resolve().parent / "echo_adapter.py"
DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"
#: the project's "adapter": leaves a file named RAN behind, then runs the echo adapter
MARK = ("import runpy, sys; open('RAN', 'w').close(); sys.argv = [sys.argv[1]]; "
        "runpy.run_path(sys.argv[0], run_name='__main__')")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(tmp_path / "rt"))
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.delenv("DAPCLI_TRUST_PROJECT", raising=False)
    root = tmp_path / "project"
    (root / ".dapcli").mkdir(parents=True)
    (root / ".dapcli" / "adapters.yaml").write_text(
        f"python:\n  command: [{sys.executable}, -c, \"{MARK}\", {ECHO}]\n")
    (root / "app.py").write_text("print('hello')\n")
    monkeypatch.chdir(root)
    return root


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DAPCLI_TRUST_PROJECT"}
    return {**env, "NO_COLOR": "1", **extra}


def _launch(root: Path) -> dict[str, Any]:
    async def body() -> dict[str, Any]:
        dispatcher = LocalDispatcher()
        try:
            result = await asyncio.wait_for(dispatcher.call("launch", {"program": str(root / "app.py")},
                                                            cwd=str(root)), 30)
            return result.to_json()
        finally:
            for session in list(dispatcher.manager.sessions.values()):
                await session.shutdown()

    return asyncio.run(body())


def test_engine_refuses_an_untrusted_project_command(project: Path) -> None:
    with pytest.raises(UntrustedProjectError) as refused:
        _launch(project)
    assert "refusing to run it" in refused.value.message and "replaces the command" in refused.value.message
    assert "--trust-project" in refused.value.hint
    assert not (project / "RAN").exists()


def test_engine_runs_it_when_trusted(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAPCLI_TRUST_PROJECT", "1")
    state = _launch(project)
    assert state["exitCode"] == 7  # the project's echo adapter ran
    assert (project / "RAN").exists()


def test_cli_without_a_tty_announces_and_refuses(project: Path) -> None:
    done = subprocess.run([DAPCLI, "launch", "app.py"], cwd=project, env=_env(), capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 5, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0].startswith("warning:") and "replaces the command of the built-in adapter 'python'" in lines[0]
    assert any(line.startswith("error:") and "refusing" in line for line in lines)
    assert "Traceback" not in done.stderr
    assert not (project / "RAN").exists()


@pytest.mark.parametrize("how", ["flag", "env"])
def test_cli_trust_project_runs_it(project: Path, how: str) -> None:
    argv = [DAPCLI, "launch", "app.py", "--trust-project"] if how == "flag" else [DAPCLI, "launch", "app.py"]
    env = _env(DAPCLI_TRUST_PROJECT="1") if how == "env" else _env()
    try:
        subprocess.run(argv, cwd=project, env=env, capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not (project / "RAN").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (project / "RAN").exists()
    finally:
        subprocess.run([DAPCLI, "stop"], cwd=project, env=env, capture_output=True, timeout=60)


def test_recipe_is_refused_without_consent(project: Path) -> None:
    recipe = project / "r.yaml"
    recipe.write_text("target: {program: app.py}\nsteps:\n  - continue: {}\n")
    done = subprocess.run([DAPCLI, "run", str(recipe)], cwd=project, env=_env(), capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert "refusing to run it" in done.stdout + done.stderr
    assert not (project / "RAN").exists()


def test_mcp_is_refused_without_consent(project: Path) -> None:
    from mcp import Client

    from dapcli.frontends.mcp.server import build_server

    async def body() -> Any:
        async with Client(build_server()) as client:
            return await client.call_tool("launch", {"program": str(project / "app.py")})

    result = asyncio.run(body())
    assert result.is_error
    assert "refusing to run it" in result.content[0].text
    assert not (project / "RAN").exists()


def test_mcp_names_the_option_that_exists(project: Path) -> None:
    """The hint pointed to a `trustProject` parameter that no tool has."""
    from mcp import Client

    from dapcli.frontends.mcp.server import build_server

    async def body() -> Any:
        async with Client(build_server()) as client:
            return await client.call_tool("launch", {"program": str(project / "app.py")})

    text = asyncio.run(body()).content[0].text
    assert "trustProject" not in text
    assert text.endswith("(if you trust this project, run dapcli with --trust-project once in it, at a terminal "
                         "(kept until the file changes), or set DAPCLI_TRUST_PROJECT=1)")


def test_trust_is_kept_for_the_file_as_it_is_and_revoked_when_it_changes(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dapcli.dispatch.consent import trust_project

    trust_project(str(project))  # --trust-project once (or a yes at the prompt)
    monkeypatch.delenv("DAPCLI_TRUST_PROJECT")  # a later run: nothing but the recorded hash
    assert _launch(project)["exitCode"] == 7
    assert (project / "RAN").exists()
    (project / "RAN").unlink()
    path = project / ".dapcli" / "adapters.yaml"
    path.write_text(path.read_text() + "# changed\n")
    with pytest.raises(UntrustedProjectError) as refused:
        _launch(project)
    assert refused.value.message.endswith(
        "; it changed since you trusted it; refusing to run it without your consent")
    assert not (project / "RAN").exists()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("answer", "trusted"), [("y\n", True), ("\n", False), ("no\n", False)])
def test_terminal_prompt(project: Path, monkeypatch: pytest.MonkeyPatch, answer: str, trusted: bool) -> None:
    monkeypatch.delenv("DAPCLI_TRUST_PROJECT", raising=False)
    err = _Tty()
    if trusted:
        confirm_project(str(project), stdin=_Tty(answer), stderr=err)
        assert os.environ.get("DAPCLI_TRUST_PROJECT") == "1"
    else:
        with pytest.raises(UntrustedProjectError):
            confirm_project(str(project), stdin=_Tty(answer), stderr=err)
    assert "replaces the command of the built-in adapter 'python'" in err.getvalue()  # announced first
    assert "[y/N]" in err.getvalue()


# -- YAML traps -----------------------------------------------------------------------------------
LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8))


@pytest.mark.parametrize(("text", "line", "words"), [
    ("base: &b {command: [dlv]}\ngo: *b\n", 1, "anchors and aliases"),
    (LAUGHS, 1, "anchors and aliases"),
    ("go:\n  command: [dlv]\ngo:\n  command: [other]\n", 3, "duplicate key 'go'"),
    ("go:\n  command: [dlv]\n  command: [other]\n", 3, "duplicate key 'command'"),
])
def test_yaml_traps_are_refused(project: Path, text: str, line: int, words: str) -> None:
    path = project / ".dapcli" / "adapters.yaml"
    path.write_text(text)
    started = time.monotonic()
    with pytest.raises(UsageError) as refused:
        load_config(str(project))
    assert time.monotonic() - started < 15  # an expanded billion laughs would not end
    assert refused.value.message.startswith(f"{path}:{line}:"), refused.value.message
    assert words in refused.value.message
