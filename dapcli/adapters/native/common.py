"""What the native adapter families (lldb-dap, gdb, CodeLLDB) share: telling a native executable
from anything else, reading its ELF section headers for debug info, the detection chain of an
adapter binary, npm package folders, a TCP adapter's free port, and ptrace permission.

Native debuggers also expose the debugger's own console (lldb or gdb commands) through
``evaluate`` with context ``repl``; each family says how (:class:`NativeAdapter`).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import struct
import sys

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.filekind import ELF_MAGIC, is_native_executable
from dapcli.errors import AdapterError, PreconditionError, UsageError, echo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.options import AttachOptions, LaunchOptions

__all__ = [
    "NO_DEBUG_INFO",
    "SOURCE_EXTENSIONS",
    "NativeAdapter",
    "check_ptrace",
    "debug_info",
    "explain_ptrace_refusal",
    "find_in_node_modules",
    "find_program",
    "is_native_executable",
    "node_modules_dirs",
    "npm_install",
    "ptrace_problem",
    "searched_text",
    "tool_output",
    "user_data_dir",
]

NO_DEBUG_INFO = "no debug info: rebuild with -g -O0"
#: Source files people pass by mistake instead of the program built from them.
SOURCE_EXTENSIONS = (".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hpp", ".rs", ".m", ".mm", ".swift", ".zig")

_ELF_MAGIC = ELF_MAGIC
_DEBUG_SECTIONS = {b".debug_info", b".zdebug_info"}


def debug_info(path: str) -> bool | None:
    """Whether the ELF file ``path`` has a ``.debug_info`` section (read from its section
    headers); None when it is not an ELF file or cannot be read."""
    try:
        with open(path, "rb") as handle:
            return _elf_has_debug_info(handle)
    except (OSError, struct.error, ValueError):
        return None


def _elf_has_debug_info(handle: Any) -> bool | None:
    ident = handle.read(16)
    if len(ident) < 16 or ident[:4] != _ELF_MAGIC or ident[4] not in (1, 2) or ident[5] not in (1, 2):
        return None
    wide, order = ident[4] == 2, "<" if ident[5] == 1 else ">"
    header = handle.read(48 if wide else 36)
    # e_shoff, then e_shentsize / e_shnum / e_shstrndx at the end of the header
    shoff = struct.unpack_from(order + ("Q" if wide else "I"), header, 24 if wide else 16)[0]
    entsize, count, names_index = struct.unpack_from(order + "HHH", header, 42 if wide else 30)
    if not shoff:
        return False  # no section headers at all (fully stripped)
    if not count or names_index >= count:
        return None  # extended numbering (more than 65279 sections): cannot tell cheaply
    handle.seek(shoff)
    table = handle.read(entsize * count)
    sections = [_section(table, i * entsize, wide, order) for i in range(count)]
    _, names_offset, names_size = sections[names_index]
    handle.seek(names_offset)
    names = handle.read(min(names_size, 1 << 20))
    for name_at, _, _ in sections:
        end = names.find(b"\0", name_at)
        if names[name_at:end if end >= 0 else None] in _DEBUG_SECTIONS:
            return True
    return False


def _section(table: bytes, at: int, wide: bool, order: str) -> tuple[int, int, int]:
    """(sh_name, sh_offset, sh_size) of the section header at ``at``."""
    name = struct.unpack_from(order + "I", table, at)[0]
    if wide:
        offset, size = struct.unpack_from(order + "QQ", table, at + 24)
    else:
        offset, size = struct.unpack_from(order + "II", table, at + 16)
    return name, offset, size


def check_program(options: LaunchOptions) -> list[str]:
    """Refuse what no native debugger can run; warn about a program without debug info.

    Raises:
        UsageError: a source file, a directory, or a file that is not executable.
    """
    program = options.program
    base, ext = os.path.splitext(program)
    if ext.lower() in SOURCE_EXTENSIONS:
        name = os.path.basename(base)
        build = f"cc -g -O0 -o {name} {os.path.basename(program)}" if ext.lower() in (".c", ".h") else (
            "cargo build" if ext.lower() == ".rs" else f"c++ -g -O0 -o {name} {os.path.basename(program)}")
        raise UsageError(f"{program} is a source file: debug the program built from it",
                         f"build it with debug info (e.g. `{build}`), then launch ./{name}")
    if os.path.isdir(program):
        raise UsageError(f"{program} is a directory, not a program", "give the path of the executable")
    if not os.path.isfile(program):
        raise UsageError(f"program not found: {echo(program)}", "check the path")
    if not os.access(program, os.X_OK):
        raise UsageError(f"{program} is not executable", f"chmod +x {program}, or build it again")
    return [NO_DEBUG_INFO] if debug_info(program) is False else []


# -- finding adapter binaries --------------------------------------------------------------------
def find_program(env_var: str | None, names: tuple[str, ...]) -> str | None:
    """The detection chain: ``$env_var`` (a path or a name on PATH), then each of ``names`` on
    PATH, in order."""
    override = os.environ.get(env_var, "") if env_var else ""
    if override:
        found = shutil.which(override) or (override if os.access(override, os.X_OK) else None)
        return os.path.abspath(found) if found else None
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


@functools.lru_cache(maxsize=64)
def _tool_output(argv: tuple[str, ...], identity: str) -> str:
    cached = _disk_cache().get(identity)
    if isinstance(cached, str):
        return cached
    import subprocess

    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    text = done.stdout or done.stderr
    _remember(identity, text)
    return text


def tool_output(*argv: str) -> str:
    """What ``argv`` prints (stdout, else stderr), cached per binary (path, size, modification
    time): in memory, and in ``$XDG_CACHE_HOME/dapcli/tool-output.json`` across runs (a version
    probe of lldb or gdb costs a process start every ``dapcli adapters`` otherwise)."""
    try:
        info = os.stat(argv[0])
    except OSError:
        return ""
    return _tool_output(tuple(argv), f"{os.path.realpath(argv[0])}|{info.st_size}|{info.st_mtime_ns}|{argv[1:]}")


def _cache_path() -> str | None:
    """The cache file, when its folder is ours and private (else no disk cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "dapcli")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.stat(folder)
    except OSError:
        return None
    if info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None
    return os.path.join(folder, "tool-output.json")


