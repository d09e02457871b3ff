"""binary_spelling: the spelling an executable uses for a source directory reached through a
symlink, read from its strings (no adapter, no compiler)."""

from __future__ import annotations

from pathlib import Path

from dapcli.engine.aliases import binary_spelling, executable_of


def fake_binary(path: Path, *strings: str) -> Path:
    path.write_bytes(b"\x7fELF" + b"\0junk\0" + b"".join(s.encode() + b"\0" for s in strings))
    return path


def test_the_other_spelling_of_the_directory_is_found(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    binary = fake_binary(tmp_path / "prog", "/usr/include", str(link), "loop.c", f"{tmp_path}/elsewhere/x.go")
    assert binary_spelling(str(binary), str(real), "loop.c") == str(link)
    assert binary_spelling(str(binary), str(link), "loop.c") is None  # the binary's own spelling
    assert binary_spelling(str(binary), str(real), "other.c") is None  # not one of its sources


def test_a_go_file_path_gives_its_directory(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    binary = fake_binary(tmp_path / "prog", f"{link}/main.go", "/usr/lib/go/src/runtime/proc.go")
    assert binary_spelling(str(binary), str(real), "main.go") == str(link)


def test_only_executables_are_read(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text("print(1)\n")
    assert executable_of({}, str(script), None) is None
    binary = fake_binary(tmp_path / "prog")
    assert executable_of({"output": str(binary)}, str(tmp_path), None) == str(binary)
