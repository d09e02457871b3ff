"""The layer rule of design.md, the one-shot hot path's imports, and generated files."""

from __future__ import annotations

import ast
import gc
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "dapcli"

# each layer may import only the layers listed for it (plus itself)
ALLOWED = {
    "errors": set(),
    "calls": set(),  # references to verbs inside hints, phrased by each frontend: a base like errors
    "files": {"errors"},  # bounded reading of user files: a base like errors
    "escapes": set(),  # terminal controls shown as text: a base like errors
    "protocol": {"errors", "files"},
    "adapters": {"errors", "calls", "files", "protocol"},
    "engine": {"errors", "calls", "files", "protocol", "adapters"},
    "verbs": {"errors", "calls", "files", "protocol", "adapters", "engine"},
    "dispatch": {"errors", "calls", "files", "protocol", "adapters", "engine", "verbs"},
    "render": {"errors", "calls", "files", "escapes", "verbs"},
    "frontends": {"errors", "calls", "files", "escapes", "verbs", "dispatch", "render", "engine"},
}


def _layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "dapcli" or len(parts) < 2:
        return None
    return parts[1]


def _imports(path: Path) -> list[str]:
    # no garbage collection while the tree is built: CPython 3.11.7 fails the parse with "AST
    # constructor recursion depth mismatch" when a finalizer (an earlier test's asyncio
    # transport) runs in the middle of it
    gc.disable()
    try:
        tree = ast.parse(path.read_text())
    finally:
        gc.enable()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def test_layers_point_one_way() -> None:
    problems = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        layer = rel.parts[0].removesuffix(".py")
        if layer not in ALLOWED:
            continue
        for module in _imports(path):
            target = _layer(module)
            if target is None or target == layer or target in ALLOWED[layer]:
                continue
            if target in ("__init__",):
                continue
            problems.append(f"{rel}: imports {module}")
    assert not problems, "\n".join(problems)


def test_frontends_do_not_import_each_other_or_the_wire() -> None:
    problems = []
    for path in (PACKAGE / "frontends").rglob("*.py"):
        own = path.relative_to(PACKAGE / "frontends").parts[0]
        for module in _imports(path):
            parts = module.split(".")
            if module.startswith("dapcli.protocol"):
                problems.append(f"{path.name}: imports {module}")
            if parts[:2] == ["dapcli", "frontends"] and len(parts) > 2 and parts[2] != own and own != "cli":
                problems.append(f"{path.name}: imports {module}")
            if parts[0] == "mcp" and own != "mcp":
                problems.append(f"{path.name}: imports mcp")
            if parts[0] == "prompt_toolkit" and own != "repl":
                problems.append(f"{path.name}: imports prompt_toolkit")
    assert not problems, "\n".join(problems)


HEAVY = ("rich", "pydantic", "asyncio", "mcp", "prompt_toolkit", "typer", "yaml", "dapcli.verbs")


def test_one_shot_hot_path_imports_nothing_heavy() -> None:
    code = (
        "import sys\n"
        "import dapcli.frontends.cli.fast, dapcli.dispatch.remote, dapcli.dispatch.sessionfile\n"
        f"heavy = [m for m in {HEAVY!r} if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"the one-shot path imports: {out}"


def test_cli_app_does_not_load_mcp_or_prompt_toolkit() -> None:
    code = (
        "import sys\nfrom dapcli.frontends.cli.app import get_command\nget_command()\n"
        "print(','.join(m for m in ('mcp', 'prompt_toolkit', 'yaml') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_are_current(shell: str) -> None:
    from dapcli.frontends.cli.completion import script

    shipped = (ROOT / "completions" / f"dapcli.{shell}").read_text()
    assert shipped == script(shell), f"completions/dapcli.{shell} is stale: run python tools/gen_completions.py"


FORBIDDEN = ("tid", "lineno", "expr", "bp")


def test_verb_parameters_use_the_spec_words() -> None:
    from dapcli.verbs import VERBS

    for spec in VERBS.values():
        for param in spec.params:
            assert param.name not in FORBIDDEN, f"{spec.name}.{param.name} is a forbidden synonym"
            assert param.meta.help, f"{spec.name}.{param.name} has no help"
        assert len(spec.summary) <= 72, f"{spec.name}: summary over 72 characters"


def test_fast_path_local_commands_match_the_verb_table() -> None:
    """Verbs that need no session never go to a host; the hot path keeps its own list (it must not
    import the verb table)."""
    from dapcli.frontends.cli.fast import LOCAL
    from dapcli.verbs import VERBS

    for spec in VERBS.values():
        if spec.needs == "none":
            assert spec.cli_path[0] in LOCAL, f"{spec.cli_path[0]} needs no session: add it to fast.LOCAL"


def _module_graph() -> dict[str, set[str]]:
    """dapcli's modules → the dapcli modules each imports anywhere in its text (lazy imports inside
    functions count: they still tie the two modules together)."""
    modules: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        if name == "dapcli.protocol.types":  # generated
            continue
        gc.disable()
        try:
            tree = ast.parse(path.read_text())
        finally:
            gc.enable()
        base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    module = ".".join(base[: len(base) - node.level + 1] + ([module] if module else []))
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module for a in node.names]
            for target in targets:
                found = resolve(target) if target.startswith("dapcli") else None
                if found and found != name:
                    graph[name].add(found)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circles() -> None:
    """No two modules of dapcli import each other, directly or through others (design.md: "No
    circles"); the lower one gets a narrow interface instead."""
    circles = _circles(_module_graph())
    assert not circles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


def test_circle_finder_sees_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_over_500_lines() -> None:
    long = [f"{p.relative_to(ROOT)}: {n}" for p in PACKAGE.rglob("*.py")
            if p.name != "types.py" and (n := len(p.read_text().splitlines())) > 500]
    assert not long, "modules over 500 lines:\n" + "\n".join(long)


def test_verbs_keep_at_most_a_dozen_entries() -> None:
    entries = [p.name for p in (PACKAGE / "verbs").iterdir() if p.name != "__pycache__"]
    assert len(entries) <= 12, sorted(entries)


def test_architecture_page_names_every_package() -> None:
    """docs/architecture.md names every package of dapcli/ (as ``dapcli/x/``) and names none that
    does not exist."""
    page = (ROOT / "docs" / "architecture.md").read_text()
    packages = {str(p.parent.relative_to(ROOT)) + "/" for p in PACKAGE.rglob("__init__.py")}
    named = set(re.findall(r"dapcli/(?:[a-z_]+/)*", page))
    missing = sorted(packages - named)
    assert not missing, f"docs/architecture.md does not name: {missing}"
    gone = sorted(n for n in named if not (ROOT / n).is_dir())
    assert not gone, f"docs/architecture.md names packages that do not exist: {gone}"
