"""The fast path's generated CLI shape stays in step with the verb table, and cold commands
answer without importing the app (typer, pydantic, rich, the verb table)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "dapcli" / "frontends" / "cli"
REGENERATE = "python tools/gen_completions.py"


def _generated_now() -> dict[str, str]:
    code = ("import json\nfrom dapcli.frontends.cli.shapegen import generated\n"
            "print(json.dumps({p.name: t for p, t in generated().items()}))\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(ROOT), "TERM": "xterm-256color"}  # as gen_completions runs it
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                         cwd=ROOT).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def test_shape_and_help_are_current() -> None:
    for name, text in _generated_now().items():
        assert (CLI / name).read_text() == text, f"dapcli/frontends/cli/{name} is stale: run {REGENERATE}"


def test_every_verb_and_alias_is_in_the_shape() -> None:
    from dapcli.frontends.cli.quick import load_shape, resolve
    from dapcli.verbs import VERBS

    shape = load_shape()
    for spec in VERBS.values():
        found = resolve([*spec.cli_path, "--help"])
        assert found is not None and found.path == list(spec.cli_path), spec.name
        for alias in spec.aliases:
            if alias not in shape["commands"]:
                assert shape["aliases"][alias] == " ".join(spec.cli_path)


def _run(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    code = ("import sys\nfrom dapcli.frontends.cli.fast import main\n"
            "code = main(sys.argv[1:])\nsys.stdout.flush()\n"
            "heavy = [m for m in ('typer', 'pydantic', 'rich', 'dapcli.verbs', 'asyncio') if m in sys.modules]\n"
            "print('HEAVY:' + ','.join(heavy), file=sys.stderr)\nsys.exit(code)\n")
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env, timeout=60)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    runtime = tmp_path / "rt"
    runtime.mkdir(mode=0o700)
    return {**os.environ, "DAPCLI_RUNTIME_DIR": str(runtime), "NO_COLOR": "1"}


@pytest.mark.parametrize("argv", [["--help"], ["launch", "--help"], ["break", "add", "--help"], ["b", "-h"],
                                  ["version"], ["--version"], ["sessions"], ["sessions", "--json"],
                                  ["completion", "bash"], ["status"], ["next"], ["break", "list"], ["break"], []])
def test_cold_commands_import_nothing_heavy(argv: list[str], env: dict[str, str]) -> None:
    result = _run(*argv, env=env)
    assert result.stderr.strip().splitlines()[-1] == "HEAVY:", result.stderr


def test_help_is_the_apps_help(env: dict[str, str]) -> None:
    """The fast path prints what typer prints (at the generated width, colours off for a pipe)."""
    from dapcli.frontends.cli.app import Finished, parse

    for argv in (["--help"], ["eval", "--help"], ["watch", "--help"], ["watch", "add", "--help"]):
        fast = _run(*argv, env={**env, "TERMINAL_WIDTH": "80"})
        assert fast.returncode == 0
        parsed = parse(argv)
        assert isinstance(parsed, Finished)
        assert fast.stdout == parsed.stdout


def test_bare_group_and_bare_dapcli_print_help_and_exit_2(env: dict[str, str]) -> None:
    for argv in ([], ["break"]):
        result = _run(*argv, env=env)
        assert result.returncode == 2 and "Usage: dapcli" in result.stdout


def test_no_session_is_one_line_exit_3(env: dict[str, str]) -> None:
    result = _run("status", env=env)
    assert result.returncode == 3
    assert "error: no session named 'default'" in result.stderr


def test_sessions_table_matches_the_rich_rendering() -> None:
    from dapcli.frontends.cli.quick import plain_table
    from dapcli.frontends.cli.runner import result_text
    from dapcli.verbs.models import SessionInfo, SessionsResult

    infos = [SessionInfo(name="default", state="stopped", adapter="python", program="/x/prog.py", host_pid=1,
                         hosted=True),
             SessionInfo(name="other-one", state="running", adapter="lldb", program="/x/a.out", host_pid=2,
                         hosted=True)]
    rich_text = result_text(SessionsResult(sessions=infos), False, {"tty": False, "color": False, "width": 120}, "/x")
    rows = [["session", "state", "adapter", "program"]] + [[i.name, i.state, i.adapter, i.program[3:]] for i in infos]
    assert [line.rstrip() for line in plain_table(rows).splitlines()] == [
        line.rstrip() for line in rich_text.splitlines()]


BASH = shutil.which("bash")


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_bash_completes_commands_and_flags_without_python(tmp_path: Path) -> None:
    """No ``dapcli`` on PATH: commands, sub-commands and flags still complete (the script knows them)."""
    script = (
        f"source {ROOT / 'completions' / 'dapcli.bash'}\n"
        "t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _dapcli;"
        " echo \"${COMPREPLY[*]}\"; }\n"
        "t dapcli ne\nt dapcli break ''\nt dapcli break add --c\nt dapcli b --hit\nt dapcli completion ''\n"
    )
    out = subprocess.run([BASH, "--norc", "-c", script], capture_output=True, text=True, timeout=30,
                         env={"PATH": str(tmp_path)}).stdout.splitlines()
    assert out == ["next nexti", "add clear delete edit list", "--condition", "--hit-condition", "bash zsh fish"]


def test_complete_words_without_a_session_are_empty(env: dict[str, str]) -> None:
    result = _run("__complete", "breakpoint", env=env)
    assert result.returncode == 0 and result.stdout == ""


def test_adapters_fast_path_matches_the_verb(env: dict[str, str]) -> None:
    """``dapcli adapters`` without the app prints what the verb and its renderer print."""
    import asyncio

    from dapcli.dispatch.local import LocalDispatcher
    from dapcli.frontends.cli.quick import adapters_text
    from dapcli.frontends.cli.runner import result_text

    result = asyncio.run(LocalDispatcher().call("adapters", {}, "default", str(ROOT)))
    infos = [info.model_dump(by_alias=False) for info in result.adapters]
    for term in ({"tty": False, "color": False, "width": 120}, {"tty": True, "color": True, "width": 80}):
        assert adapters_text(infos, term) == result_text(result, False, term, str(ROOT))
    fast = subprocess.run([sys.executable, "-m", "dapcli", "adapters", "--json"], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert json.loads(fast.stdout) == result.to_json()


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_commands_flags_and_session_words(tmp_path: Path) -> None:
    fake = tmp_path / "dapcli"  # stands for the live session's answer to `dapcli __complete breakpoint`
    fake.write_text("#!/bin/sh\necho 7\n")
    fake.chmod(0o755)
    script = (f"source {ROOT / 'completions' / 'dapcli.fish'}\n"
              "for line in 'dapcli ne' 'dapcli break ' 'dapcli b --hi' 'dapcli break delete ' 'dapcli completion '\n"
              "    echo (complete -C $line | string split -f1 \\t)\nend\n")
    out = subprocess.run(["fish", "--no-config", "-c", script], capture_output=True, text=True, timeout=30,
                         env={"PATH": f"{tmp_path}:/usr/bin:/bin", "HOME": str(tmp_path)})
    assert out.stdout.splitlines() == ["next nexti", "add clear delete edit list", "--hit-condition", "7",
                                       "bash fish zsh"], out.stderr


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_offers_commands_flags_and_files() -> None:
    script = ("compdef() { : }\ncompadd() { [[ $1 == -- ]] && shift; print -r -- \"$*\" }\n"
              "_files() { print -r -- '<files>' }\n"
              f"source {ROOT / 'completions' / 'dapcli.zsh'}\n"
              "t() { words=(\"$@\"); CURRENT=${#words}; _dapcli }\n"
              "t dapcli break ''\nt dapcli b --hi\nt dapcli completion ''\nt dapcli launch ''\n")
    out = subprocess.run(["zsh", "-f", "-c", script], capture_output=True, text=True, timeout=30,
                         env={"PATH": "/usr/bin:/bin"}).stdout.splitlines()
    assert out == ["add clear delete edit list",
                   "--at --condition --expect --help --hit-condition --json --log-message --near-line --session -S -h",
                   "bash zsh fish", "<files>"]
