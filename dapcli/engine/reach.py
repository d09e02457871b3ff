"""Breakpoints that can never hit: verified by the adapter in a file the program never loaded.

debugpy (and js-debug) verify a breakpoint in any file, loaded or not; when the program runs
elsewhere (a container, another host) and a path mapping is missing, such a breakpoint is
"verified" and silently never hit. After the program ran past module loading (it stopped, or
it ended), a breakpoint whose file the adapter never reported (frames, ``modules``,
``loadedSources``: :attr:`PathMapper.seen`) is flagged once, with the ``--map`` to add when a
loaded file of the same name shows where the program's files are. The warning belongs to the
stop (or end) where it was flagged: every view of that stop repeats it, so it does not matter
whether ``attach`` or a later ``wait`` reported the stop first.

Only sessions whose files may live elsewhere are checked: attached ones and ones with mappings.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.session import Session
from dapcli.errors import DapcliError

__all__ = ["absent_file_warnings", "nearest_file", "never_hit_warnings", "started_from", "suggest_mapping",
           "unverified_warnings"]

#: Most directory entries read when looking for the file a missing one was meant to be.
_SCAN_LIMIT = 5000


def _checked(session: Session) -> bool:
    return session.request_kind == "attach" or bool(session.path_mapper)


def _candidates(session: Session) -> list[BreakpointEntry]:
    mapper = session.path_mapper
    return [e for e in session.book.entries.values()
            if e.path and e.verified and e.id not in mapper.warned and e.path not in mapper.seen]


async def _load_modules(session: Session) -> None:
    """Ask for the loaded modules/sources once per stop (the mapper records their paths)."""
    for capability, command in (("supportsLoadedSourcesRequest", "loadedSources"),
                                ("supportsModulesRequest", "modules")):
        if session.supports(capability):
            with contextlib.suppress(DapcliError):
                await session.request(command, {} if command == "modules" else None, timeout=5.0)


async def never_hit_warnings(session: Session, relative: Any = os.path.relpath) -> list[str]:
    """The never-hit warnings of the current stop or end: one per breakpoint, flagged at the
    first view of the first stop (or the end) that shows it, and repeated by every later view of
    that same stop (``attach`` may report a stop that ``wait`` reports again). At a stop this may
    send ``loadedSources``/``modules``."""
    generation = session.generation
    mapper = session.path_mapper
    earlier = list(mapper.flagged[1]) if mapper.flagged[0] == generation else []
    fresh = await _flag(session, relative)
    if fresh:
        mapper.flagged = (generation, earlier + fresh)
    return earlier + fresh


async def _flag(session: Session, relative: Any) -> list[str]:
    """Warnings for the breakpoints newly found never hit (each is flagged once per session)."""
    if not _checked(session) or session.generation == 0 or not _candidates(session):
        return []
    if not session.ended and session.last_stop is not None:
        await _load_modules(session)
    flagged = _candidates(session)
    if not flagged:
        return []
    if not session.ended and not session.path_mapper.seen:
        return []  # nothing known about what the program loaded yet
    warnings = []
    for entry in flagged:
        session.path_mapper.warned.add(entry.id)
        where = f"{relative(entry.path)}:{entry.actual_line or entry.line}"
        text = (f"breakpoint {entry.id} at {where} can never be hit: the program has not loaded "
                f"{relative(entry.path)}")
        suggestion = suggest_mapping(entry.path or "", session.path_mapper.seen)
        started = started_from(entry.path or "", session.path_mapper.seen)
        if suggestion:
            text += f" (it runs {suggestion[0]}); add --map {suggestion[1]}"
        elif started:  # only argv[0] known (debugpy's process name): the folder it is relative to is not
            text += (f" (it runs {started[0]}, relative to the folder it was started in); "
                     f"add --map REMOTE={started[1]} with REMOTE that folder's absolute path")
        else:
            text += "; if the program runs elsewhere (a container, another host), add --map REMOTE=LOCAL"
        warnings.append(text)
    return warnings


def absent_file_warnings(session: Session, relative: Any = os.path.relpath) -> list[str]:
    """At the program's end, one line per breakpoint that never bound because its file is not
    on this machine (``order.py`` typed for ``orders.py``), with the nearest file of the
    program's folders; for launched sessions without mappings (the others: :func:`never_hit_warnings`)."""
    if _checked(session) or not session.ended:
        return []
    lines = []
    for entry in session.book.entries.values():
        if not entry.path or os.path.exists(entry.path):  # a file not here is never loaded by a local program
            continue
        shown = relative(entry.path)
        text = f"breakpoint {entry.id} at {shown}:{entry.line} never bound: there is no {shown}"
        near = nearest_file(entry.path, _program_dirs(session))
        lines.append(text + (f" (did you mean {relative(near)}?)" if near else ""))
    return lines


