"""The ``doctor`` verb: can debugging work here, and if not, what to do about it.

For a program (or the project in the caller's directory): which adapter would run it, whether
that adapter is installed (and its version), the interpreter of a Python program and whether it
imports debugpy, debug info in a native binary, ptrace permission for attaching, and the
runtime and state directories. Each check says ok, warn or fail, what it found and a fix.
"""

from __future__ import annotations

import asyncio
import glob
import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterable
from typing import Annotated, Literal

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.debugpy.adapter import find_python
from dapcli.adapters.launchjson import family_for_type, find_launch_json, parse
from dapcli.adapters.native.common import has_cap_sys_ptrace
from dapcli.adapters.registry import adapter_for, all_adapters, by_name
from dapcli.engine.persist import state_dir
from dapcli.errors import DapcliError, UsageError, echo
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import DoctorCheck, DoctorResult
from dapcli.verbs.registry import Param, verb

Status = Literal["ok", "warn", "fail"]

#: Files that tell a project's kind when no program is given, in order.
PROJECT_MARKERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("python", ("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile", "*.py")),
    ("go", ("go.mod",)),
    ("node", ("package.json",)),
    ("native", ("Cargo.toml", "CMakeLists.txt", "meson.build", "Makefile", "configure", "*.c", "*.cpp")),
)
NATIVE_FAMILIES = ("lldb", "codelldb", "gdb")
#: Prints what doctor needs to know about a Python interpreter, as one JSON line.
_PYTHON_PROBE = (
    "import sys, json, importlib.util as u\n"
    "d = None\n"
    "try:\n    import debugpy; d = getattr(debugpy, '__version__', '?')\nexcept Exception:\n    pass\n"
    "print(json.dumps({'version': sys.version.split()[0], 'ok': sys.version_info >= (3, 8), 'debugpy': d,"
    " 'pip': u.find_spec('pip') is not None}))\n"
)
_SOCKET_PATH_MAX = 107  # sun_path is 108 bytes with the terminating NUL


def _check(name: str, status: Status, detail: str, hint: str | None = None) -> DoctorCheck:
    return DoctorCheck(name=name, status=status, detail=detail, hint=hint)


@verb(group="session", needs="none", read_only=True, concurrent=True)
async def doctor(
    ctx: VerbContext,
    program: Annotated[str | None, Param(help="program to check (default: the project in your directory)",
                                         complete="path", positional=True)] = None,
    adapter: Annotated[str | None, Param(help="check this debug adapter (default: from the program's kind)")] = None,
    python: Annotated[str | None, Param(help="interpreter to check for a Python program (default: the one "
                                             "launch would use)", complete="path")] = None,
) -> DoctorResult:
    """Check that debugging can work here, and how to fix what cannot.

    For PROGRAM (or the project in your directory): which adapter runs it and whether it is
    installed, the interpreter of a Python program and whether it imports debugpy, debug info
    of a native binary, ptrace permission for attach, the runtime and state directories.
    Each check says ok, warn or fail, with a fix.
    """
    path = None
    if program is not None:
        path = ctx.resolve(program)
        if not os.path.exists(path):
            raise UsageError(f"program not found: {echo(program)} (looked at {echo(path)})", "check the path")
    return await asyncio.to_thread(_doctor, ctx.cwd, program, path, adapter, python)


def _doctor(cwd: str, program: str | None, path: str | None, adapter: str | None,
            python: str | None) -> DoctorResult:
    checks: list[DoctorCheck] = []
    if path is not None:
        specs = _program_adapter(path, program or path, adapter, cwd, checks)
    else:
        specs = _project_adapters(cwd, adapter, checks)
    for spec, required in specs:
        checks.append(_installed(spec, required))
        if spec.name == "python":
            checks += _python_checks(python, cwd)
    if path is not None and os.path.isfile(path):
        found = _debug_info(path)
        if found is not None:
            checks.append(found)
    checks += [_ptrace(), _runtime_dir(), _state_dir()]
    chosen = specs[0][0].name if len(specs) == 1 else None
    return DoctorResult(program=path, cwd=cwd, adapter=chosen, ok=all(c.status != "fail" for c in checks),
                        checks=checks)


