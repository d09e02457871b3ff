"""The native families without running a debugger: ELF section headers, program checks,
adapter choice and detection chains, launch/attach/core arguments, ptrace rules, gdb's chatter,
stop-reason normalization, memory dumps."""

from __future__ import annotations

import os
import shlex
import stat
import struct
from pathlib import Path

import pytest

from dapcli.adapters import registry
from dapcli.adapters.base import AttachOptions, LaunchOptions
from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.common import (
    NO_DEBUG_INFO,
    check_program,
    debug_info,
    find_program,
    is_native_executable,
    node_modules_dirs,
    ptrace_problem,
)
from dapcli.adapters.native.gdb import GdbAdapter, gdb_version
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.errors import PreconditionError, UsageError
from dapcli.verbs.native.native import _parse_memory_dump, hex_dump
from dapcli.verbs.shared.stop.reasons import normalize_reason, stop_signal


# -- ELF -----------------------------------------------------------------------------------------
def test_debug_info_from_section_headers(sample: Path, sample_nodebug: Path) -> None:
    assert is_native_executable(str(sample)) and debug_info(str(sample)) is True
    assert debug_info(str(sample_nodebug)) is False
    assert check_program(LaunchOptions(program=str(sample))) == []
    assert check_program(LaunchOptions(program=str(sample_nodebug))) == [NO_DEBUG_INFO]


def _tiny_elf(path: Path, sections: list[bytes], *, wide: bool = True, order: str = "<") -> Path:
    """A minimal ELF file with these section names (for 32-bit and big-endian headers)."""
    names = b"\0" + b"".join(name + b"\0" for name in [*sections, b".shstrtab"])
    entsize = 64 if wide else 40
    header_size = 64 if wide else 52
    strtab_at = header_size
    table_at = strtab_at + len(names)
    offsets, at = [], 1
    for name in [*sections, b".shstrtab"]:
        offsets.append(at)
        at += len(name) + 1
    entries = [b"\0" * entsize]  # the null section
    for index, name_at in enumerate(offsets):
        is_strtab = index == len(offsets) - 1
        offset, size = (strtab_at, len(names)) if is_strtab else (0, 0)
        if wide:
            entries.append(struct.pack(order + "IIQQQQIIQQ", name_at, 3 if is_strtab else 1, 0, 0, offset, size,
                                       0, 0, 1, 0))
        else:
            entries.append(struct.pack(order + "IIIIIIIIII", name_at, 3 if is_strtab else 1, 0, 0, offset, size,
                                       0, 0, 1, 0))
    count = len(entries)
    ident = b"\x7fELF" + bytes([2 if wide else 1, 1 if order == "<" else 2, 1]) + b"\0" * 9
    if wide:
        header = ident + struct.pack(order + "HHIQQQIHHHHHH", 2, 62, 1, 0, 0, table_at, 0, header_size, 0, 0,
                                     entsize, count, count - 1)
    else:
        header = ident + struct.pack(order + "HHIIIIIHHHHHH", 2, 3, 1, 0, 0, table_at, 0, header_size, 0, 0,
                                     entsize, count, count - 1)
    path.write_bytes(header + names + b"".join(entries))
    return path


@pytest.mark.parametrize(("wide", "order"), [(True, "<"), (False, "<"), (True, ">"), (False, ">")])
def test_debug_info_in_every_elf_flavour(tmp_path: Path, wide: bool, order: str) -> None:
    with_debug = _tiny_elf(tmp_path / "a", [b".text", b".debug_info"], wide=wide, order=order)
    without = _tiny_elf(tmp_path / "b", [b".text", b".debug_line_x"], wide=wide, order=order)
    compressed = _tiny_elf(tmp_path / "c", [b".zdebug_info"], wide=wide, order=order)
    assert debug_info(str(with_debug)) is True
    assert debug_info(str(without)) is False
    assert debug_info(str(compressed)) is True


def test_not_elf_and_truncated(tmp_path: Path) -> None:
    script = tmp_path / "script"
    script.write_text("#!/bin/sh\necho hi\n")
    assert not is_native_executable(str(script)) and debug_info(str(script)) is None
    broken = tmp_path / "broken"
    broken.write_bytes(b"\x7fELF\x02\x01\x01" + b"\0" * 9 + b"\0" * 10)
    assert debug_info(str(broken)) is None


