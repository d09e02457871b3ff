"""Regenerate ``dapcli/protocol/types.py`` (and ``types.pyi``) from the DAP JSON schema.

Usage: ``python tools/gen_types.py [SCHEMA] [--check]``. The schema defaults to
``dapcli/protocol/debugAdapterProtocol.json`` (a copy of the specification's own file,
MIT licensed). ``--check`` exits 1 when a committed file is stale.

``types.pyi`` is datamodel-codegen's module as it comes (what type checkers and readers see);
``types.py`` holds the same classes, each created on first use (see :func:`lazy`).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "dapcli" / "protocol" / "debugAdapterProtocol.json"
TARGET = ROOT / "dapcli" / "protocol" / "types.py"
STUB = TARGET.with_suffix(".pyi")
HEADER = '"""DAP types generated from the specification schema by tools/gen_types.py; do not edit."""\n# ruff: noqa\n'
LAZY_HEADER = '''"""DAP types generated from the specification schema by tools/gen_types.py; do not edit.

Each class is created on first use (this module's ``__getattr__``), with the classes it names
first: a session uses a few dozen of the ~230 types, and creating them all costs every process
that imports this module ~0.25 s of CPU. ``types.pyi`` beside it holds the same classes as
plain source (what type checkers and readers see).
"""
# ruff: noqa
'''
LAZY_LOADER = '''

def __getattr__(name: str) -> Any:
    if name not in _NEEDS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _load(name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_NEEDS})


_LOCK = threading.RLock()
_LOADING: set[str] = set()


def _load(name: str) -> Any:
    """The class ``name``, created now (after the classes it names) if it does not exist yet."""
    with _LOCK:
        made = globals().get(name)
        if made is not None:
            return made
        _LOADING.add(name)
        try:
            for need in _NEEDS[name]:
                if need not in _LOADING:
                    _load(need)
            made = globals()["_" + name]()
            made.__qualname__ = name
            globals()[name] = made
        finally:
            _LOADING.discard(name)
        if name in _REBUILD:
            made.model_rebuild()
        return made
'''


def generate(schema: Path) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "types.py"
        subprocess.run(
            [
                sys.executable, "-m", "datamodel_code_generator",
                "--input", str(schema), "--input-file-type", "jsonschema",
                "--output", str(out), "--output-model-type", "pydantic_v2.BaseModel",
                "--target-python-version", "3.11", "--use-annotated",
                "--use-standard-collections", "--use-union-operator", "--disable-timestamp",
                "--extra-fields", "allow", "--enum-field-as-literal", "all",
                "--use-double-quotes", "--formatters", "ruff-format",
            ],
            check=True, capture_output=True,
        )
        return HEADER + defer_builds(out.read_text())


def lazy(text: str) -> str:
    """``text`` (the generated module) with each top-level class wrapped in a factory
    ``_NAME()``, a table of the classes each one names (bases first), and a module
    ``__getattr__`` that creates a class when it is first asked for. The module's own
    ``X.model_rebuild()`` lines run when ``X`` is created."""
    tree = ast.parse(text)
    lines = text.splitlines()
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    names = {node.name for node in classes}
    out = [LAZY_HEADER.rstrip("\n")]
    needs: dict[str, list[str]] = {}
    rebuild: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            out.append(ast.get_source_segment(text, node) or "")
            if node.module == "__future__":
                out.append("import threading")
        elif isinstance(node, ast.ClassDef):
            body = lines[node.lineno - 1:node.end_lineno]
            out.append(f"\n\ndef _{node.name}() -> Any:")
            out += [("    " + line) if line else "" for line in body]
            out.append(f"    return {node.name}")
            bases = [b.id for b in node.bases if isinstance(b, ast.Name) and b.id in names]
            named = sorted({n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id in names} - {node.name})
            needs[node.name] = bases + [n for n in named if n not in bases]
        elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
              and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "model_rebuild"
              and isinstance(node.value.func.value, ast.Name)):
            rebuild.append(node.value.func.value.id)
        elif not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):  # the docstring
            raise SystemExit(f"gen_types.py: unexpected top-level statement: {ast.unparse(node)[:80]}")
    out.append("\n\n#: Each class, and the classes it names (its bases first).")
    out.append("_NEEDS: dict[str, tuple[str, ...]] = {")
    out += [f"    {name!r}: ({''.join(repr(n) + ', ' for n in deps).rstrip()}),".replace("(,", "(")
            for name, deps in needs.items()]
    out.append("}")
    out.append(f"_REBUILD = frozenset({sorted(rebuild)!r})")
    return "\n".join(out) + "\n" + LAZY_LOADER


def defer_builds(text: str) -> str:
    """Every model builds its validator on first use (``defer_build``): a session uses a few
    dozen of the ~230 types, and building them all costs the session host ~0.3 s at start."""
    opening = "    model_config = ConfigDict(\n"
    return text.replace(opening, opening + "        defer_build=True,\n")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    text = generate(Path(args[0]) if args else SCHEMA)
    files = {STUB: text, TARGET: lazy(text)}
    if check:
        stale = [path for path, content in files.items() if not path.exists() or path.read_text() != content]
        for path in stale:
            print(f"{path} is stale: run python tools/gen_types.py", file=sys.stderr)
        return 1 if stale else 0
    for path, content in files.items():
        path.write_text(content)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
