"""A stop state's output chunk longer than the stop keeps is cut at its start with a marker
that says how much was left out (``dapcli output`` has it whole), never silently."""

from __future__ import annotations

from types import SimpleNamespace

from dapcli.calls import phrase
from dapcli.engine.output import OutputBuffer
from dapcli.frontends.mcp.tools import MCP_WORDS
from dapcli.verbs.shared.phrasing import CLI
from dapcli.verbs.shared.stop.stopstate import MAX_STOP_OUTPUT, output_since


def test_a_long_chunk_is_cut_with_a_marker() -> None:
    buffer = OutputBuffer()
    buffer.append("stdout", "y" * (MAX_STOP_OUTPUT + 500) + "END\n")
    kept, dropped = output_since(SimpleNamespace(output=buffer), 0)  # type: ignore[arg-type]
    assert dropped == 0 and len(kept) == 1
    assert phrase(kept[0].output, CLI).startswith("[… 504 characters before; `dapcli output` has them] ")
    assert phrase(kept[0].output, MCP_WORDS).startswith("[… 504 characters before; `output` has them] ")
    assert kept[0].output.endswith("END\n")
