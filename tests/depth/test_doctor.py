"""`dapcli doctor`: adapter, interpreter and debugpy, debug info, ptrace, runtime and state
directories — in-process (the verb table, as MCP calls it) and through the real CLI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from depth_helpers import PROGRAMS, PYTHON, Cli, InProcess

from dapcli.errors import UsageError
from dapcli.verbs import VERBS
from dapcli.verbs.models import DoctorCheck, DoctorResult


def _doctor(in_process, args: dict[str, object], cwd: Path) -> DoctorResult:  # type: ignore[no-untyped-def]
    async def body(run: InProcess) -> DoctorResult:
        result = await run.call("doctor", args, cwd=cwd)
        assert isinstance(result, DoctorResult)
        return result

    result: DoctorResult = in_process(body)
    return result


def _by_name(result: DoctorResult) -> dict[str, DoctorCheck]:
    return {check.name: check for check in result.checks}


@pytest.fixture(scope="module")
def bare_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtualenv without pip and without debugpy."""
    folder = tmp_path_factory.mktemp("bare") / ".venv"
    base = getattr(sys, "_base_executable", None) or shutil.which("python3") or sys.executable
    subprocess.run([base, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    return folder


def test_doctor_is_a_read_only_verb_without_a_session() -> None:
    spec = VERBS["doctor"]
    assert spec.needs == "none" and spec.read_only and not spec.executes
    assert [p.name for p in spec.params] == ["program", "adapter", "python"]


def test_doctor_on_a_python_program(workspace: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    result = _doctor(in_process, {"program": "buggy.py", "python": PYTHON}, workspace)
    checks = _by_name(result)
    assert result.program == str(workspace / "buggy.py") and result.adapter == "python"
    assert checks["adapter"].status == "ok" and "python" in checks["adapter"].detail
    adapter = checks["python adapter"]
    assert adapter.status == "ok" and "version 1." in adapter.detail, adapter
    assert checks["interpreter"].status == "ok" and PYTHON in checks["interpreter"].detail
    assert checks["debugpy in interpreter"].status == "ok"  # the test venv has debugpy
    for name in ("ptrace (attach)", "runtime directory", "state directory"):
        assert checks[name].status in ("ok", "warn"), checks[name]
    assert result.ok


def test_doctor_on_a_venv_without_debugpy(workspace: Path, bare_venv: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    python = str(bare_venv / "bin" / "python")
    result = _doctor(in_process, {"program": "buggy.py", "python": python}, workspace)
    checks = _by_name(result)
    assert checks["interpreter"].status == "ok"
    assert python in checks["interpreter"].detail
    debugpy = checks["debugpy in interpreter"]
    assert debugpy.status == "warn", debugpy  # dapcli's adapter brings its own debugpy
    assert "cannot import debugpy" in debugpy.detail
    assert debugpy.hint is not None and f"{python} -m pip install debugpy" in debugpy.hint
    assert "ensurepip" in debugpy.hint  # a venv made --without-pip
    assert result.ok  # a warning, not a failure


def test_doctor_finds_the_project_venv(bare_venv: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    project = bare_venv.parent
    shutil.copy(PROGRAMS / "buggy.py", project / "buggy.py")
    result = _doctor(in_process, {}, project)  # no program: the project in the directory
    checks = _by_name(result)
    assert "python" in checks["adapter"].detail
    interpreter = checks["interpreter"]
    assert str(bare_venv / "bin" / "python") in interpreter.detail
    assert "the project's virtualenv" in interpreter.detail
    assert checks["debugpy in interpreter"].status == "warn"


def test_doctor_cli_renders_marks_and_hints(workspace: Path, bare_venv: Path, cli: Cli) -> None:
    python = str(bare_venv / "bin" / "python")
    shown = cli.run("doctor", "buggy.py", "--python", python, cwd=workspace)
    assert "✔" in shown.out and "!" in shown.out
    assert f"fix: {python} -m pip install debugpy" in shown.out, shown.out
    assert "✘" not in shown.out
    data = cli.run("--json", "doctor", "buggy.py", "--python", python, cwd=workspace).json()
    statuses = {c["name"]: c["status"] for c in data["checks"]}
    assert statuses["debugpy in interpreter"] == "warn"
    assert data["ok"] is True


def test_doctor_reports_a_runtime_dir_open_to_others(workspace: Path, tmp_path: Path, in_process,  # type: ignore[no-untyped-def]
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # in-process: the one-shot CLI itself refuses to start with such a directory (fast.py)
    loose = tmp_path / "rt"
    loose.mkdir()
    os.chmod(loose, 0o755)
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(loose))
    result = _doctor(in_process, {"program": "buggy.py", "python": PYTHON}, workspace)
    check = _by_name(result)["runtime directory"]
    assert check.status == "fail" and "755" in check.detail
    assert check.hint == f"chmod 700 {loose}"
    assert result.ok is False
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(tmp_path / ("x" * 120)))
    long = _by_name(_doctor(in_process, {"program": "buggy.py", "python": PYTHON}, workspace))["runtime directory"]
    assert long.status == "fail" and "too long" in long.detail


def test_doctor_state_dir_not_writable(workspace: Path, tmp_path: Path, in_process,  # type: ignore[no-untyped-def]
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(blocker))
    check = _by_name(_doctor(in_process, {"program": "buggy.py", "python": PYTHON}, workspace))["state directory"]
    assert check.status == "warn" and "will not be saved" in check.detail


def test_doctor_bad_input(workspace: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UsageError):
        _doctor(in_process, {"program": "missing.py"}, workspace)
    result = _doctor(in_process, {"program": "buggy.py", "adapter": "nonesuch"}, workspace)
    adapter = _by_name(result)["adapter"]
    assert adapter.status == "fail" and "nonesuch" in adapter.detail and adapter.hint
    assert not result.ok
    python = _by_name(_doctor(in_process, {"program": "buggy.py", "python": "/nonexistent/python"}, workspace))
    assert python["interpreter"].status == "fail"


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")
def test_doctor_debug_info_of_a_native_binary(tmp_path: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    source = PROGRAMS / "native.c"
    subprocess.run(["cc", "-g", "-O0", "-o", str(tmp_path / "with"), str(source)], check=True, timeout=60)
    subprocess.run(["cc", "-O0", "-s", "-o", str(tmp_path / "without"), str(source)], check=True, timeout=60)
    with_info = _by_name(_doctor(in_process, {"program": "with"}, tmp_path))
    assert with_info["debug info"].status == "ok"
    without = _by_name(_doctor(in_process, {"program": "without"}, tmp_path))
    assert without["debug info"].status == "fail" and "-g" in (without["debug info"].hint or "")


def test_doctor_ptrace_check(workspace: Path, in_process) -> None:  # type: ignore[no-untyped-def]
    check = _by_name(_doctor(in_process, {"program": "buggy.py", "python": PYTHON}, workspace))["ptrace (attach)"]
    scope_file = Path("/proc/sys/kernel/yama/ptrace_scope")
    if scope_file.exists():
        assert f"ptrace_scope = {scope_file.read_text().strip()}" in check.detail
    else:
        assert "no Yama" in check.detail
    assert ("root" in check.detail) == (os.geteuid() == 0) or "not root" in check.detail