@functools.lru_cache(maxsize=1)
def _disk_cache() -> dict[str, object]:
    path = _cache_path()
    try:
        with open(path or "", encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _remember(identity: str, text: str) -> None:
    path = _cache_path()
    if path is None:
        return
    cache = _disk_cache()
    cache[identity] = text
    if len(cache) > 200:  # binaries replaced over time: keep the newest entries
        for key in list(cache)[: len(cache) - 200]:
            del cache[key]
    temporary = f"{path}.{os.getpid()}"
    with contextlib.suppress(OSError):
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(cache, handle)
        os.replace(temporary, path)


@functools.lru_cache(maxsize=1)
def _npm_root() -> str | None:
    npm = shutil.which("npm")
    if not npm:
        return None
    text = tool_output(npm, "root", "-g").strip()
    return text if text and os.path.isdir(text) else None


#: The folder that holds dapcli's source tree (site-packages after a plain ``pip install``).
SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))))


@functools.lru_cache(maxsize=1)
def install_roots() -> tuple[str, ...]:
    """The project folders of this dapcli, where ``tools/install-adapters.sh`` puts the npm adapters
    (``.adapters/node_modules``), whatever the working directory: its source tree (a clone on
    ``sys.path`` or an editable install), the folder a plain ``pip install .`` was made from (the
    ``file://`` URL pip records in the distribution's ``direct_url.json``), and the folder that
    holds the virtualenv dapcli runs in (the README's ``.venv`` inside the clone). Never raises."""
    roots = [SOURCE_ROOT]
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    import glob

    for record in glob.glob(os.path.join(os.path.dirname(package), "dapcli-*.dist-info", "direct_url.json")):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            with open(record, encoding="utf-8") as handle:
                url = json.load(handle).get("url", "")
            if isinstance(url, str) and url.startswith("file://"):
                from urllib.parse import unquote, urlparse

                roots.append(unquote(urlparse(url).path))
    if sys.prefix != sys.base_prefix:
        roots.append(os.path.dirname(os.path.abspath(sys.prefix)))
    return tuple(dict.fromkeys(os.path.abspath(r) for r in roots if r))


