"""Is a Python exception expected by the test? Read from the test's source (``ast``), because
debugpy's ``userUnhandled`` filter stops before the test's own machinery catches it:

* a line inside ``with pytest.raises(...)``, ``with self.assertRaises(...)``,
  ``with contextlib.suppress(...)`` (any frame between the raise and the test);
* a line that is the call ``pytest.raises(Exc, func, ...)`` / ``self.assertRaises(Exc, func)``;
* a test marked ``xfail`` (``@pytest.mark.xfail``, a module's ``pytestmark``) or
  ``@unittest.expectedFailure``.
"""

from __future__ import annotations

import ast
import functools
import os

from dapcli.files import read_regular

__all__ = ["expects_exception", "marked_expected_failure"]

_EXPECTING = ("raises", "assertRaises", "assertRaisesRegex", "assertRaisesRegexp", "suppress", "raises_group",
              "RaisesGroup", "RaisesExc")
_EXPECTED_FAILURE = ("xfail", "expectedFailure")


@functools.lru_cache(maxsize=64)
def _tree(path: str, mtime: float) -> ast.Module | None:
    data = read_regular(path, 8 * 1024 * 1024)  # never a FIFO: it would block
    try:
        return None if data is None else ast.parse(data.decode("utf-8"), path)
    except (SyntaxError, ValueError, UnicodeDecodeError):
        return None


def _parse(path: str) -> ast.Module | None:
    try:
        return _tree(path, os.stat(path).st_mtime)
    except OSError:
        return None


def _callee(node: ast.AST) -> str:
    """The last name of a call's function (``pytest.raises`` → ``raises``)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def expects_exception(path: str, line: int, exception: str = "") -> bool:
    """True when ``line`` (1-based) of ``path`` runs under an expecting context manager or is
    the callable form of ``raises``/``assertRaises``. A failed ``assert`` (``exception``
    ``AssertionError``) inside ``pytest.raises(ValueError)`` is still a failure."""
    tree = _parse(path)
    if tree is None:
        return False
    for node in ast.walk(tree):
        if isinstance(node, (ast.With, ast.AsyncWith)) and node.body:
            inside = node.body[0].lineno <= line <= (node.end_lineno or node.lineno)
            calls = [item.context_expr for item in node.items if _callee(item.context_expr) in _EXPECTING]
            if inside and any(_catches(call, exception) for call in calls):
                return True
        elif isinstance(node, ast.Call) and _callee(node) in _EXPECTING and len(node.args) >= 2 \
                and node.lineno <= line <= (node.end_lineno or node.lineno) and _catches(node, exception):
            return True
    return False


def _catches(call: ast.AST, exception: str) -> bool:
    """Whether the expecting ``call`` may catch ``exception`` (only a failed assert is told
    apart: other classes may be subclasses of what it names)."""
    if exception != "AssertionError" or not isinstance(call, ast.Call) or not call.args:
        return True
    return bool(_names(call.args[0]) & {"AssertionError", "Exception", "BaseException"})


def _names(node: ast.AST) -> set[str]:
    return {n.attr if isinstance(n, ast.Attribute) else n.id
            for n in ast.walk(node) if isinstance(n, (ast.Attribute, ast.Name))}


def marked_expected_failure(path: str, function: str) -> bool:
    """True when the test function ``function`` of ``path`` (or its class, or the module's
    ``pytestmark``) is marked as an expected failure."""
    tree = _parse(path)
    if tree is None:
        return False
    for node in tree.body:
        marks = isinstance(node, ast.Assign) and any(isinstance(x, ast.Name) and x.id == "pytestmark"
                                                     for x in node.targets)
        if marks and _names(node.value) & set(_EXPECTED_FAILURE):  # type: ignore[attr-defined]
            return True
    return _marked(tree.body, function)


def _marked(body: list[ast.stmt], function: str, inherited: bool = False) -> bool:
    for node in body:
        if isinstance(node, ast.ClassDef):
            marked = inherited or any(_names(d) & set(_EXPECTED_FAILURE) for d in node.decorator_list)
            if _marked(node.body, function, marked):
                return True
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function:
            return inherited or any(bool(_names(d) & set(_EXPECTED_FAILURE)) for d in node.decorator_list)
    return False