def test_program_checks(tmp_path: Path) -> None:
    source = tmp_path / "prog.c"
    source.write_text("int main(void) { return 0; }\n")
    with pytest.raises(UsageError, match="source file") as caught:
        check_program(LaunchOptions(program=str(source)))
    assert "-g -O0" in caught.value.hint
    with pytest.raises(UsageError, match="directory"):
        check_program(LaunchOptions(program=str(tmp_path)))
    with pytest.raises(UsageError, match="not found"):
        check_program(LaunchOptions(program=str(tmp_path / "missing")))
    plain = tmp_path / "plain"
    plain.write_bytes(b"\x7fELF")
    with pytest.raises(UsageError, match="not executable"):
        check_program(LaunchOptions(program=str(plain)))


# -- choosing and finding adapters ----------------------------------------------------------------
def test_elf_goes_to_lldb_and_to_gdb_without_lldb(sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LldbAdapter, "find", lambda self: "/usr/bin/lldb-dap")
    assert registry.adapter_for(str(sample)).name == "lldb"
    monkeypatch.setattr(LldbAdapter, "find", lambda self: None)
    monkeypatch.setattr(GdbAdapter, "find", lambda self: "/usr/bin/gdb")
    assert registry.adapter_for(str(sample)).name == "gdb"
    monkeypatch.setattr(GdbAdapter, "find", lambda self: None)
    monkeypatch.setattr(CodeLldbAdapter, "find", lambda self: "/opt/codelldb")
    assert registry.adapter_for(str(sample)).name == "codelldb"
    monkeypatch.setattr(CodeLldbAdapter, "find", lambda self: None)
    assert registry.adapter_for(str(sample)).name == "lldb"  # none installed: lldb, with its install hint
    assert registry.adapter_for(str(sample.parent / "sample.c")).name == "lldb"  # → "build it first"


@pytest.mark.parametrize(("alias", "family"), [("c", "lldb"), ("rust", "lldb"), ("lldb-dap", "lldb"),
                                               ("cdt", "gdb"), ("gdb", "gdb"), ("vscode-lldb", "codelldb")])
def test_aliases(alias: str, family: str) -> None:
    assert registry.by_name(alias).name == family


def test_detection_chain_env_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "my-lldb-dap"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("DAPCLI_LLDB_DAP", str(fake))
    assert LldbAdapter().find() == str(fake)
    monkeypatch.setenv("DAPCLI_LLDB_DAP", str(tmp_path / "nope"))
    assert LldbAdapter().find() is None  # an explicit override that is wrong is not second-guessed
    monkeypatch.delenv("DAPCLI_LLDB_DAP")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    versioned = bin_dir / "lldb-dap-17"
    versioned.write_text("#!/bin/sh\n")
    versioned.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert LldbAdapter().find() == str(versioned)
    assert find_program(None, ("lldb-dap", "lldb-dap-17")) == str(versioned)


def test_node_modules_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    modules = tmp_path / "mods"
    script = modules / "cdt-gdb-adapter" / "dist" / "debugAdapter.js"
    script.parent.mkdir(parents=True)
    script.write_text("")
    monkeypatch.setenv("DAPCLI_NODE_MODULES", str(modules))
    assert node_modules_dirs(global_npm=False)[0] == str(modules)
    monkeypatch.setattr(GdbAdapter, "native", lambda self: False)
    assert GdbAdapter().cdt_script() == str(script)


def test_install_hints_name_the_package() -> None:
    assert "lldb" in LldbAdapter().install_hint and "DAPCLI_LLDB_DAP" in LldbAdapter().install_hint
    assert "cdt-gdb-adapter" in GdbAdapter().install_hint or "gdb" in GdbAdapter().install_hint
    assert "npm install" in CodeLldbAdapter.install_hint


def test_gdb_version_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dapcli.adapters.native.gdbhints as gdb_module

    for text, expected in [("GNU gdb (Debian 13.1-3) 13.1", (13, 1)), ("GNU gdb (Fedora Linux) 14.2-1.fc40", (14, 2)),
                           ("GNU gdb (GDB) 15.1", (15, 1)), ("nonsense", None)]:
        monkeypatch.setattr(gdb_module, "tool_output", lambda *argv, t=text: t + "\n")
        assert gdb_version("/usr/bin/gdb") == expected