# -- which adapter -------------------------------------------------------------------------------
def _program_adapter(path: str, shown: str, adapter: str | None, cwd: str,
                     checks: list[DoctorCheck]) -> list[tuple[AdapterSpec, bool]]:
    try:
        spec = adapter_for(path, adapter, cwd)
    except UsageError as exc:
        checks.append(_check("adapter", "fail", exc.message, exc.hint))
        return []
    why = "you chose it (--adapter)" if adapter else "chosen by the program's kind"
    checks.append(_check("adapter", "ok", f"{spec.name} — {spec.description}, for {shown} ({why})"))
    return [(spec, True)]


def _project_adapters(cwd: str, adapter: str | None, checks: list[DoctorCheck]) -> list[tuple[AdapterSpec, bool]]:
    if adapter:
        return _named([adapter], "you chose it (--adapter)", cwd, checks)
    launch_json = find_launch_json(cwd)
    if launch_json is not None:
        try:
            launch_file = parse(launch_json)
        except UsageError as exc:
            checks.append(_check("launch.json", "fail", exc.message, exc.hint))
        else:
            names = ", ".join(launch_file.names) or "none"
            checks.append(_check("launch.json", "ok", f"{launch_json}: {len(launch_file.names)} configurations "
                                 f"({names})", "run one with `dapcli launch --config NAME`"))
            families = _unique(family_for_type(str(c.get("type"))) for c in launch_file.configurations
                               if c.get("type"))
            if families:
                return _named(families, f"used by {os.path.relpath(launch_json, cwd)}", cwd, checks)
    kinds = [kind for kind, patterns in PROJECT_MARKERS
             if any(glob.glob(os.path.join(glob.escape(cwd), pattern)) for pattern in patterns)]
    if not kinds:
        checks.append(_check("project", "warn", f"no program given and no project recognised in {cwd}",
                             "name the program: `dapcli doctor PROGRAM`"))
        return [(spec, False) for spec in all_adapters(cwd)]
    found: list[tuple[AdapterSpec, bool]] = []
    for kind in kinds:
        if kind != "native":
            found += _named([kind], "this looks like a project of that kind", cwd, checks)
            continue
        natives = [spec for spec in all_adapters(cwd) if spec.name in NATIVE_FAMILIES]
        if not natives:
            checks.append(_check("adapter", "fail", "this looks like a native project, and this dapcli has no "
                                 "native adapter (lldb, codelldb, gdb)", "see `dapcli adapters`"))
        any_found = any(spec.find() for spec in natives)
        for spec in natives:
            checks.append(_check("adapter", "ok", f"{spec.name} — {spec.description} (for a native project)"))
            found.append((spec, not any_found))
    return found


def _named(names: list[str], why: str, cwd: str, checks: list[DoctorCheck]) -> list[tuple[AdapterSpec, bool]]:
    found = []
    for name in names:
        try:
            spec = by_name(name, cwd)
        except UsageError as exc:
            checks.append(_check("adapter", "fail", f"{exc.message} ({why})", exc.hint))
            continue
        checks.append(_check("adapter", "ok", f"{spec.name} — {spec.description} ({why})"))
        found.append((spec, True))
    return found