def user_data_dir() -> str:
    """dapcli's user-wide data folder: ``$XDG_DATA_HOME/dapcli``, else ``~/.local/share/dapcli``
    (an ``XDG_DATA_HOME`` that is not absolute is ignored, as the XDG spec says)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    return os.path.join(base if os.path.isabs(base) else os.path.expanduser("~/.local/share"), "dapcli")


def npm_install(package: str) -> str:
    """The one install command every npm adapter's hint gives: into :func:`user_data_dir`, where
    dapcli finds it from any directory."""
    base = os.environ.get("XDG_DATA_HOME", "")
    shown = "$XDG_DATA_HOME/dapcli" if os.path.isabs(base) else "~/.local/share/dapcli"
    return f"npm install --prefix {shown} {package}"


def _upwards(start: str) -> list[str]:
    """``start`` (made absolute) and each of its parents up to the filesystem root."""
    folder, chain = os.path.abspath(start), []
    while True:
        chain.append(folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            return chain
        folder = parent


def _starts(cwd: str | None, roots: tuple[str, ...] | list[str]) -> list[str]:
    starts: list[str] = []
    for start in (cwd or os.getcwd(), *roots, os.getcwd()):
        if start and os.path.abspath(start) not in starts:
            starts.append(os.path.abspath(start))
    return starts


def node_modules_dirs(cwd: str | None = None, *, global_npm: bool = True,
                      roots: tuple[str, ...] | list[str] = ()) -> list[str]:
    """Where npm packages of debug adapters may live, in order: ``$DAPCLI_NODE_MODULES``,
    ``.adapters/node_modules`` in ``cwd`` (default: the working directory) and each of its
    parents, then in each of ``roots`` (e.g. the program's folder) and their parents, in dapcli's
    own project folders (:func:`install_roots`), :func:`user_data_dir`'s ``node_modules``, and the
    global npm root."""
    candidates = [os.environ.get("DAPCLI_NODE_MODULES", "")]
    for start in _starts(cwd, roots):
        candidates += [os.path.join(folder, ".adapters", "node_modules") for folder in _upwards(start)]
    candidates += [os.path.join(root, ".adapters", "node_modules") for root in install_roots()]
    candidates.append(os.path.join(user_data_dir(), "node_modules"))
    if global_npm:
        candidates.append(_npm_root() or "")
    seen: list[str] = []
    for candidate in candidates:
        if candidate and os.path.isdir(candidate) and os.path.realpath(candidate) not in map(os.path.realpath, seen):
            seen.append(candidate)
    return seen


def searched_text(cwd: str | None = None, roots: tuple[str, ...] | list[str] = ()) -> str:
    """Where :func:`node_modules_dirs` looks, in one line (for a "not installed" error)."""
    places = [f"{start} and its parents" for start in _starts(cwd, roots)]
    places += [os.path.join(root, ".adapters") for root in install_roots()]
    places += [os.path.join(user_data_dir(), "node_modules"), "npm root -g"]
    env = os.environ.get("DAPCLI_NODE_MODULES")
    return "looked for .adapters/node_modules in " + "; ".join(([env] if env else []) + places)


def find_in_node_modules(relative: str, *, executable: bool = False, cwd: str | None = None,
                         roots: tuple[str, ...] | list[str] = ()) -> str | None:
    """``relative`` (e.g. ``cdt-gdb-adapter/dist/debugAdapter.js``) in the first npm folder that
    has it (:func:`node_modules_dirs`). The global npm root is asked only when no local folder has it."""
    for global_npm in (False, True):
        for folder in node_modules_dirs(cwd, global_npm=global_npm, roots=roots):
            path = os.path.join(folder, relative)
            if os.path.isfile(path) and (not executable or os.access(path, os.X_OK)):
                return path
    return None


def platform_key() -> str:
    """``linux-x64``-style platform folder names (as npm packages of native adapters use)."""
    machine = os.uname().machine.lower()
    arch = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(machine, machine)
    system = {"darwin": "darwin", "win32": "win32"}.get(sys.platform, "linux")
    return f"{system}-{arch}"


# -- ptrace --------------------------------------------------------------------------------------
_CAP_SYS_PTRACE = 19
PTRACE_SCOPE = "/proc/sys/kernel/yama/ptrace_scope"


def has_cap_sys_ptrace() -> bool:
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("CapEff:"):
                    return bool(int(line.split()[1], 16) >> _CAP_SYS_PTRACE & 1)
    except (OSError, ValueError):
        pass
    return os.geteuid() == 0


def ptrace_problem(pid: int, scope_path: str = PTRACE_SCOPE, privileged: bool | None = None) -> tuple[str, str] | None:
    """Why attaching to ``pid`` cannot work here, as (message, hint); None when it may.

    Reads the Yama ``ptrace_scope`` (0: any process of the same user; 1: only descendants,
    which a debug adapter never is; 2: only with CAP_SYS_PTRACE; 3: never).
    """
    if sys.platform != "linux":
        return None
    if not os.path.exists(f"/proc/{pid}"):
        return f"no process with id {pid}", "check the id with `ps` or `pgrep`"
    try:
        with open(scope_path, encoding="ascii") as handle:
            scope = int(handle.read().strip() or 0)
    except (OSError, ValueError):
        return None  # no Yama: ordinary permission rules
    privileged = has_cap_sys_ptrace() if privileged is None else privileged
    relax = "run `sudo sysctl -w kernel.yama.ptrace_scope=0` (until reboot)"
    if scope >= 3:
        return ("attaching is disabled on this machine (kernel.yama.ptrace_scope = 3)",
                "it cannot be undone without a reboot; launch the program under dapcli instead")
    if scope == 2 and not privileged:
        return ("only root may attach to processes here (kernel.yama.ptrace_scope = 2)",
                "run dapcli as root (or with CAP_SYS_PTRACE), or launch the program under dapcli")
    if scope == 1 and not privileged:
        return (f"this machine lets a debugger attach only to its own child processes "
                f"(kernel.yama.ptrace_scope = 1), so process {pid} cannot be attached",
                f"{relax}, run as root, or launch the program under dapcli instead")
    return None


_LLDB_CHATTER = re.compile(r"^(?:(?:error|warning): .*\bDW_(?:TAG|AT|FORM)_\w+.*|Stop reason: .*"
                           r"|error: stopped due to an error evaluating condition of breakpoint .*)(?:\r?\n)*$",
                           re.DOTALL)


#: lldb commands (and their usual aliases) that resume the program.
LLDB_RESUMING = ("thread step-over", "thread step-in", "thread step-out", "thread step-inst", "thread step-inst-over",
                 "thread step-scripted", "thread until", "thread continue", "process continue", "continue", "c",
                 "next", "n", "step", "s", "finish", "stepi", "si", "nexti", "ni")
#: gdb commands (and their usual abbreviations) that resume the program.
GDB_RESUMING = ("next", "n", "step", "s", "stepi", "si", "nexti", "ni", "continue", "c", "cont", "finish", "fin",
                "until", "u", "advance", "jump", "signal", "reverse-next", "rn", "reverse-step", "rs",
                "reverse-continue", "rc", "reverse-finish")


# -- the shared family base ----------------------------------------------------------------------
class NativeAdapter(AdapterSpec):
    """Base of the native families: ELF/Mach-O programs, program checks, the debugger console.

    Class attributes the native verbs read:

    * ``console_prefix``: prepended to a debugger command so that ``evaluate`` (context
      ``repl``) runs it as a command and not as an expression;
    * ``console_echo``: the adapter echoes the command in the result (lldb-dap: ``(lldb) cmd``);
    * ``instruction_step_commands``: console commands that step one instruction
      (``stepi``/``nexti``) for adapters without ``supportsSteppingGranularity``;
    * ``memory_read_command``: a console command format that dumps bytes, for adapters
      without ``supportsReadMemoryRequest``;
    * ``core_request``: ``launch``/``attach`` to open a core file (None: not supported).
    """

    pages_variables = True
    identity = "address"
    hang_kind = "pthread"
    #: Where npm-installed parts are looked for (:func:`node_modules_dirs`): the caller's
    #: directory and the program's folder, set by :meth:`prepare`.
    search_cwd: str | None = None
    search_roots: tuple[str, ...] = ()

    def of_kind(self, program: str) -> bool:
        """A native executable, or a source file that prepare() says to build first."""
        return os.path.splitext(program)[1].lower() in SOURCE_EXTENSIONS or is_native_executable(program)

    def handles(self, program: str) -> bool:
        """A source file (prepare() says to build it first), or a native executable when this
        family's adapter is installed (the registry's first installed native family runs it)."""
        if os.path.splitext(program)[1].lower() in SOURCE_EXTENSIONS:
            return True
        return is_native_executable(program) and bool(self.find())

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        self.search_cwd = caller_cwd
        self.search_roots = (os.path.dirname(os.path.abspath(os.path.join(caller_cwd, options.program))),)
        return check_program(options)

    def output_category(self, category: str, text: str) -> str:
        """lldb's own diagnostics in the program's streams are ``console`` text: DWARF errors
        about system libraries (``error: libc.so.6 … DW_TAG_member …``), CodeLLDB's
        ``Stop reason: signal SIGSTOP`` and a breakpoint condition's failure (lldb-dap: stderr)."""
        if category in ("stdout", "stderr") and _LLDB_CHATTER.match(text):
            return "console"
        return category

    def output_text(self, category: str, text: str) -> str:
        """An ``output`` event's text as the session records it (an engine hook). lldb-dap and
        CodeLLDB run the program on a pty, which writes ``\r\n`` for the program's ``\n``; an
        event may end between the two, so a ``\r`` that ends one is held until the next."""
        if category not in ("stdout", "stderr"):
            return text
        held: dict[str, bool] = self.__dict__.setdefault("_held_cr", {})  # per session (a family object each)
        if held.pop(category, False):
            text = "\r" + text
        if text.endswith("\r"):
            text = text[:-1]
            held[category] = True
        return text.replace("\r\n", "\n") if "\r\n" in text else text

    def check_attach(self, options: AttachOptions) -> None:
        """Refuse an attach by pid that ptrace settings forbid, with what to do.

        Raises:
            PreconditionError: the kernel will not let a debugger attach.
        """
        if options.process_id is not None:
            check_ptrace(options.process_id)

    def explain_attach_failure(self, error: AdapterError, pid: int) -> AdapterError:
        """``error`` (a failed attach to ``pid``) with what to do when ptrace was refused."""
        return explain_ptrace_refusal(error, pid)