# -- launch, attach, core arguments ---------------------------------------------------------------
def test_lldb_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = LldbAdapter()
    launch = spec.launch_arguments(LaunchOptions(program="/p", args=["a b"], cwd="/w", env={"K": "V"},
                                                 stop_on_entry=True))
    assert launch["program"] == "/p" and launch["args"] == ["a b"] and launch["env"] == ["K=V"]
    assert launch["stopOnEntry"] is False and "main" in launch["preRunCommands"][0]
    monkeypatch.setattr("dapcli.adapters.native.common.ptrace_problem", lambda pid: None)
    assert spec.attach_arguments(AttachOptions(process_id=42))["pid"] == 42
    # a gdbserver stub: lldb-dap's synchronous connect, not an attach command it runs asynchronously
    # (then polls, and under load finds the process "unloaded during launch or attach")
    remote = spec.attach_arguments(AttachOptions(target="127.0.0.1:2345"))
    assert (remote["gdb-remote-hostname"], remote["gdb-remote-port"]) == ("127.0.0.1", 2345)
    assert "attachCommands" not in remote
    assert spec.attach_arguments(AttachOptions(target="::1:2345"))["gdb-remote-hostname"] == "[::1]"
    core = spec.core_arguments(LaunchOptions(program="/p"), "/c")
    assert core == {"type": "lldb-dap", "request": "attach", "name": "dapcli", "program": "/p", "coreFile": "/c"}
    assert spec.core_request == "attach"


def test_cdt_quotes_arguments_for_its_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GdbAdapter()
    monkeypatch.setattr(GdbAdapter, "native", lambda self: False)
    monkeypatch.setattr(GdbAdapter, "gdb", lambda self: "/usr/bin/gdb")
    args = ["two words", "$(rm -rf ~)", "it's", "`x`", ""]
    launch = spec.launch_arguments(LaunchOptions(program="/p", args=args, stop_on_entry=True))
    assert shlex.split(launch["arguments"]) == args
    assert launch["gdb"] == "/usr/bin/gdb" and launch["gdbArguments"] == ["-q"]
    # a call that faults leaves the program as it was, then the entry stop
    assert launch["initCommands"] == ["set unwindonsignal on", "set unwind-on-terminating-exception on", "tbreak main"]
    monkeypatch.setattr("dapcli.adapters.native.common.ptrace_problem", lambda pid: None)
    assert spec.attach_arguments(AttachOptions(process_id=7))["processId"] == "7"
    with pytest.raises(PreconditionError, match="core"):
        spec.core_arguments(LaunchOptions(program="/p"), "/c")
    assert spec.core_request is None


def test_native_gdb_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GdbAdapter()
    monkeypatch.setattr(GdbAdapter, "native", lambda self: True)
    launch = spec.launch_arguments(LaunchOptions(program="/p", args=["$(x)"], env={"K": "V"}, stop_on_entry=True))
    assert launch["args"] == ["$(x)"] and launch["env"]["K"] == "V" and "PATH" in launch["env"]
    assert launch["stopAtBeginningOfMainSubprogram"] is True
    assert spec.console_prefix == ""
    monkeypatch.setattr("dapcli.adapters.native.common.ptrace_problem", lambda pid: None)
    assert spec.attach_arguments(AttachOptions(process_id=7))["pid"] == 7


def test_codelldb_arguments() -> None:
    spec = CodeLldbAdapter()
    launch = spec.launch_arguments(LaunchOptions(program="/p", args=["x"], env={"K": "V"}))
    assert launch["type"] == "lldb" and launch["terminal"] == "console" and launch["expressions"] == "native"
    core = spec.core_arguments(LaunchOptions(program='/a "b"/p'), "/c")
    assert core["request"] == "launch" and core["processCreateCommands"] == []
    assert core["targetCreateCommands"] == ['target create "/a \\"b\\"/p" --core "/c"']


# -- ptrace --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("scope", "privileged", "blocked"), [
    ("0", False, False), ("1", True, False), ("1", False, True), ("2", False, True), ("2", True, False),
    ("3", True, True),
])
def test_ptrace_scope_rules(tmp_path: Path, scope: str, privileged: bool, blocked: bool) -> None:
    scope_file = tmp_path / "ptrace_scope"
    scope_file.write_text(scope + "\n")
    problem = ptrace_problem(os.getpid(), str(scope_file), privileged=privileged)
    assert (problem is not None) == blocked
    if problem:
        message, hint = problem
        assert "ptrace_scope" in message and hint


