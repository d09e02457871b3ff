"""Cold commands answered without the app: help, version, completion words, sessions, status.

Standard library only (plus :mod:`dapcli.dispatch.sessionfile`/``remote``). Help texts and the
command tree (:mod:`~dapcli.frontends.cli.shape`) come from ``shape.json``, generated from the typer app by
:mod:`dapcli.frontends.cli.shapegen` and kept current by ``tests/unit/test_cli_shape.py``.
Every function returns an exit code, or ``None`` when the full app must answer instead.
"""

from __future__ import annotations

import json
import os
import re
import sys

from dapcli.escapes import json_text
from dapcli.frontends.cli.shape import load_shape

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any


__all__ = ["Resolved", "answer", "complete_words", "load_shape", "resolve"]

_HERE = os.path.dirname(__file__)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _help_texts() -> dict[str, Any]:
    with open(os.path.join(_HERE, "help.json"), encoding="utf-8") as handle:
        return json.load(handle)["help"]  # type: ignore[no-any-return]


class Resolved:
    """A command line split into global options, the command path and the words after it."""

    def __init__(self) -> None:
        self.session: str | None = None
        self.json = False
        self.help = False
        self.version = False
        self.path: list[str] = []  # e.g. ["break", "add"]; [] for the root
        self.typed: list[str] = []  # the words as typed (an alias stays an alias)
        self.rest: list[str] = []
        self.entry: dict[str, Any] | None = None  # the shape of the command (None: root)


def resolve(argv: list[str]) -> Resolved | None:
    """Walk ``argv`` through the shape; None when it leaves what the shape knows."""
    shape = load_shape()
    found = Resolved()
    index = 0
    while index < len(argv) and argv[index].startswith("-"):
        word = argv[index]
        if word in ("--session", "-S") and index + 1 < len(argv):
            found.session = argv[index + 1]
            index += 1
        elif word.startswith("--session="):
            found.session = word.split("=", 1)[1]
        elif word in ("--help", "-h"):
            found.help = True
        elif word == "--version":
            found.version = True
        elif word == "--json":
            found.json = True
        elif word != "--debug":
            return None
        index += 1
    if index == len(argv):
        return found
    word = argv[index]
    commands = shape["commands"]
    if word in commands:
        found.path, found.entry = [word], commands[word]
    elif word in shape["aliases"]:
        found.path = shape["aliases"][word].split()
        found.entry = commands[found.path[0]]
        for part in found.path[1:]:
            found.entry = found.entry["commands"][part]
    else:
        return None
    found.typed = [word]
    index += 1
    if "commands" in found.entry and index < len(argv) and not argv[index].startswith("-"):
        sub = found.entry["commands"].get(argv[index])
        if sub is None:
            return None
        found.path.append(argv[index])
        found.typed.append(argv[index])
        found.entry = sub
        index += 1
    found.rest = argv[index:]
    before_dashes = found.rest[: found.rest.index("--")] if "--" in found.rest else found.rest
    if "--help" in before_dashes or "-h" in before_dashes:
        found.help = True
    for position, word in enumerate(before_dashes):
        if word in ("--session", "-S") and position + 1 < len(before_dashes):
            found.session = before_dashes[position + 1]
        elif word.startswith("--session="):
            found.session = word.split("=", 1)[1]
        elif word == "--json":
            found.json = True
    return found


def _color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def _help(found: Resolved) -> int | None:
    """Print the generated help of the command (exit 0), or of a bare group / bare ``dapcli`` (exit 2)."""
    key = " ".join(found.path)
    entry = _help_texts().get(key)
    if entry is None:
        return None
    text = entry["text"]
    if found.typed and found.typed[0] != found.path[0]:  # an alias: its own usage line
        lines = text.split("\n")
        usage = next(n for n, line in enumerate(lines) if f"dapcli {key} " in line)
        pad = " " * max(0, len(key) - len(found.typed[0]))
        lines[usage] = lines[usage].replace(f"dapcli {key} ", f"dapcli {found.typed[0]} ", 1) + pad
        text = "\n".join(lines)
    sys.stdout.write(text if _color() else _ANSI.sub("", text))
    return 0 if found.help else 2


def answer(argv: list[str]) -> int | None:
    """Answer ``argv`` here when it is help, ``version``/``--version``, ``completion SHELL``,
    ``sessions`` or a session verb with no such session; else None (the full app runs it)."""
    found = resolve(argv)
    if found is None:
        return None
    if found.version or (found.path == ["version"] and not found.help):
        from dapcli import __version__

        sys.stdout.write(f"dapcli {__version__}\n")
        return 0
    if found.help or not found.path or "commands" in (found.entry or {}):
        return _help(found)
    command = found.path[0]
    if command == "completion" and len(found.rest) == 1:
        from dapcli.frontends.cli.completion import SHELLS, script

        if found.rest[0] in SHELLS:
            sys.stdout.write(script(found.rest[0]))
            return 0
        return None
    if command == "sessions" and all(word == "--json" for word in found.rest):
        return _sessions(found.json)
    if command == "adapters" and all(word == "--json" for word in found.rest):
        return _adapters(found.json)
    return None


def _adapters(as_json: bool) -> int:
    """``dapcli adapters`` from :func:`dapcli.dispatch.adapterlist.describe_all` (what the verb
    reports), rendered as ``dapcli.render.render_adapters`` does (a test compares them)."""
    from dapcli.dispatch.adapterlist import describe_all
    from dapcli.errors import DapcliError

    try:
        infos = describe_all(os.getcwd())
    except DapcliError as exc:
        sys.stderr.write(f"error: {exc.message}\n" + (f"hint: {exc.hint}\n" if exc.hint else ""))
        return exc.exit_code
    if as_json:
        rows = [{_camel(k): v for k, v in info.items() if v is not None} for info in infos]
        data = json.dumps({"schemaVersion": 1, "adapters": rows}, indent=2, ensure_ascii=False)
        sys.stdout.write(json_text(data) + "\n")
        return 0
    sys.stdout.write(adapters_text(infos, _terminal()))
    return 0


