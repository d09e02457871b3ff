"""Source text that is not a file on the user's disk: the DAP ``source`` request.

A frame whose ``source`` has a ``sourceReference`` > 0 (code made by ``exec``/``eval``,
decompiled or remote-only sources) is fetched from the adapter and cached for the stop (the
reference is valid only until the program resumes).
"""

from __future__ import annotations

import os

from dapcli.engine.session import Session
from dapcli.engine.sourcefiles import read_lines
from dapcli.errors import UsageError
from dapcli.files import split_lines
from dapcli.protocol import types as t

__all__ = ["frame_source_lines", "reference_lines"]

async def reference_lines(session: Session, reference: int, path: str | None = None) -> list[str]:
    """The lines of source ``reference`` (DAP ``source``), cached until the program resumes.

    Raises:
        RequestError: the adapter has no such source.
    """
    cached = session.at_stop.sources
    if reference not in cached:
        body = await session.request("source", t.SourceArguments(
            source=t.Source(path=path, sourceReference=reference), sourceReference=reference), t.SourceResponse)
        cached[reference] = split_lines(body.content)
    return cached[reference]


async def frame_source_lines(session: Session, path: str | None, reference: int | None, name: str | None = None,
                             line: int | None = None) -> list[str]:
    """A frame's source lines: the local file at ``path``, else the adapter's ``reference``.
    ``line``: the frame's line (it has line info; only the file may be missing).

    Raises:
        UsageError: neither (one line that says why: no file here, no source from the adapter).
    """
    if path and os.path.isfile(path):
        return read_lines(path)
    if reference and path and os.path.isabs(path) and session.adapter.name == "python":
        # debugpy answers a file it cannot read with code decompiled from the bytecode: not the file
        raise UsageError(f"no source for {path}: the file is not there any more (moved or deleted after the "
                         "program loaded it); the adapter offers only code decompiled from the bytecode",
                         "put the file back to list it; `dapcli stack` and `dapcli vars` still work")
    if reference:
        return await reference_lines(session, reference, path)
    if path and os.path.isabs(path) and session.adapter.name == "python" and session.request_kind == "launch":
        # launched here, so the program loaded it from this machine (the stop's frames predate the move)
        raise UsageError(f"no source for {path}: the file is not there any more (moved or deleted after the "
                         "program loaded it)", "put the file back to list it; `dapcli stack` and `dapcli vars` "
                         "still work")
    shown = path or name or "this frame"
    if path and os.path.isabs(path) and not session.path_mapper.mappings:
        raise UsageError(f"no source for {shown}: the file is not on this machine",
                         "if the program runs elsewhere (a container, another host), add --map REMOTE=LOCAL")
    if path and os.path.isabs(path):
        raise UsageError(f"no source for {shown}: the file is not on this machine and no --map covers it",
                         "add a --map REMOTE=LOCAL for its directory")
    if path and line:  # line info, but the file is elsewhere (a library's source: not installed)
        raise UsageError(f"no source for {shown}: the file is not on this machine (the frame has line info: "
                         f"{os.path.basename(path)}:{line})",
                         "see the machine code with `dapcli disassemble`, or return to the caller with "
                         "`dapcli finish`")
    raise UsageError(f"no source for {shown}: no file, and the adapter has no source text for it",
                     "it has no debug line info (built without -g?); see the machine code with `dapcli disassemble`")