def test_ptrace_missing_process_and_no_yama(tmp_path: Path) -> None:
    assert ptrace_problem(os.getpid(), str(tmp_path / "absent")) is None
    problem = ptrace_problem(2**22 + 12345, str(tmp_path / "absent"))
    assert problem is not None and "no process" in problem[0]


def test_attach_refused_with_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dapcli.adapters.native.common.ptrace_problem",
                        lambda pid: ("only its own child processes (kernel.yama.ptrace_scope = 1)", "sysctl …"))
    with pytest.raises(PreconditionError, match="ptrace_scope") as caught:
        LldbAdapter().attach_arguments(AttachOptions(process_id=1234))
    assert caught.value.hint == "sysctl …"


# -- gdb chatter, exit codes, stop reasons, memory -------------------------------------------------
def test_gdb_chatter_is_console_and_program_output_stays_stdout() -> None:
    spec = GdbAdapter()
    sequence = [
        ("[Thread debugging using libthread_db enabled]\n", "console"),
        ("\n", "console"),  # the blank line cdt sends before each stop report
        ("Breakpoint 2, main (argc=1, argv=0x7ffc) at sample.c:19\n", "console"),
        ("19\t    printf(\"x\");\n", "console"),
        ("19\tthe program printing a tab\n", "stdout"),  # not right after a breakpoint line
        ("total=150 sq=9\n", "stdout"),
        ("[Inferior 1 (process 20821) exited with code 03]\n", "console"),
    ]
    for text, expected in sequence:
        assert spec.output_category("stdout", text) == expected, text
    assert spec.output_category("stderr", "Breakpoint 1, x at y:1\n") == "stderr"


def test_gdb_exit_code_is_octal() -> None:
    spec = GdbAdapter()
    assert spec.exit_code_from_output("[Inferior 1 (process 5) exited with code 012]\n") == 10
    assert spec.exit_code_from_output("[Inferior 1 (process 5) exited normally]\n") == 0
    assert spec.exit_code_from_output("exited with code 3\n") is None


def test_pty_line_endings() -> None:
    assert LldbAdapter().output_text("stdout", "a\r\nb\r\n") == "a\nb\n"
    assert LldbAdapter().output_text("console", "a\r\n") == "a\r\n"


@pytest.mark.parametrize(("raw", "description", "reason", "signal"), [
    ("exception", "signal SIGSEGV: address not mapped to object", "exception", "SIGSEGV"),
    ("exception", "signal SIGSTOP", "pause", "SIGSTOP"),
    ("SIGSEGV", None, "exception", "SIGSEGV"),
    ("SIGINT", None, "pause", "SIGINT"),
    ("exception", "Exception raised", "exception", None),
    ("function breakpoint", None, "breakpoint", None),
    ("step", "step over", "step", None),
])
def test_stop_reasons(raw: str, description: str | None, reason: str, signal: str | None) -> None:
    assert normalize_reason(raw, description) == reason
    assert stop_signal(raw, description) == signal


def test_memory_dump_parsing_and_hex_dump() -> None:
    text = ("0x7fffffffe6c0: 0x0a 0x00 0x00 0x00 0x14 0x00 0x00 0x00\n"
            "0x7fffffffe6c8: 0x41 0x42\n"
            "warning: not a dump line: 0x12\n")
    data = _parse_memory_dump(text)
    assert data == bytes([10, 0, 0, 0, 20, 0, 0, 0, 0x41, 0x42])
    lines = hex_dump(0x1000, data + bytes(range(30, 40)))
    assert lines[0].address == "0x1000" and lines[0].hex.split()[:2] == ["0a", "00"]
    assert lines[0].ascii.startswith("........AB")
    assert lines[1].address == "0x1010" and len(lines[1].hex.split()) == 4


def test_a_refused_ptrace_attach_says_what_to_do() -> None:
    from dapcli.errors import AdapterError

    refused = AdapterError("attach failed: Operation not permitted")
    explained = LldbAdapter().explain_attach_failure(refused, 99)
    assert explained.message == refused.message and "ptrace_scope" in explained.hint and "99" in explained.hint
    other = AdapterError("attach failed: no such process")
    assert GdbAdapter().explain_attach_failure(other, 99) is other
