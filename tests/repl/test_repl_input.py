"""REPL input that is not one typed line: a multi-line paste, a broken history file, SIGHUP."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import psutil
import pytest

from dapcli.frontends.repl.history import SafeFileHistory
from dapcli.frontends.repl.toolbar import split_commands

ROOT = Path(__file__).resolve().parents[2]
LOOP = "tests/repl/programs/loop.py"
PROMPT = "(dapcli)"


def test_a_paste_splits_into_commands_keeping_continued_lines() -> None:
    assert split_commands("p 1 + 1\n\np [1,\n2]\nn\np 1 + \\\n2\n") == ["p 1 + 1", "p [1,\n2]", "n", "p 1 +  2"]


@pytest.mark.parametrize("kind", ["directory", "unwritable"])
def test_a_broken_history_file_degrades_with_one_warning(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "history"
    if kind == "directory":
        path.mkdir()
    else:
        path.write_text("")
        path.chmod(0o400)
        if os.geteuid() == 0:
            pytest.skip("root can write a mode-0400 file")
    warnings: list[str] = []
    history = SafeFileHistory(str(path), warnings.append)
    assert list(history.load_history_strings()) == []
    history.store_string("p 1")
    history.store_string("p 2")
    assert len(warnings) == 1 and warnings[0].startswith(f"history disabled: {path}")


def test_a_full_disk_for_history_degrades_with_one_warning(tmp_path: Path) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    link = tmp_path / "history"
    link.symlink_to("/dev/full")
    warnings: list[str] = []
    history = SafeFileHistory(str(link), warnings.append)
    history.store_string("p 1")
    history.store_string("p 2")
    assert len(warnings) == 1 and "No space left" in warnings[0]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ, "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"),
        "DAPCLI_RUNTIME_DIR": str(tmp_path / "run"), "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1",
        "TERM": "xterm", "PYTHONUNBUFFERED": "1",
    }


@pytest.fixture
def repl(env: dict[str, str]) -> Iterator[pexpect.spawn]:
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", LOOP], env=env, cwd=str(ROOT),
                          dimensions=(50, 200), encoding="utf-8", timeout=60)
    child.expect_exact(f"Stopped (entry) in <module> at {LOOP}:1")
    child.expect_exact(PROMPT)
    yield child
    if child.isalive():
        child.terminate(force=True)


def test_a_bracketed_paste_runs_each_line(repl: pexpect.spawn) -> None:
    repl.send("\x1b[200~p 6 * 7\np 'a' + 'b'\x1b[201~\r")
    repl.expect_exact("42")
    repl.expect_exact("'ab'")
    repl.sendline("quit")
    repl.expect(pexpect.EOF)


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_sighup_ends_the_repl_and_its_session_cleanly(repl: pexpect.spawn, env: dict[str, str], signum: int) -> None:
    processes = psutil.Process(repl.pid).children(recursive=True)
    runtime = Path(env["DAPCLI_RUNTIME_DIR"])
    assert any(p.suffix == ".json" for p in runtime.iterdir()), "the REPL publishes its session"
    os.kill(repl.pid, signum)
    repl.expect(pexpect.EOF)
    repl.close()
    _, alive = psutil.wait_procs(processes, timeout=10)
    assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive
    left = [p.name for p in runtime.iterdir() if p.suffix in (".json", ".sock")]
    assert not left, f"left behind: {left}"


def test_sigterm_ends_a_repl_on_a_dumb_terminal(env: dict[str, str]) -> None:
    """With TERM=dumb prompt_toolkit reads through an application of its own: SIGTERM was ignored."""
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", LOOP], env={**env, "TERM": "dumb"},
                          cwd=str(ROOT), dimensions=(50, 200), encoding="utf-8", timeout=60)
    try:
        child.expect_exact(f"Stopped (entry) in <module> at {LOOP}:1")
        child.expect_exact(PROMPT)
        processes = psutil.Process(child.pid).children(recursive=True)
        os.kill(child.pid, signal.SIGTERM)
        child.expect(pexpect.EOF, timeout=30)
        child.close()
        assert child.exitstatus == 0
        _, alive = psutil.wait_procs(processes, timeout=10)
        assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive
    finally:
        if child.isalive():
            child.terminate(force=True)


@pytest.mark.parametrize(("target", "problem"), [
    ("/dev/full", "is a symbolic link (dapcli does not follow one)"),
    ("/dev/zero", "is a symbolic link (dapcli does not follow one)"),
])
def test_a_history_link_to_an_endless_device_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         target: str, problem: str) -> None:
    """A history file linked to /dev/full made the REPL read zeros until it held 4 GB."""
    import time

    from prompt_toolkit.history import InMemoryHistory

    from dapcli.frontends.repl.history import open_history

    if not os.path.exists(target):
        pytest.skip(f"no {target} here")
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(tmp_path))
    (tmp_path / "history").symlink_to(target)
    warnings: list[str] = []
    started = time.process_time()
    history = open_history(warnings.append)
    assert isinstance(history, InMemoryHistory)
    assert warnings == [f"history disabled: {tmp_path / 'history'}: {problem} (commands are kept for this "
                        "session only)"]
    direct = SafeFileHistory(str(tmp_path / "history"), warnings.append)
    assert list(direct.load_history_strings()) == []
    assert time.process_time() - started < 2.0


def test_a_history_file_too_large_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dapcli.frontends.repl.history import MAX_HISTORY_BYTES, open_history

    monkeypatch.setenv("DAPCLI_STATE_DIR", str(tmp_path))
    with open(tmp_path / "history", "wb") as handle:
        handle.truncate(MAX_HISTORY_BYTES + 1)
    warnings: list[str] = []
    open_history(warnings.append)
    assert warnings == [f"history disabled: {tmp_path / 'history'}: too large ({MAX_HISTORY_BYTES + 1} bytes; at "
                        f"most {MAX_HISTORY_BYTES}) (commands are kept for this session only)"]