def _unique(items: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def _installed(spec: AdapterSpec, required: bool) -> DoctorCheck:
    name = f"{spec.name} adapter"
    try:
        where = spec.find()
    except DapcliError as exc:
        return _check(name, "fail" if required else "warn", exc.message, exc.hint or spec.install_hint or None)
    if where is None:
        return _check(name, "fail" if required else "warn", "not installed", spec.missing_hint() or None)
    try:
        version = spec.version()
    except DapcliError:
        version = None
    return _check(name, "ok", f"{'version ' + version if version else 'version unknown'} at {where}")


# -- Python --------------------------------------------------------------------------------------
def _python_checks(explicit: str | None, cwd: str) -> list[DoctorCheck]:
    try:
        python = find_python(explicit, cwd)
    except UsageError as exc:
        return [_check("interpreter", "fail", exc.message, exc.hint)]
    why = _python_reason(explicit, python, cwd)
    try:
        done = subprocess.run([python, "-c", _PYTHON_PROBE], capture_output=True, text=True, timeout=20,
                              stdin=subprocess.DEVNULL)
        info = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return [_check("interpreter", "fail", f"{python} ({why}) does not run",
                       "choose another interpreter with --python")]
    if not info.get("ok"):
        return [_check("interpreter", "fail", f"{python} is Python {info.get('version')}; debugpy needs 3.8 or newer",
                       "choose another interpreter with --python")]
    checks = [_check("interpreter", "ok", f"{python} (Python {info.get('version')}; {why}) runs the program")]
    if info.get("debugpy"):
        checks.append(_check("debugpy in interpreter", "ok", f"{python} imports debugpy {info['debugpy']}"))
    else:
        hint = f"{python} -m pip install debugpy"
        if not info.get("pip"):
            hint += f" (this interpreter has no pip: run `{python} -m ensurepip` first)"
        checks.append(_check(
            "debugpy in interpreter", "warn",
            f"{python} cannot import debugpy: launching works (dapcli's adapter brings its own debugpy), but "
            "attaching to a process id and `python -m debugpy --listen` need it there", hint,
        ))
    return checks


def _python_reason(explicit: str | None, python: str, cwd: str) -> str:
    if explicit:
        return "you chose it (--python)"
    venv = os.environ.get("VIRTUAL_ENV")
    if venv and python == os.path.join(venv, "bin", "python"):
        return "the active virtualenv ($VIRTUAL_ENV)"
    if python.startswith(os.path.join(cwd, "")):
        return "the project's virtualenv"
    return "python3 on PATH; a .venv here or an active virtualenv would take precedence"


# -- native debug info ---------------------------------------------------------------------------
def _debug_info(path: str) -> DoctorCheck | None:
    """For an ELF (or Mach-O) binary, whether it carries DWARF; None for anything else."""
    from dapcli.adapters.native import common as native_common

    if not native_common.is_native_executable(path):
        return None
    has = native_common.debug_info(path)
    name = "debug info"
    if has is None:
        return _check(name, "warn", f"cannot tell whether {os.path.basename(path)} has debug info (not ELF: "
                      "on macOS it lives in a .dSYM bundle)", "build with -g; keep the .dSYM beside the program")
    if has:
        return _check(name, "ok", f"{os.path.basename(path)} has DWARF debug info (.debug_info)")
    return _check(name, "fail", f"{os.path.basename(path)} has no .debug_info section: breakpoints by line and "
                  "variables will not work", "rebuild with -g -O0 (C/C++), keep debug = true (Rust), and do not "
                  "strip it (no -s, no Go -ldflags=-w)")


# -- permissions ---------------------------------------------------------------------------------
def _ptrace() -> DoctorCheck:
    name = "ptrace (attach)"
    if not sys.platform.startswith("linux"):
        return _check(name, "ok", f"{sys.platform}: no Yama ptrace restrictions to check")
    root = os.geteuid() == 0
    privileged = has_cap_sys_ptrace()
    who = ("you are root with CAP_SYS_PTRACE" if root and privileged else "you are root without CAP_SYS_PTRACE"
           if root else "you are not root" + (" but have CAP_SYS_PTRACE" if privileged else ""))
    try:
        with open("/proc/sys/kernel/yama/ptrace_scope", encoding="ascii") as handle:
            scope = int(handle.read().strip() or 0)
    except (OSError, ValueError):
        return _check(name, "ok", f"no Yama ptrace_scope; {who}: attach to processes of your own user works")
    relax = "`sudo sysctl -w kernel.yama.ptrace_scope=0` (until reboot)"
    if scope == 0:
        return _check(name, "ok", f"kernel.yama.ptrace_scope = 0; {who}: attach to any process of your user")
    if scope == 1:
        if privileged:
            return _check(name, "ok", f"kernel.yama.ptrace_scope = 1, and {who}: attach works")
        return _check(name, "warn", f"kernel.yama.ptrace_scope = 1 and {who}: a debugger may attach only to its own "
                      "children, so attaching by process id fails (launch works)", f"run {relax}, or run as root")
    if scope == 2:
        if privileged:
            return _check(name, "ok", f"kernel.yama.ptrace_scope = 2, and {who}: attach works")
        return _check(name, "warn", f"kernel.yama.ptrace_scope = 2 and {who}: only CAP_SYS_PTRACE may attach "
                      "(launch works)", f"run dapcli as root, or {relax}")
    return _check(name, "warn", f"kernel.yama.ptrace_scope = {scope}: attaching is disabled until reboot "
                  "(launch works)", "launch programs under dapcli instead of attaching")


def _runtime_dir_path() -> str:
    # the same choice as dapcli.dispatch.sessionfile.runtime_dir (verbs may not import dispatch)
    if os.environ.get("DAPCLI_RUNTIME_DIR"):
        return os.environ["DAPCLI_RUNTIME_DIR"]
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "dapcli")
    return f"/tmp/dapcli-{os.getuid()}"


