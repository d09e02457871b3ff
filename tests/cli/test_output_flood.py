"""A program that prints far more than the buffer holds (20 MB of lines, one 64 MB line): `output`
shows a bounded tail with a note of what it left out, the text views say how many chunks the
buffer dropped, and `status` still answers. (debugpy's launcher sends the 64 MB line in 4 KiB
reads; one huge chunk is injected in tests/contract/test_hostile_adapter.py.)"""

from __future__ import annotations

import pytest
from conftest import Cli

#: The flood passes 84 MB through debugpy: on a loaded machine its launch and reads take their
#: own bounds (below), which add up to more than the suite's default timeout.
pytestmark = pytest.mark.timeout(600)

#: What `output` shows at most without `--all` (characters), and a chunk's cap when buffered.
DISPLAY = 256 * 1024
CHUNK_CAP = 1024 * 1024


def _launch(dc: Cli) -> str:
    run = dc.launch("flood.py", "flooded", timeout=180.0)
    data = dc.wait_output("flood done", timeout=120.0)
    assert "flood done" in "".join(c["output"] for c in data["chunks"]), data["chunks"][-3:]
    return run.out


def test_a_flood_is_bounded_marked_and_counted(dc: Cli) -> None:
    stop_text = _launch(dc)
    assert "stopped" in stop_text.lower() and "flood.py" in stop_text
    assert "earlier chunks (" in stop_text and "bytes) were dropped from the buffer" in stop_text, stop_text[-2000:]

    data = dc.json("output", timeout=60.0)
    shown = sum(len(c["output"]) for c in data["chunks"])
    assert 0 < shown <= DISPLAY
    assert data["omitted"] > 0 and data["omittedBytes"] > 0
    assert data["dropped"] > 0 and data["droppedBytes"] >= 8 * 1024 * 1024 - CHUNK_CAP

    # `--all` gives every chunk the buffer holds, each at most the cap it was buffered with
    everything = dc.json("output", "--all", "--raw", timeout=60.0)
    assert everything["omitted"] == 0 and len(everything["chunks"]) > len(data["chunks"])
    assert max(len(c["output"]) for c in everything["chunks"]) < CHUNK_CAP + 100

    text = dc.run("output", timeout=60.0).out
    assert len(text) <= DISPLAY + 2000
    assert f"… {data['dropped']} earlier chunks ({data['droppedBytes']} bytes) were dropped from the buffer" in text
    assert f"… {data['omitted']} earlier chunks ({data['omittedBytes']} bytes) not shown; " \
           "`dapcli output --all` shows them" in text
    assert text.rstrip().endswith("flood done")


def test_status_answers_after_a_flood_and_says_what_was_dropped(dc: Cli) -> None:
    _launch(dc)
    status = dc.json("status", timeout=60.0)  # a bounded wait: it must answer, however loaded
    assert status["state"] == "stopped"
    assert status["outputDropped"] > 0 and status["outputDroppedBytes"] > 0
    text = dc.run("status", timeout=60.0).out
    assert (f"{status['outputDropped']} earlier chunks ({status['outputDroppedBytes']} bytes) "
            "were dropped from the buffer") in text