def _program_dirs(session: Session) -> list[str]:
    options = session.launch_options
    found = []
    for place in (getattr(options, "program", None), getattr(options, "cwd", None)):
        if isinstance(place, str) and place:
            folder = place if os.path.isdir(place) else os.path.dirname(os.path.abspath(place))
            found.append(folder)
    return found


def nearest_file(path: str, folders: list[str]) -> str | None:
    """The existing file whose name is closest to ``path``'s (difflib ratio ≥ 0.6),
    looked for in ``path``'s own folder and ``folders`` (at most :data:`_SCAN_LIMIT` entries
    each); None when nothing is close."""
    import difflib

    names: dict[str, str] = {}
    for folder in dict.fromkeys([os.path.dirname(path), *folders]):
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for count, item in enumerate(entries):
                if count >= _SCAN_LIMIT:
                    break
                with contextlib.suppress(OSError):
                    if item.is_file():
                        names.setdefault(item.name, item.path)
    # a name with the same suffix is compared by its stem (".py" alone made "nothere.py" close to
    # "secret.py"), any other by its whole name ("main.c" is close to "main.c.orig")
    typed = os.path.basename(path)
    wanted, suffix = os.path.splitext(typed)
    best, score = None, 0.6
    for name in names:
        same = bool(suffix) and name.endswith(suffix)
        ratio = difflib.SequenceMatcher(None, wanted if same else typed, name[:-len(suffix)] if same else name).ratio()
        if ratio >= score and (best is None or ratio > score):
            best, score = name, ratio
    return names[best] if best else None


def unverified_warnings(session: Session) -> list[str]:
    """One line for the breakpoints the adapter refused in a session whose files may live
    elsewhere (gdb: "No source file named …"): add (or check) ``--map``; each id once."""
    if not _checked(session):
        return []
    warned = session.path_mapper.warned
    ids = [e.id for e in session.book.entries.values()
           if e.path and not e.verified and e.message and e.id not in warned]
    if not ids:
        return []
    warned.update(ids)
    what = "add --map REMOTE=LOCAL" if not session.path_mapper else "check your --map"
    listed = ", ".join(map(str, ids))
    return [f"breakpoint{'s' if len(ids) > 1 else ''} {listed} not verified: if the program was built or runs "
            f"elsewhere (a container, another host), {what}"]


def _absolute(path: str) -> bool:
    """True for ``/x``, ``C:\\x``, ``C:/x`` and ``\\\\host\\x`` (a remote side may be Windows)."""
    return path.startswith(("/", "\\\\")) or (len(path) > 2 and path[0].isalpha() and path[1] == ":"
                                                and path[2] in "\\/")


def suggest_mapping(local: str, seen: set[str]) -> tuple[str, str] | None:
    """(the loaded file, ``REMOTE=LOCAL``) for a loaded file with an absolute path that ends like
    ``local`` with the longest common tail, or None. A relative path (debugpy's process name is
    ``argv[0]`` as typed) never makes the remote side: it is relative to a folder not known here."""
    best: tuple[int, str] | None = None
    mine = local.replace("\\", "/").split("/")
    for path in sorted(seen):
        if not _absolute(path):
            continue
        theirs = path.replace("\\", "/").split("/")
        common = 0
        while common < min(len(mine), len(theirs)) - 1 and mine[-1 - common] == theirs[-1 - common]:
            common += 1
        if common and path != local and (best is None or common > best[0]):
            best = (common, path)
    if best is None:
        return None
    common, path = best
    theirs = path.replace("\\", "/").split("/")
    remote_root = "/".join(theirs[:-common]) or "/"
    local_root = "/".join(mine[:-common]) or "/"
    return path, f"{remote_root}={local_root}"


def started_from(local: str, seen: set[str]) -> tuple[str, str] | None:
    """(the relative loaded path, the local folder it is relative to) for the longest relative
    path of ``seen`` that all of ``local`` ends with (``app/prog.py`` of ``/me/co/app/prog.py``:
    ``/me/co``), or None."""
    mine = local.replace("\\", "/").split("/")
    found: tuple[int, str] | None = None
    for path in sorted(seen):
        theirs = [part for part in path.replace("\\", "/").split("/") if part not in ("", ".")]
        if _absolute(path) or not theirs or len(theirs) >= len(mine) or ".." in theirs:
            continue
        if mine[-len(theirs):] == theirs and (found is None or len(theirs) > found[0]):
            found = (len(theirs), path)
    if found is None:
        return None
    return found[1], "/".join(mine[:-found[0]]) or "/"
