"""Shell sessions in README.md and docs/*.md, parsed with sybil and run against the examples.

A session is a fenced ``console`` block::

    $ dapcli eval "amount * percent"      # a command: bash runs it (a trailing ``\\`` continues it)
    299.84999999999997  (float)           # the lines it prints (stdout and stderr), checked

How the shown lines are checked:

- they match the command's output line by line, in order, blank lines left out on both sides;
  runs of spaces count as one; the output may not go on past the last shown line;
- ``…`` alone on a line stands for any number of lines (none included), and ``…`` inside a line
  for any text on that line: that is how pids, addresses, times and absolute paths are shown;
- a command must exit 0, unless its comment says otherwise (``# exit 2``).

Commands run from the repository root (a copy of the folders the examples use), one bash per
command; a ``cd`` carries over to the block's next commands. A block that cannot run in CI is
preceded by ``<!-- docs-test: skip REASON -->`` and says so in its text.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import subprocess
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from sybil import Document, Region, Sybil
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

ROOT = Path(__file__).resolve().parents[2]
#: The pages whose examples are run.
PAGES = ("README.md", "docs/*.md")
#: Fenced blocks that hold commands: each is either run or marked as skipped.
COMMAND_LANGUAGES = ("console", "sh", "shell", "bash")
SKIP = re.compile(r"<!--\s*docs-test:\s*skip\s+(?P<reason>.+?)\s*-->\s*$")
ELLIPSIS = "…"


@dataclass
class Command:
    """One ``$ …`` line (continuations joined) and the lines shown after it."""

    text: str
    line: int
    expected: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """The exit code the command's comment announces (``# exit 2``), else 0."""
        try:
            words = shlex.split(self.text, comments=False)
        except ValueError:
            words = []
        comment = " ".join(words[words.index("#"):]) if "#" in words else self.text.partition(" # ")[2]
        found = re.search(r"\bexit (\d+)\b", comment)
        return int(found.group(1)) if found else 0


@dataclass
class Session:
    """A fenced block of commands: run, or skipped with a reason."""

    language: str
    commands: list[Command]
    skip: str | None


def parse_session(source: str, first_line: int) -> list[Command]:
    """The commands of a console block and the lines shown after each."""
    commands: list[Command] = []
    lines = source.splitlines()
    index = 0
    while index < len(lines):
        text = lines[index]
        if text.startswith("$ "):
            start = index
            command = text[2:]
            while command.endswith("\\") and index + 1 < len(lines):
                index += 1
                command = command + "\n" + lines[index]
            commands.append(Command(command, first_line + start))
        elif commands:
            commands[-1].expected.append(text)
        elif text.strip():
            raise ValueError(f"line {first_line + index}: output before any `$ ` command: {text!r}")
        index += 1
    return commands


class SessionParser:
    """A sybil parser: every fenced block of a command language becomes a :class:`Session`."""

    def __init__(self) -> None:
        self.lexer = FencedCodeBlockLexer(language=r"[\w-]*", mapping={"language": "language", "source": "source"})

    def __call__(self, document: Document) -> Iterable[Region]:
        for region in self.lexer(document):
            language = region.lexemes["language"]
            if language not in COMMAND_LANGUAGES:
                continue
            before = document.text[: region.start].rstrip("\n").rsplit("\n", 1)[-1]
            skipped = SKIP.search(before)
            first_line = document.text.count("\n", 0, region.start) + 2
            source = region.lexemes["source"]
            commands = parse_session(source, first_line) if language == "console" else []
            region.parsed = Session(language, commands, skipped.group("reason") if skipped else None)
            region.evaluator = evaluate
            yield region


def documents() -> Iterator[Document]:
    """README.md and every docs page, parsed."""
    sybil = Sybil(parsers=[SessionParser()], path=str(ROOT), patterns=list(PAGES))
    for pattern in PAGES:
        for path in sorted(ROOT.glob(pattern)):
            yield sybil.parse(path)


def line_matches(expected: str, actual: str) -> bool:
    """``actual`` is ``expected`` with each ``…`` standing for any text; spaces are loose."""
    pieces = [re.escape(" ".join(part.split())) for part in expected.split(ELLIPSIS)]
    pattern = ".*".join(pieces).replace(r"\ ", r"\s+")
    return re.fullmatch(pattern, " ".join(actual.split())) is not None


def output_matches(expected: list[str], actual: list[str]) -> bool:
    """Every shown line matches in order; a line of ``…`` alone stands for any lines."""
    want = [line for line in expected if line.strip()]
    got = [line for line in actual if line.strip()]

    @functools.cache
    def match(i: int, j: int) -> bool:
        if i == len(want):
            return j == len(got)
        if want[i].strip() == ELLIPSIS:
            return any(match(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and line_matches(want[i], got[j]) and match(i + 1, j + 1)

    return match(0, 0)


#: How long one command may take (a launch runs to its first stop; `dapcli test` builds Go tests).
COMMAND_TIMEOUT_S = 90.0


def run_command(command: Command, cwd: Path, env: dict[str, str]) -> tuple[int, list[str], Path]:
    """Run one command with bash in ``cwd``; return its exit code, its output lines and the
    directory it ended in (a ``cd`` carries over)."""
    where = cwd / ".." / f".pwd-{os.getpid()}"
    script = f"{command.text}\n__rc=$?\npwd > {shlex.quote(str(where))}\nexit $__rc\n"
    done = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT_S)
    after = Path(where.read_text().strip()) if where.exists() else cwd
    return done.returncode, done.stdout.decode("utf-8", "replace").splitlines(), after


def evaluate(example: object) -> str | None:
    """Sybil's evaluator of a session: run each command in the sandbox the test put in the
    document's namespace; return what differs (sybil fails the example with it)."""
    session: Session = example.parsed  # type: ignore[attr-defined]
    namespace = example.namespace  # type: ignore[attr-defined]
    cwd: Path = namespace["root"]
    env: dict[str, str] = namespace["env"]
    for command in session.commands:
        code, lines, cwd = run_command(command, cwd, env)
        shown = "\n".join(f"    {line}" for line in lines)
        if code != command.exit_code:
            return (f"line {command.line}: `{command.text}` exited {code}, "
                    f"expected {command.exit_code}; it printed:\n{shown}")
        if not output_matches(command.expected, lines):
            want = "\n".join(f"    {line}" for line in command.expected)
            return f"line {command.line}: `{command.text}` printed:\n{shown}\nthe page shows:\n{want}"
    return None
