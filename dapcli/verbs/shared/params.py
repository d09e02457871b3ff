"""Parameter types that verbs of several families take: a thread, a frame, a timeout, a
length to cut values at."""

from __future__ import annotations

from typing import Annotated

from dapcli.verbs.registry import Param

__all__ = ["TIMEOUT_HELP", "FrameId", "MaxLength", "ThreadId", "Timeout"]


TIMEOUT_HELP = "seconds to wait for a stop (then: status running)"
ThreadId = Annotated[int | None, Param(help="thread to step (default: the stopped one)", complete="thread")]
Timeout = Annotated[float, Param(help=TIMEOUT_HELP)]


FrameId = Annotated[int | None, Param(help="DAP frameId (default: the selected frame; see `stack`)",
                                      complete="frame")]
MaxLength = Annotated[int, Param(help="cut values after this many characters (0: never)")]
