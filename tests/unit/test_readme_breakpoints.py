"""The `dapcli launch` examples of README.md and docs/*.md: every `-b` spec parses, and none puts two breakpoints on
one location (a line holds one breakpoint: such a launch is refused)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from dapcli.verbs.breakpoints.spec import parse_spec

ROOT = Path(__file__).resolve().parents[2]


def launch_commands(text: str) -> list[list[str]]:
    """The argv of every ``$ dapcli launch …`` line of README's console blocks (continuations joined)."""
    joined = re.sub(r"\\\n\s*", " ", text)
    commands = []
    for line in joined.splitlines():
        command = re.sub(r"^\$ cd \S+ && ", "$ ", line)
        if command.startswith("$ dapcli launch ") or command.startswith("$ dapcli attach "):
            words = shlex.split(command[2:], comments=True)
            commands.append(words[: words.index(";")] if ";" in words else words)
    return commands


def breakpoint_specs(argv: list[str]) -> list[str]:
    return [argv[i + 1] for i, word in enumerate(argv[:-1]) if word in ("-b", "--break")]


def test_readme_launch_examples_have_valid_breakpoints() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    commands = [c for page in pages for c in launch_commands(page.read_text(encoding="utf-8"))]
    with_breakpoints = [c for c in commands if breakpoint_specs(c)]
    assert len(with_breakpoints) >= 5, "the docs show hardly a launch with -b"
    for argv in with_breakpoints:
        locations = [parse_spec(spec)[0] for spec in breakpoint_specs(argv)]
        assert len(locations) == len(set(locations)), f"two breakpoints on one location in: {shlex.join(argv)}"


def test_the_old_example_is_caught() -> None:
    argv = launch_commands("$ dapcli launch cart.py -b 'cart.py:17 if i == 2' -b 'cart.py:17 hit >=3' \\\n"
                           "      -b Cart.total   # comment\n")[0]
    locations = [parse_spec(spec)[0] for spec in breakpoint_specs(argv)]
    assert locations == ["cart.py:17", "cart.py:17", "Cart.total"]
