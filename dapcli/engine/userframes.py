"""Which stack frames hold the user's own code: a stop inside a system library or a language
runtime (a pause in libc's ``nanosleep``, a crash in ``memcpy``, a Go runtime panic) is shown
at the innermost frame whose source the user owns, and ``vars``/``eval`` default to it."""

from __future__ import annotations

import functools
import os
import re
import sysconfig

from dapcli.files import read_regular_text

__all__ = ["is_user_frame", "is_user_source", "source_holds", "user_frame_index"]

#: Path prefixes of code the user does not own (system headers and libraries, installed runtimes).
#: Not all of ``/usr`` or ``/opt``: a container's project often lives in ``/usr/src/app`` or ``/opt/app``.
_SYSTEM_PREFIXES = ("/usr/include/", "/usr/lib/", "/usr/lib32/", "/usr/lib64/", "/usr/libexec/", "/usr/share/",
                    "/usr/local/include/", "/usr/local/lib/", "/usr/local/share/", "/usr/local/go/",
                    "/usr/src/debug/", "/usr/src/linux", "/lib/", "/lib32/", "/lib64/", "/opt/homebrew/",
                    "/opt/conda/", "/opt/rh/", "/opt/local/", "/opt/hostedtoolcache/", "/nix/store/", "/build/glibc",
                    "/rustc/")
#: Path parts of installed packages and runtimes, wherever they live.
_LIBRARY_PARTS = ("/site-packages/", "/dist-packages/", "/node_modules/", "/go/pkg/mod/", "/.cargo/registry/",
                  "<frozen ", "<node_internals>", "/lib/ruby/", "/ruby/gems/", "/.gem/ruby/", "/vendor/bundle/ruby/")


def _runtime_roots() -> tuple[str, ...]:
    roots = {sysconfig.get_paths().get(key) for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    if os.environ.get("GOROOT"):
        roots.add(os.environ["GOROOT"])
    return tuple(os.path.join(r, "") for r in roots if r)


_RUNTIME_ROOTS = _runtime_roots()


def is_user_source(path: str | None) -> bool:
    """True when ``path`` is a readable source file outside system, runtime and library
    folders (see the module docstring)."""
    if not path or not os.path.isabs(path):
        return False
    if path.startswith(_SYSTEM_PREFIXES) or path.startswith(_RUNTIME_ROOTS):
        return False
    if any(part in path for part in _LIBRARY_PARTS):
        return False
    return os.path.isfile(path) and os.access(path, os.R_OK)


#: A frame name that is a plain C identifier (``check``, ``__GI_abort``): the file that defines it names it.
_C_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def source_holds(path: str | None, line: int | None, name: str | None) -> bool:
    """False when ``path`` cannot be the source of a frame at ``line`` in function ``name``: the
    line is past the file's end, or the name is a plain C identifier the file never mentions (but
    ``main``, which bash-dap gives a script's top level).

    gdb, when it cannot open a library's source (glibc's ``./stdlib/abort.c``), looks for the file
    by its base name in the program's folder and reports the user's own ``abort.c`` as the frame's
    source; that frame is libc's all the same. True when the file cannot be read (nothing to check)."""
    if not path or not line or line < 1:
        return True
    text = _source_text(path)
    if text is None:
        return True
    if text.count("\n") + (0 if text.endswith("\n") else 1) < line:
        return False
    if name and name != "main" and _C_IDENTIFIER.fullmatch(name):  # `main` is never a library's (bash-dap's top level)
        return re.search(rf"\b{re.escape(name)}\b", text) is not None
    return True


def _source_text(path: str) -> str | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return _read(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=64)
def _read(path: str, mtime_ns: int, size: int) -> str | None:
    """The text of ``path`` (cached while its mtime and size stay the same)."""
    del mtime_ns, size  # the cache key only
    return read_regular_text(path, 8 * 1024 * 1024, whole=False)  # never a FIFO: it would block


def is_user_frame(path: str | None, line: int | None = None, name: str | None = None) -> bool:
    """True when a frame at ``path``:``line`` in ``name`` runs the user's own code:
    :func:`is_user_source` and :func:`source_holds`."""
    return is_user_source(path) and source_holds(path, line, name)


def user_frame_index(frames: list[tuple[str | None, int | None, str | None]]) -> int | None:
    """Index of the innermost frame (0 = top) running the user's own code; None if none is.
    ``frames`` are ``(path, line, name)`` from the top down."""
    return next((index for index, frame in enumerate(frames) if is_user_frame(*frame)), None)