def _runtime_dir() -> DoctorCheck:
    name = "runtime directory"
    path = _runtime_dir_path()
    fix = "set DAPCLI_RUNTIME_DIR to a short directory only you can use"
    longest = len(os.path.join(path, "default.sock").encode())
    if longest > _SOCKET_PATH_MAX:
        return _check(name, "fail", f"{path} is too long for unix socket paths ({longest} > {_SOCKET_PATH_MAX} "
                      "bytes)", fix)
    if not os.path.exists(path):
        parent = _existing_parent(path)
        if os.access(parent, os.W_OK | os.X_OK):
            return _check(name, "ok", f"{path} (created, mode 0700, when a session starts)")
        return _check(name, "fail", f"{path} does not exist and {parent} is not writable", fix)
    info = os.stat(path)
    if not stat.S_ISDIR(info.st_mode):
        return _check(name, "fail", f"{path} is not a directory", f"remove it, or {fix}")
    mode = stat.S_IMODE(info.st_mode)
    if info.st_uid != os.getuid():
        return _check(name, "fail", f"{path} belongs to uid {info.st_uid}, not you (uid {os.getuid()})", fix)
    if mode & 0o077:
        return _check(name, "fail", f"{path} has mode {mode:o}: others can reach your sessions",
                      f"chmod 700 {path}")
    if not os.access(path, os.W_OK | os.X_OK):
        return _check(name, "fail", f"{path} is not writable", f"chmod 700 {path}")
    return _check(name, "ok", f"{path} (mode {mode:o}, yours)")


def _state_dir() -> DoctorCheck:
    name = "state directory"
    path = state_dir()
    fix = "set DAPCLI_STATE_DIR to a writable directory"
    if os.path.isdir(path):
        if os.access(path, os.W_OK | os.X_OK):
            return _check(name, "ok", f"{path}: breakpoints and watches are saved here (launch --restore)")
        return _check(name, "warn", f"{path} is not writable: breakpoints and watches will not be saved", fix)
    if os.path.exists(path):
        return _check(name, "warn", f"{path} is not a directory: breakpoints and watches will not be saved", fix)
    parent = _existing_parent(path)
    if os.access(parent, os.W_OK | os.X_OK):
        return _check(name, "ok", f"{path} (created when something is saved)")
    return _check(name, "warn", f"{path} cannot be created ({parent} is not writable): breakpoints and watches "
                  "will not be saved", fix)


def _existing_parent(path: str) -> str:
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(parent) and parent != os.path.dirname(parent):
        parent = os.path.dirname(parent)
    return parent