def check_ptrace(pid: int) -> None:
    """Refuse an attach to ``pid`` that ptrace settings forbid, with what to do (every family
    that traces: the native ones, Delve, debugpy's injector).

    Raises:
        PreconditionError: no such process, or the kernel will not let a debugger attach.
    """
    problem = ptrace_problem(pid)
    if problem:
        raise PreconditionError(*problem)


def explain_ptrace_refusal(error: AdapterError, pid: int) -> AdapterError:
    """``error`` (a failed attach to ``pid``) with what to do when ptrace was refused. gdb says
    so itself ("ptrace: Operation not permitted."); lldb-dap and CodeLLDB say only "lost
    connection" (their tracer died on the refusal): that is said to be the likely cause."""
    remedy = ("run as its user or as root (in a container: --cap-add=SYS_PTRACE), or set "
              "kernel.yama.ptrace_scope=0 (`sudo sysctl -w kernel.yama.ptrace_scope=0`)")
    if re.search(r"not permitted|EPERM|ptrace|permission denied", error.message, re.IGNORECASE):
        return AdapterError(error.message, f"the kernel refused to let the debugger trace process {pid}: {remedy}")
    if re.search(r"lost connection|could not attach", error.message, re.IGNORECASE):
        return AdapterError(f"cannot attach to process {pid}: {error.message} (the adapter gives no reason; "
                            "most often the kernel refused to let it trace the process)",
                            f"if ptrace is refused (another user's process, a program that made itself "
                            f"non-dumpable, a container without SYS_PTRACE): {remedy}")
    return error