def adapters_text(infos: list[dict[str, Any]], term: dict[str, Any]) -> str:
    """The ``adapters`` table as the full app prints it (rich, at the terminal's width):
    rendered by :mod:`dapcli.frontends.cli.texttable` without rich wherever that is exact."""
    from dapcli.frontends.cli import texttable

    header = ["adapter", "for", "found", "version", "path / install hint"]
    rows = [[(a["name"], None), (a["description"], None), ("yes", None) if a["found"] else ("no", "31"),
             (a["version"] or "", None), ((a["path"] if a["found"] else a["install_hint"]) or "", None)]
            for a in infos]
    notes = [(f"warning: {a['warning']}", "33") for a in infos if a["warning"]]
    text = texttable.render(header, rows, notes, width=int(term["width"]), color=bool(term["color"]),
                            tty=bool(term["tty"]))
    return text if text is not None else _rich_adapters_text(infos, term)


def _rich_adapters_text(infos: list[dict[str, Any]], term: dict[str, Any]) -> str:
    import io

    from rich.console import Console, Group
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("adapter", "for", "found", "version", "path / install hint"):
        table.add_column(column, overflow="fold")  # as render_adapters: a long word wraps, never cut
    for a in infos:
        where = a["path"] if a["found"] else (a["install_hint"] or "")
        table.add_row(a["name"], Text(a["description"]), "yes" if a["found"] else Text("no", style="red"),
                      Text(a["version"] or ""), Text(where or ""))
    warnings = [Text(f"warning: {a['warning']}", style="yellow") for a in infos if a["warning"]]
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=bool(term["color"]), no_color=not term["color"],
                      width=int(term["width"]), highlight=False, emoji=False, soft_wrap=not term["tty"])
    console.print(Group(table, *warnings) if warnings else table)
    return buffer.getvalue()


def _terminal() -> dict[str, Any]:
    tty = sys.stdout.isatty()
    return {"tty": tty, "color": _color(),
            "width": os.get_terminal_size().columns if tty else int(os.environ.get("COLUMNS", "120"))}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _sessions(as_json: bool) -> int:
    """``dapcli sessions`` from the session files (as the ``sessions`` verb reports hosted ones)."""
    from dapcli.dispatch import sessionfile
    from dapcli.dispatch.remote import host_state

    # as dapcli.dispatch.router.hosted_sessions: a host that does not answer a ping is "not answering"
    rows = [{"name": s.name, "state": host_state(s), "adapter": s.adapter,
             "program": s.program, "hostPid": s.pid, "hosted": True} for s in sessionfile.list_sessions()]
    if as_json:
        data = json.dumps({"schemaVersion": 1, "sessions": rows}, indent=2, ensure_ascii=False)
        sys.stdout.write(json_text(data) + "\n")
        return 0
    if not rows:
        sys.stdout.write("No sessions. Start one with: dapcli launch PROGRAM\n")
        return 0
    from dapcli.escapes import escape_cell

    cwd = os.getcwd()
    table = [["session", "state", "adapter", "program"]]
    table += [[escape_cell(str(cell)) for cell in (r["name"], r["state"], r["adapter"] or "",
                                                   _short_path(r["program"], cwd) if r["program"] else "")]
              for r in rows]
    sys.stdout.write(plain_table(table, bold_header=_color()))
    return 0


def plain_table(rows: list[list[str]], bold_header: bool = False) -> str:
    """Rows as rich prints a ``Table(box=None, pad_edge=False)``: columns two spaces apart,
    trailing blanks kept to the last column's width (tests compare the two)."""
    widths = [max(len(row[col]) for row in rows) for col in range(len(rows[0]))]
    lines = []
    for number, row in enumerate(rows):
        line = "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        if number == 0 and bold_header:
            line = "  ".join(f"\x1b[1m{cell.ljust(width)}\x1b[0m" for cell, width in zip(row, widths, strict=True))
        lines.append(line.rstrip() if not bold_header else line)
    return "\n".join(lines) + "\n"


def _short_path(path: str, cwd: str) -> str:
    try:
        rel = os.path.relpath(path, cwd)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def complete_words(kind: str, session: str | None) -> list[str]:
    """Words for Tab completion of ``kind`` (``session``, ``breakpoint``, ``thread``, ``frame``,
    ``frame-index``, ``variable``, ``expression``) from the live session; [] when there is none."""
    from dapcli.dispatch import remote, sessionfile
    from dapcli.errors import DapcliError

    try:
        if kind == "session":
            return [s.name for s in sessionfile.list_sessions()]
        name = sessionfile.session_name(session)
        if sessionfile.read(name) is None:
            return []
        with remote.connect(name) as client:
            return _words(client, kind)
    except (DapcliError, OSError, KeyError, TypeError, ValueError):
        return []


def _words(client: Any, kind: str) -> list[str]:
    if kind == "breakpoint":
        return [str(b["id"]) for b in client.call("listBreakpoints")["breakpoints"] if b.get("id") is not None]
    if kind == "thread":
        return [str(t["id"]) for t in client.call("threads")["threads"]]
    if kind in ("frame", "frame-index"):
        frames = client.call("stackTrace")["frames"]
        return [str(f["index"] if kind == "frame-index" else f["id"]) for f in frames]
    if kind in ("variable", "expression"):
        return [v["name"] for v in client.call("variables")["variables"]]
    return []
