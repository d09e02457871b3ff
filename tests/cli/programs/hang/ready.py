"""Tell the test when threads really wait: each is asleep in the kernel at the line marked
``# @MARKER`` of its innermost frame (read from the frames and /proc, never a fixed sleep)."""

import re
import sys
import threading
import time


def line_of(path: str, marker: str) -> int:
    with open(path, encoding="utf-8") as source:
        for number, text in enumerate(source, 1):
            if re.search(r"#\s*@" + re.escape(marker) + r"(?!\w)", text):
                return number
    raise LookupError(marker)


def _asleep(thread: threading.Thread, path: str, line: int) -> bool:
    frame = sys._current_frames().get(thread.ident)
    while frame is not None and frame.f_code.co_filename != path:
        frame = frame.f_back
    if frame is None or frame.f_lineno != line:
        return False
    with open(f"/proc/self/task/{thread.native_id}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "S"


def announce_when_waiting(path: str, waits: dict[threading.Thread, str], message: str) -> None:
    """Print ``message`` once every thread of ``waits`` sleeps at its marked line of ``path``."""
    lines = {thread: line_of(path, marker) for thread, marker in waits.items()}
    while not all(_asleep(thread, path, line) for thread, line in lines.items()):
        time.sleep(0.01)
    print(message, flush=True)
