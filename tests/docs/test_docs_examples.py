"""Every shell session of README.md and docs/*.md runs as written, against the bundled examples,
and prints what the page shows (the rules: doc_sessions.py). Each session runs in a fresh copy of
the folders it uses, with its own runtime and state directories and no DAPCLI_* setting of the
caller's; whatever it started is stopped at the end, pass or fail."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from doc_sessions import ROOT, Session, documents, line_matches, output_matches, parse_session
from testprocs import MARKER_VAR, OWNER_VAR, carrying, kill_all

pytestmark = pytest.mark.slow

#: What the examples use from the checkout (copied: a build or a recorded recipe stays in the copy).
COPIED = ("examples", "recipes", "completions")


def _examples() -> list[Any]:
    found = []
    for document in documents():
        for example in document:
            relative = Path(example.path).relative_to(ROOT)
            found.append(pytest.param(example, id=f"{relative}:{example.line}"))
    return found


EXAMPLES = _examples()

#: Which adapters (and tools) a session needs, told by what its commands name.
NEEDS = (
    ("examples/go", ("go",)), ("cart_test.go", ("go",)), (".js", ("node",)), ("--adapter gdb", ("gdb",)),
    ("./grid", ("lldb",)), ("./test_cart", ("lldb",)), ("gcc ", ("gcc",)), ("rustc ", ("rustc", "lldb")),
    ("examples/rust/calc", ("cargo", "lldb")), ("examples/ruby", ("ruby",)), ("spec/shop_spec.rb", ("rspec",)),
)


def missing(text: str, env: dict[str, str], cwd: Path) -> list[str]:
    """What the session needs that this machine lacks: an adapter `dapcli adapters` does not find,
    or a compiler not on PATH. (CI installs them all, so there nothing is skipped for this.)"""
    wanted = {name for marker, names in NEEDS if marker in text for name in names}
    if not wanted:
        return []
    done = subprocess.run([str(Path(sys.executable).parent / "dapcli"), "--json", "adapters"], env=env, cwd=cwd,
                          capture_output=True, timeout=60, check=True)
    found = {a["name"] for a in json.loads(done.stdout)["adapters"] if a.get("found")}
    found |= {tool for tool in ("gcc", "rustc", "cargo", "rspec") if shutil.which(tool, path=env.get("PATH"))}
    return sorted(wanted - found)


@pytest.fixture
def sandbox(isolated_test: str) -> Iterator[tuple[Path, dict[str, str]]]:
    """A copy of the checkout's example folders and an environment of its own: runtime and state
    directories in the sandbox, every DAPCLI_* variable of the caller cleared, the test venv first
    on PATH (as `source .venv/bin/activate` does). Sessions left are stopped, processes left killed."""
    base = Path(tempfile.mkdtemp(prefix="dcd", dir="/tmp"))  # short: unix socket paths are limited
    root = base / "dapcli"
    root.mkdir()
    for name in COPIED:
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    adapters = ROOT / ".adapters"
    if adapters.exists():
        (root / ".adapters").symlink_to(adapters.resolve())
    runtime = base / "run"
    runtime.mkdir(mode=0o700)
    keep = (MARKER_VAR, OWNER_VAR)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DAPCLI_") or k in keep}
    env.pop("VIRTUAL_ENV", None)
    bin_dir = str(Path(sys.executable).parent)
    env.update({
        "PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", "VIRTUAL_ENV": sys.prefix,
        "XDG_RUNTIME_DIR": str(runtime), "DAPCLI_RUNTIME_DIR": str(runtime / "dapcli"),
        "XDG_STATE_HOME": str(base / "state"), "DAPCLI_STATE_DIR": str(base / "state" / "dapcli"),
        "NO_COLOR": "1", "COLUMNS": "200", "DAPCLI_IDLE_TIMEOUT": "600",
    })
    try:
        yield root, env
    finally:
        sessions = runtime / "dapcli"
        names = [p.stem for p in sessions.glob("*.json")] if sessions.is_dir() else []
        for name in names:
            subprocess.run([bin_dir + "/dapcli", "stop", "--session", name], env=env, cwd=root,
                           capture_output=True, timeout=60, check=False)
        deadline = time.monotonic() + 10
        left = carrying(MARKER_VAR, isolated_test)
        while left and time.monotonic() < deadline:
            time.sleep(0.1)
            left = [p for p in carrying(MARKER_VAR, isolated_test) if p.status() != "zombie"]
        kill_all(left)
        shutil.rmtree(base, ignore_errors=True)
        assert not left, f"processes survived the session's end: {[p.pid for p in left]}"


@pytest.mark.parametrize("example", EXAMPLES)
def test_example_runs_as_written(example: Any, sandbox: tuple[Path, dict[str, str]]) -> None:
    session: Session = example.parsed
    if session.skip:
        pytest.skip(session.skip)
    assert session.language == "console" and session.commands, (
        f"a ```{session.language} block of commands is neither a console session (`$ ` lines) "
        "nor marked `<!-- docs-test: skip REASON -->`")
    root, env = sandbox
    lacking = missing("\n".join(c.text for c in session.commands), env, root)
    if lacking:
        pytest.skip(f"needs {', '.join(lacking)} (not installed here)")
    example.namespace.update(root=root, env=env)
    example.evaluate()


def test_every_page_has_examples_and_each_is_found() -> None:
    assert len(EXAMPLES) >= 10
    pages = {param.id.rsplit(":", 1)[0] for param in EXAMPLES}
    assert "README.md" in pages


def test_the_matching_rules() -> None:
    assert line_matches("Stopped (breakpoint 1) in total at …/buggy.py:17  thread 1",
                        "Stopped (breakpoint 1) in total at /tmp/x/buggy.py:17 thread 1")
    assert not line_matches("running=0.0", "running=1.0")
    assert output_matches(["a", "…", "d"], ["a", "b", "c", "d"])
    assert output_matches(["a", "…"], ["a"])
    assert not output_matches(["a"], ["a", "b"]), "output past the last shown line"
    assert not output_matches(["a", "c"], ["a", "b", "c"])
    commands = parse_session("$ dapcli eval x   # exit 5\nerror: …\n$ dapcli a \\\n   b\n", 10)
    assert [(c.text, c.line, c.exit_code, c.expected) for c in commands] == [
        ("dapcli eval x   # exit 5", 10, 5, ["error: …"]), ("dapcli a \\\n   b", 12, 0, [])]


#: Where a `FILE:LINE` of the docs is looked for (the folders the examples run from).
LINE_BASES = ("", "examples", "examples/go", "examples/c", "recipes/programs", "recipes")
NOT_A_STATEMENT = ("#", "//", "/*", "*", '"""')


