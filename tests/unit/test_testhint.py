"""The test run the one-shot client names for the session host to start early
(dapcli.adapters.debugpy.testhint), and that run's life in the host (dapcli.adapters.debugpy.earlytest), on real
processes."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from dapcli.adapters.debugpy import earlytest, testhint
from dapcli.engine.testrun.python import BOOT
from dapcli.frontends.cli.fast import _after_command
from dapcli.frontends.cli.quick import load_shape

FLAGS = load_shape()["commands"]["test"]["flags"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PY = sys.executable


@pytest.fixture(autouse=True)
def _no_adapters_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)


def _args(run: dict[str, object] | None) -> list[str] | None:
    """The run's arguments after dapcli's bootstrap."""
    if run is None:
        return None
    argv = run["argv"]
    assert isinstance(argv, list) and argv[0] == PY
    return argv[argv.index(BOOT) + 1:]


def test_the_hint_knows_the_bootstrap_the_verb_launches() -> None:
    assert testhint.BOOT == BOOT


@pytest.mark.parametrize(("words", "expected"), [
    (["tests/test_cart.py::test_total_with_discount"], ["pytest", "tests/test_cart.py::test_total_with_discount"]),
    (["--first", "tests/test_cart.py"], ["pytest", "tests/test_cart.py", "-x"]),
    (["tests/test_cart.py", "--", "-k", "one_item"], ["pytest", "tests/test_cart.py", "-k", "one_item"]),
    (["--timeout", "30", "--json", "--runner-args=-q"], ["pytest", "-q"]),
    (["--runner", "unittest", "--first", "tests.test_cart"], ["unittest", "tests.test_cart", "-f"]),
    (["--adapter", "python", "tests"], ["pytest", "tests"]),
    (["--adapter", "lldb", "tests/test_cart.py"], None),
    (["--runner", "go", "."], None),
    (["tests/test_nope.py"], None),  # the verb refuses it before anything starts
    (["--no-such-flag", "tests"], None),
    (["go"], None),  # a Go package directory
    (["tests/test_cart.py", "-k", "one_item", "--first"], ["pytest", "tests/test_cart.py", "-k", "one_item", "-x"]),
    (["--match=one_item", "tests"], ["pytest", "tests", "-k", "one_item"]),
    (["--stdin", "input.txt", "tests"], None),  # the run starts in dapcli's terminal
    (["-b", "cart.py:12", "tests"], None),  # breakpoints go in before the run goes on
    (["--break=cart.py:12", "tests"], None),
    (["--until-fail", "5", "tests"], ["pytest", "tests"]),  # its first run may start early
])
def test_a_run_is_named_only_when_certain(words: list[str], expected: list[str] | None) -> None:
    assert _args(testhint.hint(["--python", PY, *words], FLAGS, str(EXAMPLES))) == expected


def test_the_run_is_in_the_test_directory_with_the_chosen_interpreter(tmp_path: Path) -> None:
    run = testhint.hint(["--python", PY, "--cwd", "examples", "tests"], FLAGS, str(EXAMPLES.parent))
    assert run is not None and run["cwd"] == str(EXAMPLES) and run["argv"][0] == PY  # type: ignore[index]
    assert testhint.hint(["x_test.py"], FLAGS, str(tmp_path)) is None  # no pytest config: not certain


def test_no_hint_when_a_project_has_an_adapters_file(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    assert testhint.hint(["--python", PY], FLAGS, str(tmp_path)) is not None
    (tmp_path / ".dapcli").mkdir()
    (tmp_path / ".dapcli" / "adapters.yaml").write_text("python:\n  command: [x]\n")
    assert testhint.hint(["--python", PY], FLAGS, str(tmp_path)) is None


def test_the_words_after_the_command_skip_global_options() -> None:
    assert _after_command(["--session", "test", "--json", "test", "a.py"], "test") == ["a.py"]


# -- the early run in the host ---------------------------------------------------------------------
#: A stand-in run: prints, then echoes what its control pipe says until the pipe ends.
ECHO = ("import os, sys; print('ready', flush=True); fd = int(os.environ['DAPCLI_TESTBOOT_FD'])\n"
        "for line in os.fdopen(fd):\n    print('got', line.strip(), flush=True)\n")


def _early(argv: list[str], cwd: str) -> earlytest.EarlyRun:
    earlytest.start({"argv": argv, "cwd": cwd})
    found = earlytest._early.item
    assert found is not None and found.returncode is None
    return found


def _gone(process: earlytest.EarlyRun, timeout: float = 10.0) -> bool:
    try:
        process.process.wait(timeout)
    except Exception:
        return False
    return True


def test_taken_only_for_the_same_run_and_killed_otherwise(tmp_path: Path) -> None:
    argv = [PY, "-c", ECHO]
    wrong = _early(argv, str(tmp_path))
    assert earlytest.take([*argv, "x"], str(tmp_path)) is None and _gone(wrong)  # a wrong hint: killed
    run = _early(argv, str(tmp_path))
    assert earlytest.take(argv, str(tmp_path / "..")) is None and _gone(run)  # another directory
    run = _early(argv, str(tmp_path))
    assert earlytest.take(argv, str(tmp_path)) is run and earlytest.take(argv, str(tmp_path)) is None
    seen: list[tuple[str, str | None]] = []
    ended = threading.Event()

    def sink(category: str, text: str | None) -> None:
        seen.append((category, text))
        if text is None and category == "stdout":
            ended.set()

    run.on_output(sink)  # what it printed before it was taken comes first
    run.release("127.0.0.1", 4321)
    run.close_control()  # the end of the pipe ends the stand-in
    assert ended.wait(10) and _gone(run)
    assert "".join(t for c, t in seen if c == "stdout" and t) == "ready\ngot connect 127.0.0.1 4321\n"


def test_an_unclaimed_run_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = _early([PY, "-c", "import time; time.sleep(60)"], str(tmp_path))
    earlytest.discard()
    assert _gone(run) and run.returncode == -signal.SIGKILL
    monkeypatch.setattr(earlytest, "UNCLAIMED_S", 0.2)
    run = _early([PY, "-c", "import time; time.sleep(60)"], str(tmp_path))
    assert _gone(run) and earlytest._early.item is None  # nobody took it in time


def test_the_bootstrap_ends_with_its_group_when_the_pipe_ends(tmp_path: Path) -> None:
    """The host died before it took the run: the run (waiting for the adapter's address after
    collection) and anything it started end at once."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "conftest.py").write_text(
        "import subprocess, sys\n"
        "CHILD = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "open('child.pid', 'w').write(str(CHILD.pid))\n")
    (tmp_path / "test_a.py").write_text("def test_a():\n    assert False\n")
    run = _early(earlytest.boot_argv(PY, BOOT, ["pytest", "test_a.py"]), str(tmp_path))
    pid_file = tmp_path / "child.pid"
    deadline = time.monotonic() + 30
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    child = psutil.Process(int(pid_file.read_text()))
    assert run.returncode is None
    run.close_control()
    assert _gone(run) and run.returncode != 0
    child.wait(10)  # raises TimeoutExpired if it outlived the run
    assert not os.path.exists(f"/proc/{child.pid}") or child.status() == psutil.STATUS_ZOMBIE
    earlytest.discard()


def test_the_early_handshake_says_what_the_session_would() -> None:
    """The host says ``initialize`` and ``attach`` before the engine is there: what it says must
    be what the session says (the verb checks it too, and launches instead when it differs)."""
    from dapcli.adapters.base import LaunchOptions
    from dapcli.adapters.debugpy.earlyattach import EarlyDebugpyAdapter
    from dapcli.engine.session import Session

    adopted = EarlyDebugpyAdapter(None)  # type: ignore[arg-type]
    told = Session("x", adopted).initialize_arguments().model_dump(mode="json", exclude_none=True)
    assert told == earlytest.INITIALIZE_ARGUMENTS
    options = LaunchOptions(program=BOOT, args=["pytest", "tests"], cwd=str(EXAMPLES), env={}, python=PY,
                            extra={"rules": [{"path": BOOT, "include": False}]})
    assert adopted.launch_arguments(options) == earlytest.attach_arguments(BOOT)
    run = testhint.hint(["--python", PY, "tests"], FLAGS, str(EXAMPLES))
    assert run is not None and run["attach"] == earlytest.attach_arguments(BOOT)
