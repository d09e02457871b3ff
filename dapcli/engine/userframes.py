"""Which stack frames hold the user's own code: a stop inside a system library or a language
runtime (a pause in libc's ``nanosleep``, a crash in ``memcpy``, a Go runtime panic) is shown
at the innermost frame whose source the user owns, and ``vars``/``eval`` default to it."""

from __future__ import annotations

import os
import sysconfig

__all__ = ["is_user_source", "user_frame_index"]

#: Path prefixes of code the user does not own (system headers and libraries, installed runtimes).
_SYSTEM_PREFIXES = ("/usr/", "/lib/", "/lib64/", "/opt/", "/nix/store/", "/build/glibc", "/rustc/")
#: Path parts of installed packages and runtimes, wherever they live.
_LIBRARY_PARTS = ("/site-packages/", "/dist-packages/", "/node_modules/", "/go/pkg/mod/", "/.cargo/registry/",
                  "<frozen ", "<node_internals>")


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


def user_frame_index(paths: list[str | None]) -> int | None:
    """Index of the innermost frame (0 = top) whose source the user owns; None if none is."""
    return next((index for index, path in enumerate(paths) if is_user_source(path)), None)
