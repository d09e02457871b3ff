"""Regenerate ``dapcli/protocol/types.py`` from the DAP JSON schema.

Usage: ``python tools/gen_types.py [SCHEMA] [--check]``. The schema defaults to
``dapcli/protocol/debugAdapterProtocol.json`` (a copy of the specification's own file,
MIT licensed). ``--check`` exits 1 when the committed module is stale.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "dapcli" / "protocol" / "debugAdapterProtocol.json"
TARGET = ROOT / "dapcli" / "protocol" / "types.py"
HEADER = '"""DAP types generated from the specification schema by tools/gen_types.py; do not edit."""\n# ruff: noqa\n'


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


def defer_builds(text: str) -> str:
    """Every model builds its validator on first use (``defer_build``): a session uses a few
    dozen of the ~230 types, and building them all costs the session host ~0.3 s at start."""
    opening = "    model_config = ConfigDict(\n"
    return text.replace(opening, opening + "        defer_build=True,\n")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    text = generate(Path(args[0]) if args else SCHEMA)
    if check:
        if TARGET.read_text() != text:
            print(f"{TARGET} is stale: run python tools/gen_types.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