def test_every_named_line_of_a_bundled_file_is_a_statement() -> None:
    """A breakpoint the docs name (`examples/buggy.py:17`, `cart_test.go:15`) lands on a line that
    runs, never on a blank line or a comment; names of files that are not bundled
    (`src/cart.py:42`) are left alone."""
    named = 0
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for found in re.finditer(r"(?<![\w/.])([\w./-]+\.(?:py|go|c|js)):(\d+)\b", text):
            path, line = found.group(1), int(found.group(2))
            files = [ROOT / base / path for base in LINE_BASES if (ROOT / base / path).is_file()]
            if not files:
                continue
            named += 1
            lines = files[0].read_text(encoding="utf-8").splitlines()
            where = f"{page.relative_to(ROOT)}: {found.group(0)}"
            assert 1 <= line <= len(lines), f"{where}: {files[0].name} has {len(lines)} lines"
            statement = lines[line - 1].strip()
            assert statement and not statement.startswith(NOT_A_STATEMENT), f"{where} is not a statement: {statement!r}"
    assert named >= 20


def test_every_recipe_shown_replays(sandbox: tuple[Path, dict[str, str]]) -> None:
    """A recipe written out in a page (a ```yaml block with `steps:`) passes `dapcli run` when saved
    in recipes/, where its paths say it lives."""
    root, env = sandbox
    shown = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        shown += [(page.name, block) for block in re.findall(r"```yaml\n(.*?)```", text, re.S) if "\nsteps:" in block]
    assert shown, "no page shows a recipe"
    for number, (page, block) in enumerate(shown):
        path = root / "recipes" / f"shown-{number}.yaml"
        path.write_text(block, encoding="utf-8")
        done = subprocess.run([str(Path(sys.executable).parent / "dapcli"), "run", str(path)], cwd=root, env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, f"the recipe shown in {page} fails:\n{done.stdout}\n{done.stderr}"
