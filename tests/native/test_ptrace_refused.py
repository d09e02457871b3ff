"""An attach that the kernel refuses: gdb says "ptrace: Operation not permitted."; lldb-dap and
CodeLLDB said only "lost connection". Every native family now says what to do. The refusal is real:
a program that made itself non-dumpable, and dapcli run without CAP_SYS_PTRACE (capsh, as root)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from native_helpers import DAPCLI, needs

NON_DUMPABLE = ("import ctypes, os, time\nctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0\n"
                "print(os.getpid(), flush=True)\ntime.sleep(300)\n")
REMEDY = ("run as its user or as root (in a container: --cap-add=SYS_PTRACE), or set kernel.yama.ptrace_scope=0 "
          "(`sudo sysctl -w kernel.yama.ptrace_scope=0`)")

pytestmark = pytest.mark.skipif(os.getuid() != 0 or shutil.which("capsh") is None,
                                reason="dropping CAP_SYS_PTRACE needs root and capsh")


@pytest.mark.parametrize(("adapter", "said"), [
    pytest.param("gdb", "error: ptrace: Operation not permitted.\nhint: the kernel refused to let the debugger "
                 "trace process {pid}: " + REMEDY + "\n", marks=needs("gdb")),
    pytest.param("lldb", "error: cannot attach to process {pid}: lost connection (the adapter gives no reason; "
                 "most often the kernel refused to let it trace the process)\nhint: if ptrace is refused "
                 "(another user's process, a program that made itself non-dumpable, a container without "
                 "SYS_PTRACE): " + REMEDY + "\n", marks=needs("lldb")),
    pytest.param("codelldb", "error: cannot attach to process {pid}: attach failed: Could not attach: lost "
                 "connection (the adapter gives no reason; most often the kernel refused to let it trace the "
                 "process)\nhint: if ptrace is refused (another user's process, a program that made itself "
                 "non-dumpable, a container without SYS_PTRACE): " + REMEDY + "\n", marks=needs("codelldb")),
])
def test_a_refused_attach_says_what_to_do(adapter: str, said: str, tmp_path: object) -> None:
    target = subprocess.Popen([sys.executable, "-c", NON_DUMPABLE], stdout=subprocess.PIPE, text=True)
    try:
        assert target.stdout is not None
        pid = int(target.stdout.readline())
        runtime = os.path.join(str(tmp_path), "run")
        os.mkdir(runtime, 0o700)
        env = {**os.environ, "DAPCLI_RUNTIME_DIR": runtime, "NO_COLOR": "1", "COLUMNS": "400"}
        command = f"exec {DAPCLI} attach --process-id {pid} --adapter {adapter}"
        done = subprocess.run(["capsh", "--drop=cap_sys_ptrace", "--", "-c", command], env=env, capture_output=True,
                              text=True, timeout=120, stdin=subprocess.DEVNULL)
        assert (done.returncode, done.stderr) == (5, said.format(pid=pid))
    finally:
        target.kill()
        target.wait(10)
