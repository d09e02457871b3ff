"""Where a Python function is defined, found by reading the program's own files (``ast``).

debugpy's function breakpoints match a code object's bare name, so ``Cart.total`` never hits
and a name that exists nowhere is still "verified". dapcli looks the name up in the program's
files (a name found nowhere is listed pending) and sends a dotted name as its last part with a
condition that checks the frame's qualified name (:func:`qualified_name_condition`).
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator

from dapcli.files import read_regular

__all__ = ["find_function", "python_files", "qualified_name_condition"]

#: Most files read per lookup, and the largest one (bytes): a lookup stays quick.
MAX_FILES = 2000
MAX_FILE_BYTES = 2 * 1024 * 1024
#: Folders that hold other people's code (or none), not the program's.
_SKIP = {"site-packages", "dist-packages", "node_modules", "__pycache__", ".git", ".venv", "venv", ".tox",
         ".mypy_cache", ".pytest_cache", "build", "dist"}


def python_files(roots: list[str]) -> Iterator[str]:
    """The ``.py`` files under ``roots`` (a file root is itself), at most :data:`MAX_FILES`."""
    seen: set[str] = set()
    count = 0
    for root in roots:
        if os.path.isfile(root):
            candidates: Iterator[str] = iter([root])
        else:
            candidates = _walk(root)
        for path in candidates:
            real = os.path.realpath(path)
            if real in seen:
                continue
            seen.add(real)
            count += 1
            if count > MAX_FILES:
                return
            yield path


def _walk(root: str) -> Iterator[str]:
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in _SKIP and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def find_function(name: str, roots: list[str]) -> tuple[str, int] | None:
    """(path, 1-based line of the first statement) of the function ``name`` (``func``,
    ``Class.method``, ``Outer.Inner.method``, or ``module.func``) in the files under
    ``roots``; None when no file defines it."""
    parts = name.split(".")
    for path in python_files(roots):
        tree = _parse(path)
        if tree is None:
            continue
        module = os.path.splitext(os.path.basename(path))[0]
        for wanted in (parts, parts[1:] if len(parts) > 1 and parts[0] == module else None):
            if wanted:
                line = _lookup(tree.body, wanted)
                if line is not None:
                    return path, line
    return None


def _parse(path: str) -> ast.Module | None:
    data = read_regular(path, MAX_FILE_BYTES)  # a FIFO among the files would block for good
    if data is None:
        return None
    try:
        return ast.parse(data, path)
    except (SyntaxError, ValueError):
        return None


def _lookup(body: list[ast.stmt], parts: list[str]) -> int | None:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == parts[0]:
            if len(parts) > 1:
                found = _lookup(node.body, parts[1:])
                if found is not None:
                    return found
            elif not isinstance(node, ast.ClassDef):
                return _first_statement(node)
    return None


def _first_statement(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    body = node.body
    docstring = (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                 and isinstance(body[0].value.value, str))
    first = body[1] if docstring and len(body) > 1 else body[0]
    return first.lineno


def qualified_name_condition(name: str, condition: str | None) -> str:
    """A debugpy ``condition`` for the function breakpoint ``name`` sent as its bare name: true
    when the frame of that bare name is ``name`` (its ``co_qualname``, Python ≥ 3.11, is
    ``name`` or ends in ``.name``, or ``name`` is its module's name or file's stem, then the
    qualified name: ``cart.helper``), ``and`` the user's ``condition``. Evaluated in the
    user's frame; it finds that frame by walking up from the evaluation's own (debugpy's frames
    sit in between). Python < 3.11 (no ``co_qualname``) or no such frame: true."""
    bare = name.rsplit(".", 1)[-1]
    find = (f"(lambda w: w(w, __import__('sys')._getframe()))(lambda w, f: f if f is None or "
            f"f.f_code.co_name == {bare!r} else w(w, f.f_back))")
    stem = "__import__('os').path.splitext(__import__('os').path.basename(f.f_code.co_filename))[0]"
    same = (f"(lambda q, m: q == {name!r} or q.endswith({'.' + name!r}) or ({name!r}.endswith('.' + q) and "
            f"{name!r}[:-len(q) - 1] in (m, m.rpartition('.')[2], {stem})))"
            "(f.f_code.co_qualname, str(f.f_globals.get('__name__', '')))")
    guard = f"(lambda f: f is None or not hasattr(f.f_code, 'co_qualname') or {same})({find})"
    return f"({guard}) and ({condition}\n)" if condition else guard
