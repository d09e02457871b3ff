"""Finding a Python function by its qualified name (``Cart.total``) in the program's sources.

debugpy matches a function breakpoint on the bare function name only (pydevd compares
``co_name``), so ``Cart.total`` would never stop. dapcli turns a dotted name into a line
breakpoint on the function's first statement, found with :mod:`ast` in the program's folder.
"""

from __future__ import annotations

import ast
import os

__all__ = ["find_function"]

#: Most files read while looking (a big tree is not worth a slow launch).
MAX_FILES = 400
_SKIP = {"site-packages", "node_modules", "__pycache__", "build", "dist"}


def find_function(qualname: str, roots: list[str]) -> tuple[str, int] | None:
    """``(path, line)`` of the first statement of the function ``qualname`` (``Class.method``,
    ``outer.inner``; a leading module name such as ``cart.Cart.total`` is allowed) under
    ``roots`` (files or folders), or None when it is not found."""
    for path in _sources(roots):
        found = _in_file(path, qualname)
        if found is not None:
            return path, found
    return None


def _sources(roots: list[str]) -> list[str]:
    found: list[str] = []
    for root in roots:
        if os.path.isfile(root):
            found.append(root)
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIP and "venv" not in d)
            found += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
            if len(found) >= MAX_FILES:
                return list(dict.fromkeys(found))[:MAX_FILES]
    return list(dict.fromkeys(found))


def _in_file(path: str, qualname: str) -> int | None:
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None
    module = os.path.splitext(os.path.basename(path))[0]
    wanted = {qualname, qualname.removeprefix(module + ".")}
    return _walk(tree.body, "", wanted)


def _walk(body: list[ast.stmt], prefix: str, wanted: set[str]) -> int | None:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = prefix + node.name
            if name in wanted and not isinstance(node, ast.ClassDef):
                return _first_statement(node)
            found = _walk(node.body, name + ".", wanted)
            if found is not None:
                return found
    return None


def _first_statement(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    body = node.body
    if len(body) > 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]  # the docstring does not run
    return body[0].lineno
