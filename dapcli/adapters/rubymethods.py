"""Where a Ruby method is defined, found by reading the program's ``.rb`` files line by line.

rdbg 1.4 answers ``setFunctionBreakpoints`` and ignores it, so a function breakpoint is set as a
line breakpoint on the first line of the method's body (a breakpoint on the ``def`` line would
stop when the method is defined, not when it is called). Names: ``Cart#total`` (an instance
method of class or module ``Cart``), ``Cart.build`` / ``Cart::build`` (``def self.build``), or a
bare ``total`` (the first method of that name). Nesting is followed by indentation-free
``class``/``module``/``end`` counting, good for ordinary code, not for every Ruby program.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from dapcli.files import read_regular_text, split_lines

__all__ = ["find_method"]

MAX_FILES = 2000
MAX_FILE_BYTES = 2 * 1024 * 1024
_SKIP = {"vendor", "node_modules", ".git", ".bundle", "tmp", "log", "coverage"}
_NAME = re.compile(r"^(?:(?P<owner>[A-Z]\w*(?:::[A-Z]\w*)*)(?P<sep>#|\.|::))?"
                   r"(?P<method>[a-z_]\w*[?!=]?|\[\]=?|[+\-*/%<>=!~^&|]+)$")
_OWNER = re.compile(r"^\s*(?:class|module)\s+(?:<<\s*self\b|([A-Z]\w*(?:::[A-Z]\w*)*))")
_DEF = re.compile(r"^\s*def\s+(self\.)?([^\s(;=]+[=]?)")
#: A line that opens a block closed by ``end`` (a rough count: keywords at the line's start,
#: ``do`` at its end; one-line ``def x = …`` and ``… if cond`` modifiers do not open one).
_OPENS = re.compile(r"^\s*(?:class|module|def|if|unless|while|until|case|begin|for)\b(?!.*\bend\s*$)"
                    r"|\bdo(?:\s*\|[^|]*\|)?\s*$")
_ENDS = re.compile(r"^\s*end\b")
#: A method on one line: ``def x; 1; end``, or endless ``def x = 1`` / ``def x(a) = a``.
_ONE_LINE = re.compile(r"\bend\s*$|^\s*def\s+(?:self\.)?[\w?!]+(?:\([^()]*\))?\s*=(?!=)\s*\S")


def _files(roots: list[str]) -> Iterator[str]:
    """The ``.rb`` files under ``roots`` (a file root is itself), at most :data:`MAX_FILES`."""
    count = 0
    for root in roots:
        for path in [root] if os.path.isfile(root) else _walk(root):
            count += 1
            if count > MAX_FILES:
                return
            yield path


def _walk(root: str) -> Iterator[str]:
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in _SKIP and not d.startswith("."))
        yield from (os.path.join(folder, name) for name in sorted(names) if name.endswith(".rb"))


def find_method(name: str, roots: list[str]) -> tuple[str, int] | str | None:
    """(path, line of the first statement of the body) of method ``name`` in the ``.rb`` files
    under ``roots``; a reason when no file defines it; None when ``name`` is no method name."""
    found = _NAME.match(name.strip())
    if found is None:
        return None
    owner, sep, method = found.group("owner"), found.group("sep"), found.group("method")
    singleton = sep in (".", "::")
    for path in _files(roots):
        place = _in_file(path, owner, method, singleton)
        if place is not None:
            return path, place
    return f"no method {name} is defined in the program's .rb files"


def _in_file(path: str, owner: str | None, method: str, singleton: bool) -> int | None:
    text = read_regular_text(path, MAX_FILE_BYTES)  # a FIFO among the files would block for good
    if text is None:
        return None
    lines = split_lines(text)
    stack: list[str | None] = []  # each open block: its class/module name, or None
    for number, line in enumerate(lines, 1):
        code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
        if not code.strip():
            continue
        if _ENDS.match(code) and stack:
            stack.pop()
            continue
        declared = _DEF.match(code)
        if declared is not None:
            names = [n for n in stack if n]
            here = names[-1].split("::")[-1] if names else None
            is_self = bool(declared.group(1)) or (bool(stack) and stack[-1] == "<<self")
            if declared.group(2) == method and (owner is None or (here and owner.split("::")[-1] == here)) \
                    and (owner is None or is_self == singleton):
                return _body_line(lines, number)
        opened = _OWNER.match(code)
        if opened is not None:
            stack.append(opened.group(1) or "<<self")
        elif _OPENS.search(code):
            stack.append(None)
    return None


def _body_line(lines: list[str], def_line: int) -> int:
    """The first line after ``def_line`` with code (the ``def`` line itself for a one-line method)."""
    if _ONE_LINE.search(lines[def_line - 1]):
        return def_line
    for number in range(def_line + 1, min(len(lines), def_line + 200) + 1):
        text = lines[number - 1].strip()
        if text and not text.startswith("#"):
            return number
    return def_line
